import { useEffect, useRef } from "react";
import type { PlanResponse } from "../../../../core/contract/tasks.ts";
import { Button } from "../../../components/button.tsx";
import type { Proposed } from "../api/use-plan-week.ts";
import { formatDay, formatTimeRange } from "../lib/describe-task.ts";
import { proposalKey } from "../lib/proposed-events.ts";

type Props = {
  proposal: PlanResponse;
  /** Keys (proposalKey) of the new blocks the person threw back. */
  thrown: ReadonlySet<string>;
  titles: ReadonlyMap<string, string>;
  zone: string;
  online: boolean;
  busy: boolean;
  error: string | null;
  onToggle: (block: Proposed) => void;
  onAccept: () => void;
  onDiscard: () => void;
};

/**
 * A proposed plan, before anything is written: each new block with why it is there, to keep
 * or throw back one by one, then added in one step (thrown-back times are never proposed
 * again for that task; Sage finds it other time). Blocks already in the calendar that the
 * proposal keeps are counted, not listed. Focus moves to its heading when it appears.
 */
export function PlanProposal(p: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const fresh = [...p.proposal.placed]
    .filter((b) => !b.kept)
    .sort((a, b) => a.start.localeCompare(b.start));
  const keeping = p.proposal.placed.length - fresh.length;
  const adding = fresh.filter((b) => !p.thrown.has(proposalKey(b))).length;
  const title = (id: string) => p.titles.get(id) ?? "A task";
  return (
    <section
      aria-labelledby="plan-proposal-heading"
      className="mt-4 border-l-4 border-dashed border-amber-600 pl-3 sm:pl-4"
    >
      <h4
        id="plan-proposal-heading"
        ref={heading}
        tabIndex={-1}
        className="font-semibold text-stone-900 outline-none"
      >
        {fresh.length > 0 ? "Proposed plan — nothing new is written yet" : "Nothing new to propose"}
      </h4>
      {fresh.length === 0 ? (
        <p className="mt-2 text-sm text-stone-800">
          {keeping > 0
            ? "Your calendar already holds this plan: nothing new to add."
            : "There's nothing open to plan right now. Add a task first."}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-stone-800">
            Keep the blocks you like; throw back the ones you don't and Sage finds that task another
            time.
            {keeping > 0
              ? ` ${keeping} ${keeping === 1 ? "block stays" : "blocks stay"} where ${keeping === 1 ? "it is" : "they are"}.`
              : ""}
          </p>
          <ul aria-label="Proposed blocks" className="mt-1 divide-y divide-stone-200">
            {fresh.map((b) => {
              const thrown = p.thrown.has(proposalKey(b));
              return (
                <li key={proposalKey(b)} className="py-2 text-sm">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span
                      className={`min-w-0 flex-1 break-words font-semibold ${thrown ? "text-stone-500 line-through" : "text-stone-900"}`}
                    >
                      {title(b.taskId)}
                    </span>
                    <span className="shrink-0 tabular-nums text-stone-700">
                      <span className="whitespace-nowrap">{formatDay(b.start, p.zone)}</span> ·{" "}
                      <span className="whitespace-nowrap">
                        {formatTimeRange(b.start, b.end, p.zone)}
                      </span>
                    </span>
                  </div>
                  <p className="mt-0.5 text-stone-700">{b.why}</p>
                  <button
                    type="button"
                    aria-pressed={thrown}
                    className="mt-1 rounded-lg px-2 py-1 text-sm font-medium text-sage-900 ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-60"
                    disabled={p.busy}
                    onClick={() => p.onToggle(b)}
                  >
                    {thrown ? "Keep it after all" : "Throw back"}
                    <span className="sr-only">
                      {" "}
                      {title(b.taskId)}, {formatDay(b.start, p.zone)}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {p.error ? (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {p.error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {fresh.length > 0 ? (
          <Button disabled={!p.online || p.busy} onClick={p.onAccept}>
            {p.busy
              ? "Adding…"
              : adding === fresh.length
                ? "Accept all"
                : `Accept ${adding} of ${fresh.length}`}
          </Button>
        ) : null}
        <Button variant="secondary" disabled={p.busy} onClick={p.onDiscard}>
          Discard
        </Button>
      </div>
    </section>
  );
}
