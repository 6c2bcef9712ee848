import { useEffect, useState } from "react";
import { buttonClass } from "../../../components/button.tsx";
import { type BookAnswer, guestBookingPath } from "../api/guest-booking-api.ts";
import { whenLabel } from "../lib/when-label.ts";

/**
 * The booking is made: when, the .ics to add it to the guest's calendar, and the one link
 * that shows it again (Sage sends no e-mail: the page says to keep the link).
 */
export function BookingConfirmation(props: { slug: string; answer: BookAnswer; zone: string }) {
  const { booking, ics } = props.answer;
  const [icsUrl, setIcsUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([ics], { type: "text/calendar" }));
    setIcsUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [ics]);
  const again = `${window.location.origin}${guestBookingPath(props.slug, booking.id, booking.key)}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(again);
      setCopied(true);
    } catch {
      // no clipboard (an old browser, a denied permission): the link is on screen to copy
      setCopied(false);
    }
  };

  return (
    <section aria-labelledby="booked-heading">
      <h1 id="booked-heading" className="text-2xl font-bold text-stone-900">
        You're booked
      </h1>
      <p className="mt-3 text-lg text-stone-900 [overflow-wrap:anywhere]">
        {booking.title}
        {booking.hostName ? ` with ${booking.hostName}` : ""}
      </p>
      <p className="mt-1 text-stone-800">
        {whenLabel(booking.start, booking.end, { zone: props.zone })}
      </p>
      <p className="text-sm text-stone-600">Times in your zone, {props.zone}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        {icsUrl ? (
          <a href={icsUrl} download="booking.ics" className={buttonClass("primary")}>
            Add to your calendar (.ics)
          </a>
        ) : null}
      </div>
      <div className="mt-8 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
        <h2 className="font-semibold text-stone-900">Your link to this booking</h2>
        <p className="mt-1 text-sm text-stone-700">
          Keep it: it is the only way to see this booking again, and it shows if it is cancelled.
          Anyone with the link can see it.
        </p>
        <a
          href={guestBookingPath(props.slug, booking.id, booking.key)}
          className="mt-3 block break-all text-sm text-sage-800 underline"
        >
          {again}
        </a>
        <button type="button" onClick={copy} className={buttonClass("secondary", "mt-3")}>
          {copied ? "Copied" : "Copy link"}
        </button>
      </div>
    </section>
  );
}
