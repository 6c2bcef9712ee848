import { randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import { minuteOf } from "../../core/booking/slots.ts";
import {
  BOOKING_LIMITS,
  type BookingLink,
  type CreateBookingLinkInput,
  type UpdateBookingLinkInput,
} from "../../core/contract/booking.ts";
import type { Db } from "../db/client.ts";
import { lockUserWrites } from "../db/lock-user-writes.ts";
import { bookingLinks } from "../db/schema.ts";
import { AppError, badRequest, notFound } from "../errors.ts";

export type BookingLinkRow = typeof bookingLinks.$inferSelect;

export const LINK_NOT_FOUND = "That booking link doesn't exist.";

/** 128 random bits, URL-safe: a link nobody can guess or walk to from another. */
export const newSlug = (): string => randomBytes(16).toString("base64url");

export function toBookingLink(row: BookingLinkRow): BookingLink {
  return {
    id: row.id,
    slug: row.slug,
    url: `/book/${row.slug}`,
    title: row.title,
    hostName: row.hostName,
    minutes: row.minutes,
    horizonDays: row.horizonDays,
    noticeMinutes: row.noticeMinutes,
    days: row.days,
    hours: row.hoursFrom && row.hoursTo ? { from: row.hoursFrom, to: row.hoursTo } : null,
    bufferBeforeMinutes: row.bufferBeforeMinutes,
    bufferAfterMinutes: row.bufferAfterMinutes,
    maxPerDay: row.maxPerDay,
    allowPeak: row.allowPeak,
    paused: row.paused,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const columns = (input: Partial<CreateBookingLinkInput>) => ({
  ...(input.title !== undefined ? { title: input.title } : {}),
  ...(input.hostName !== undefined ? { hostName: input.hostName || null } : {}),
  ...(input.minutes !== undefined ? { minutes: input.minutes } : {}),
  ...(input.horizonDays !== undefined ? { horizonDays: input.horizonDays } : {}),
  ...(input.noticeMinutes !== undefined ? { noticeMinutes: input.noticeMinutes } : {}),
  ...(input.days !== undefined
    ? { days: input.days ? [...new Set(input.days)].sort((a, b) => a - b) : null }
    : {}),
  ...(input.hours !== undefined
    ? { hoursFrom: input.hours?.from ?? null, hoursTo: input.hours?.to ?? null }
    : {}),
  ...(input.bufferBeforeMinutes !== undefined
    ? { bufferBeforeMinutes: input.bufferBeforeMinutes }
    : {}),
  ...(input.bufferAfterMinutes !== undefined
    ? { bufferAfterMinutes: input.bufferAfterMinutes }
    : {}),
  ...(input.maxPerDay !== undefined ? { maxPerDay: input.maxPerDay } : {}),
  ...(input.allowPeak !== undefined ? { allowPeak: input.allowPeak } : {}),
  ...(input.paused !== undefined ? { paused: input.paused } : {}),
});

/** A new link, under the person's lock so the cap is exact however many arrive at once. */
export async function createBookingLink(
  db: Db,
  opts: { userId: string; input: CreateBookingLinkInput },
): Promise<BookingLink> {
  return db.transaction(async (tx) => {
    await lockUserWrites(tx, opts.userId);
    const [live] = await tx
      .select({ n: count() })
      .from(bookingLinks)
      .where(and(eq(bookingLinks.userId, opts.userId), isNull(bookingLinks.deletedAt)));
    if ((live?.n ?? 0) >= BOOKING_LIMITS.linksPerUser)
      throw new AppError(
        409,
        "conflict",
        `You can have ${BOOKING_LIMITS.linksPerUser} booking links. Delete one to make another.`,
      );
    const [row] = await tx
      .insert(bookingLinks)
      .values({
        userId: opts.userId,
        slug: newSlug(),
        title: opts.input.title,
        minutes: opts.input.minutes,
        horizonDays: opts.input.horizonDays,
        noticeMinutes: opts.input.noticeMinutes,
        bufferBeforeMinutes: opts.input.bufferBeforeMinutes,
        bufferAfterMinutes: opts.input.bufferAfterMinutes,
        ...columns(opts.input),
      })
      .returning();
    return toBookingLink(row!);
  });
}

/** The person's live links, newest first (bounded by the cap). */
export async function listBookingLinks(db: Db, userId: string): Promise<BookingLink[]> {
  const rows = await db
    .select()
    .from(bookingLinks)
    .where(and(eq(bookingLinks.userId, userId), isNull(bookingLinks.deletedAt)))
    .orderBy(desc(bookingLinks.createdAt), desc(bookingLinks.id))
    .limit(BOOKING_LIMITS.linksPerUser);
  return rows.map(toBookingLink);
}

/** Changes a link of the person's own; another's, a deleted one or an unknown id → 404. */
export async function updateBookingLink(
  db: Db,
  opts: { userId: string; id: string; input: UpdateBookingLinkInput },
): Promise<BookingLink> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(bookingLinks).where(owned(opts)).for("update");
    if (!current) throw notFound(LINK_NOT_FOUND);
    // the hours must still hold a meeting once both changes are applied
    const minutes = opts.input.minutes ?? current.minutes;
    const hours =
      opts.input.hours !== undefined
        ? opts.input.hours
        : current.hoursFrom && current.hoursTo
          ? { from: current.hoursFrom, to: current.hoursTo }
          : null;
    if (hours && minuteOf(hours.to) - minuteOf(hours.from) < minutes)
      throw badRequest("hours: is shorter than one meeting of this link");
    const [row] = await tx
      .update(bookingLinks)
      .set({ ...columns(opts.input), updatedAt: new Date() })
      .where(owned(opts))
      .returning();
    return toBookingLink(row!);
  });
}

/** Deletes a link (its page then says so); its bookings stay on the calendar. */
export async function deleteBookingLink(db: Db, opts: { userId: string; id: string }) {
  const [row] = await db
    .update(bookingLinks)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(owned(opts))
    .returning({ id: bookingLinks.id });
  if (!row) throw notFound(LINK_NOT_FOUND);
}

const owned = (opts: { userId: string; id: string }) =>
  and(
    eq(bookingLinks.id, opts.id),
    eq(bookingLinks.userId, opts.userId),
    isNull(bookingLinks.deletedAt),
  );
