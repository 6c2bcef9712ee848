import { useMemo, useState } from "react";
import type { Booking, BookingLink } from "../../../../core/contract/booking.ts";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useBookingMutations, useBookings } from "../api/use-booking-links.ts";
import { whenLabel } from "../lib/when-label.ts";

/** What is still ahead, soonest first: a booking whose end has not passed. */
export function upcoming(bookings: readonly Booking[], now: number): Booking[] {
  return bookings
    .filter((b) => Date.parse(b.end) > now)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/**
 * The bookings ahead, soonest first, in the person's own zone (the browser's): who, when,
 * through which link, and Cancel. A cancelled one stays listed, marked, until its time passes.
 */
export function BookingsList({ links }: { links: BookingLink[] }) {
  const bookings = useBookings();
  const { cancel } = useBookingMutations();
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ahead = useMemo(() => upcoming(bookings.data ?? [], Date.now()), [bookings.data]);

  return (
    <section aria-labelledby="bookings-heading" className="mt-10">
      <h2 id="bookings-heading" className="text-lg font-semibold text-stone-900">
        Upcoming bookings
      </h2>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {bookings.isPending ? (
        <p role="status" className="mt-4 text-stone-700">
          Loading bookings…
        </p>
      ) : bookings.isError ? (
        <p role="alert" className="mt-4 text-stone-800">
          Your bookings could not be loaded: {bookings.error.message}
        </p>
      ) : ahead.length === 0 ? (
        <p className="mt-3 text-sm text-stone-700">
          {links.length === 0
            ? "When someone books a time through one of your links, it shows here and on your calendar."
            : "No one has booked a time yet. Share a link's address: bookings show here and on your calendar."}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-200 rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
          {ahead.map((b) => (
            <BookingRow key={b.id} booking={b} onCancel={() => setCancelling(b)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this booking?"
        description={
          <>
            The time is free again, the event leaves your calendar, and the guest's page shows the
            booking cancelled. Sage sends no e-mail: tell {cancelling?.name ?? "them"} yourself.
          </>
        }
        confirmLabel="Cancel booking"
        backLabel="Keep it"
        onCancel={() => setCancelling(null)}
        onConfirm={() => {
          if (cancelling) {
            setError(null);
            cancel.mutate(cancelling.id, {
              onError: (err) =>
                setError(err instanceof ApiError ? err.message : "The booking was not cancelled."),
            });
          }
          setCancelling(null);
        }}
      />
    </section>
  );
}

function BookingRow({ booking: b, onCancel }: { booking: Booking; onCancel: () => void }) {
  const cancelled = b.status === "cancelled";
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-4">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-stone-900 [overflow-wrap:anywhere]">{b.name}</p>
        <p className={`text-sm text-stone-800 ${cancelled ? "line-through" : ""}`}>
          {whenLabel(b.start, b.end)}
        </p>
        <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">
          {b.title} · {b.email}
          {b.guestZone ? ` · their zone: ${b.guestZone}` : ""}
        </p>
        {b.note ? (
          <p className="mt-1 whitespace-pre-line text-sm text-stone-700 [overflow-wrap:anywhere]">
            “{b.note}”
          </p>
        ) : null}
      </div>
      {cancelled ? (
        <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700">
          Cancelled
        </span>
      ) : (
        <Button
          variant="secondary"
          onClick={onCancel}
          aria-label={`Cancel the booking with ${b.name}`}
        >
          Cancel
        </Button>
      )}
    </li>
  );
}
