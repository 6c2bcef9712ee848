import { useState } from "react";
import { feedReach } from "../../../../core/calendar/feed-reach.ts";
import { subscriptionLinks } from "../../../../core/calendar/subscription-links.ts";
import { Button, buttonClass } from "../../../components/button.tsx";
import { inputClass } from "../../../components/field.tsx";
import { useCalendarToken, useRotateCalendarToken } from "../api/use-calendar-token.ts";

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // no clipboard permission: select the text and use the older command
    input?.select();
    return document.execCommand?.("copy") ?? false;
  }
}

/**
 * How to subscribe, truthfully for this feed's address: Google Calendar fetches feeds from
 * Google's servers, so it is promised only when the address is public.
 */
export function subscribeText(feedUrl: string | undefined): string {
  const reach = feedUrl ? feedReach(feedUrl) : "public";
  if (reach === "public")
    return "Subscribe once and Sage's events appear in Google Calendar or Apple Calendar. Google refreshes subscribed calendars only every few hours; the calendar here is instant.";
  const where = reach === "this-computer" ? "on this computer" : "on this network";
  return `A calendar app ${where} (like Apple Calendar) can subscribe to this address. Google Calendar and other cloud calendars cannot reach it: they need Sage at a public address (whoever runs this server sets PUBLIC_URL; see the README).`;
}

/** The feed URL with a copy action, Google / Apple / .ics shortcuts, and a new-link action. */
export function SubscribeCard({ userId, online }: { userId: string; online: boolean }) {
  const token = useCalendarToken(userId, online);
  const rotate = useRotateCalendarToken(userId);
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const [confirmRotate, setConfirmRotate] = useState(false);
  const links = token.data ? subscriptionLinks(token.data.feedUrl) : null;

  return (
    <section
      aria-labelledby="calendar-subscribe-heading"
      className="mt-6 border-t border-stone-200 pt-5"
    >
      <h3 id="calendar-subscribe-heading" className="font-semibold text-stone-900">
        Add to your calendar app
      </h3>
      <p className="mt-1 text-sm text-stone-700">{subscribeText(token.data?.feedUrl)}</p>
      {links ? (
        <>
          <label
            htmlFor="calendar-feed-url"
            className="mt-3 block text-sm font-medium text-stone-800"
          >
            Calendar feed URL
          </label>
          <div className="mt-1 flex flex-wrap gap-2">
            <input
              id="calendar-feed-url"
              readOnly
              value={links.feed}
              className={`${inputClass} min-w-0 flex-1 font-mono text-xs`}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button
              variant="secondary"
              onClick={async () => {
                const input = document.getElementById("calendar-feed-url") as HTMLInputElement;
                setCopied((await copyText(links.feed, input)) ? "copied" : "failed");
              }}
            >
              Copy
            </Button>
          </div>
          <p role="status" className="mt-1 min-h-5 text-sm text-sage-800">
            {copied === "copied"
              ? "Copied!"
              : copied === "failed"
                ? "Select the URL and copy it."
                : ""}
          </p>
          <p className="text-xs text-stone-600">
            Anyone with this link can see these events. Keep it private.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <a
              className={buttonClass("secondary")}
              href={links.google}
              target="_blank"
              rel="noopener noreferrer"
            >
              Google Calendar
            </a>
            <a className={buttonClass("secondary")} href={links.webcal}>
              Apple Calendar
            </a>
            <a
              className={buttonClass("secondary")}
              href={links.download}
              download="sage-recommendations.ics"
            >
              Download .ics
            </a>
          </div>
          <div className="mt-3">
            {confirmRotate ? (
              <fieldset
                aria-label="Confirm new link"
                className="flex flex-wrap items-center gap-2 text-sm"
              >
                <span className="text-stone-800">The current link stops working at once.</span>
                <Button
                  variant="secondary"
                  disabled={rotate.isPending}
                  onClick={() =>
                    rotate.mutate(undefined, { onSettled: () => setConfirmRotate(false) })
                  }
                >
                  Make a new link
                </Button>
                <Button variant="ghost" onClick={() => setConfirmRotate(false)}>
                  Keep this link
                </Button>
              </fieldset>
            ) : (
              <Button variant="ghost" onClick={() => setConfirmRotate(true)}>
                Get a new link
              </Button>
            )}
          </div>
        </>
      ) : token.isError ? (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 text-sm text-red-700">
          {token.error.message}
          <Button variant="secondary" onClick={() => void token.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <p className="mt-3 text-sm text-stone-700">
          {online
            ? "Loading your calendar link..."
            : "Your calendar link appears when you are back online."}
        </p>
      )}
      {rotate.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {rotate.error.message}
        </p>
      ) : null}
    </section>
  );
}
