import { useState } from "react";
import type { BookingLink } from "../../../../core/contract/booking.ts";
import { Button } from "../../../components/button.tsx";
import { describeLink } from "../lib/describe-link.ts";

/** One link: what it offers, its address to share, and what can be done with it. */
export function LinkCard(props: {
  link: BookingLink;
  busy: boolean;
  onEdit: () => void;
  onPause: (paused: boolean) => void;
  onDelete: () => void;
}) {
  const { link } = props;
  const address = `${window.location.origin}${link.url}`;
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };
  const labelId = `link-${link.id}-title`;
  return (
    <article
      aria-labelledby={labelId}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={labelId} className="min-w-0 font-semibold text-stone-900 [overflow-wrap:anywhere]">
          {link.title}
        </h3>
        {link.paused ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            Paused
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-stone-700">{describeLink(link)}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <a
          href={link.url}
          target="_blank"
          rel="noopener"
          className="min-w-0 max-w-full truncate text-sm text-sage-800 underline"
        >
          {address}
        </a>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={copy} aria-label={`Copy the address of ${link.title}`}>
          {copied === "yes" ? "Copied" : "Copy link"}
        </Button>
        <Button variant="secondary" onClick={props.onEdit} aria-label={`Edit ${link.title}`}>
          Edit
        </Button>
        <Button
          variant="secondary"
          disabled={props.busy}
          onClick={() => props.onPause(!link.paused)}
          aria-label={`${link.paused ? "Resume" : "Pause"} ${link.title}`}
        >
          {link.paused ? "Resume" : "Pause"}
        </Button>
        <Button variant="ghost" onClick={props.onDelete} aria-label={`Delete ${link.title}`}>
          Delete
        </Button>
      </div>
      {copied === "failed" ? (
        <p role="status" className="mt-2 text-sm text-stone-700">
          This browser did not let Sage copy: select the address above and copy it.
        </p>
      ) : null}
    </article>
  );
}
