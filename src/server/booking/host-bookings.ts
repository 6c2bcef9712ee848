import { and, desc, eq } from "drizzle-orm";
import { BOOKING_LIMITS, type Booking } from "../../core/contract/booking.ts";
import { deleteEvent } from "../calendar/delete-event.ts";
import type { Db } from "../db/client.ts";
import { bookingCells, bookingLinks, bookings } from "../db/schema.ts";
import { notFound } from "../errors.ts";

type Row = { booking: typeof bookings.$inferSelect; title: string };

const toBooking = ({ booking: b, title }: Row): Booking => ({
  id: b.id,
  linkId: b.linkId,
  title,
  start: b.startTime.toISOString(),
  end: b.endTime.toISOString(),
  name: b.guestName,
  email: b.guestEmail,
  note: b.note,
  guestZone: b.guestZone,
  status: b.status,
  eventId: b.eventId,
  createdAt: b.createdAt.toISOString(),
});

/** The host's bookings, newest start first (the newest BOOKING_LIMITS.bookingsListed). */
export async function listBookings(db: Db, userId: string): Promise<Booking[]> {
  const rows = await db
    .select({ booking: bookings, title: bookingLinks.title })
    .from(bookings)
    .innerJoin(bookingLinks, eq(bookingLinks.id, bookings.linkId))
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookings.startTime), desc(bookings.id))
    .limit(BOOKING_LIMITS.bookingsListed);
  return rows.map(toBooking);
}

/**
 * The host cancels a booking: its time is free again (its cells go), its event leaves their
 * calendar (and so the write calendar and the feed), and the guest's page shows it cancelled.
 * Idempotent; another person's booking → 404.
 */
export async function cancelBooking(
  db: Db,
  opts: { userId: string; id: string; now: Date },
): Promise<Booking> {
  const row = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ booking: bookings, title: bookingLinks.title })
      .from(bookings)
      .innerJoin(bookingLinks, eq(bookingLinks.id, bookings.linkId))
      .where(and(eq(bookings.id, opts.id), eq(bookings.userId, opts.userId)))
      .for("update", { of: bookings });
    if (!current) throw notFound("No such booking.");
    if (current.booking.status === "cancelled") return current;
    await tx.delete(bookingCells).where(eq(bookingCells.bookingId, opts.id));
    const [updated] = await tx
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: opts.now })
      .where(eq(bookings.id, opts.id))
      .returning();
    if (current.booking.eventId)
      await deleteEvent(tx, { userId: opts.userId, eventId: current.booking.eventId });
    return { booking: updated!, title: current.title };
  });
  return toBooking(row);
}
