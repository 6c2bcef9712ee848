import { useEffect, useState } from "react";
import {
  type Failure,
  failureOf,
  type GuestBooking,
  loadGuestBooking,
} from "../api/guest-booking-api.ts";
import { whenLabel } from "../lib/when-label.ts";

/** The guest's booking, seen again through their link: when, and whether it still stands. */
export function GuestBookingView(props: {
  slug: string;
  id: string;
  bookingKey: string;
  zone: string;
  onBookAnother: () => void;
}) {
  const [state, setState] = useState<
    | { kind: "loading" }
    | { kind: "ready"; booking: GuestBooking }
    | { kind: "failed"; failure: Failure }
  >({ kind: "loading" });
  useEffect(() => {
    let live = true;
    setState({ kind: "loading" });
    loadGuestBooking({ slug: props.slug, id: props.id, key: props.bookingKey }).then(
      (booking) => live && setState({ kind: "ready", booking }),
      (err: unknown) => live && setState({ kind: "failed", failure: failureOf(err) }),
    );
    return () => {
      live = false;
    };
  }, [props.slug, props.id, props.bookingKey]);

  if (state.kind === "loading")
    return (
      <p role="status" className="text-stone-700">
        Loading your booking…
      </p>
    );
  if (state.kind === "failed")
    return (
      <div role="alert" className="space-y-3 text-stone-800">
        <h1 className="text-2xl font-bold text-stone-900">Your booking</h1>
        <p>
          {state.failure.status === 404
            ? "This booking can't be found. Check that the link is complete."
            : state.failure.message}
        </p>
      </div>
    );
  const { booking } = state;
  const cancelled = booking.status === "cancelled";
  return (
    <section aria-labelledby="booking-heading">
      <h1 id="booking-heading" className="text-2xl font-bold text-stone-900">
        Your booking
      </h1>
      <p
        className={`mt-3 inline-block rounded-full px-3 py-1 text-sm font-semibold ${
          cancelled ? "bg-red-50 text-red-800" : "bg-sage-100 text-sage-900"
        }`}
      >
        {cancelled ? "Cancelled" : "Confirmed"}
      </p>
      <p className="mt-3 text-lg text-stone-900 [overflow-wrap:anywhere]">
        {booking.title}
        {booking.hostName ? ` with ${booking.hostName}` : ""}
      </p>
      <p className={`mt-1 text-stone-800 ${cancelled ? "line-through" : ""}`}>
        {whenLabel(booking.start, booking.end, { zone: props.zone })}
      </p>
      <p className="text-sm text-stone-600">Times in your zone, {props.zone}</p>
      {cancelled ? (
        <p className="mt-4 text-stone-800">
          {booking.hostName || "The host"} cancelled this booking. The time is no longer held for
          you.
        </p>
      ) : null}
      <button
        type="button"
        onClick={props.onBookAnother}
        className="mt-6 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100"
      >
        {cancelled ? "Pick a new time" : "Book another time"}
      </button>
    </section>
  );
}
