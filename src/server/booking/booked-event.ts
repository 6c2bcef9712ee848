import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { bookings } from "../db/schema.ts";
import { AppError } from "../errors.ts";

/**
 * Why an event may not simply be deleted or moved: it is a guest's confirmed booking. Deleted
 * as an event, the guest's page would still say "Confirmed" and the time would stay held;
 * moved, the guest's page and the invitation they saved would keep the old time, and Sage
 * cannot tell them (it sends no email). Cancelling it is the booking's own cancel (Booking
 * links), which tells the guest on their page and frees the time. Undefined for any other event.
 */
export async function bookedBy(
  db: Db,
  opts: { userId: string; eventId: string; change?: "cancel" | "move" },
): Promise<string | undefined> {
  const [row] = await db
    .select({ guest: bookings.guestName })
    .from(bookings)
    .where(
      and(
        eq(bookings.eventId, opts.eventId),
        eq(bookings.userId, opts.userId),
        eq(bookings.status, "confirmed"),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const guest = row.guest;
  return opts.change === "move"
    ? `This is ${guest}'s booking through your booking link, and Sage can't tell ${guest} about a new time. To change it, cancel it on Booking links (${guest}'s page then says it is cancelled) and send them your link again.`
    : `This is ${guest}'s booking through your booking link: cancel it on Booking links, which tells ${guest} it is cancelled and frees the time.`;
}

/**
 * A guest's booking is cancelled as a booking, not deleted or moved as an event (409; see
 * bookedBy).
 */
export async function refuseChangingBooking(
  db: Db,
  opts: { userId: string; eventId: string; change: "cancel" | "move" },
): Promise<void> {
  const reason = await bookedBy(db, opts);
  if (reason) throw new AppError(409, "conflict", reason);
}
