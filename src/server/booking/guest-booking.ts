import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull, lt, lte } from "drizzle-orm";
import { bookingIcs } from "../../core/booking/booking-ics.ts";
import { type LinkRules, minuteOf, offeredSlots, type Slot } from "../../core/booking/slots.ts";
import { seriesOf } from "../../core/calendar/event-series.ts";
import { expandWithExceptions } from "../../core/calendar/occurrences.ts";
import type { BookInput, SlotsResponse } from "../../core/contract/booking.ts";
import { BOOKING_LIMITS } from "../../core/contract/booking.ts";
import { createEvent } from "../calendar/create-event.ts";
import { listEvents, userTimeZone } from "../calendar/list-events.ts";
import { connectedBusy } from "../connections/list-external-occurrences.ts";
import type { Db } from "../db/client.ts";
import { lockUserWrites } from "../db/lock-user-writes.ts";
import { bookingCells, bookingLinks, bookings, tasks } from "../db/schema.ts";
import { AppError, badRequest, notFound } from "../errors.ts";
import { readPlanProfile, schedulerProfileFor } from "../planning/read-plan-profile.ts";
import type { BookingLinkRow } from "./booking-links.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Blocks of tasks due this soon are the planner's to keep: guests never get their time. */
export const PROTECT_DUE_WITHIN_DAYS = 3;
/** One host's events read for one answer: a week or two of a busy calendar is far below. */
const OCCURRENCES_PER_SERIES = 200;
const CELL = 15 * MINUTE;

const GONE = "This booking link doesn't exist, or its owner deleted it.";

/** A live link by its slug; unknown or deleted → 404 (the page says it is gone). */
export async function linkBySlug(db: Db, slug: string): Promise<BookingLinkRow> {
  const [row] = await db
    .select()
    .from(bookingLinks)
    .where(and(eq(bookingLinks.slug, slug), isNull(bookingLinks.deletedAt)));
  if (!row) throw notFound(GONE);
  return row;
}

const rulesOf = (link: BookingLinkRow): LinkRules => ({
  minutes: link.minutes,
  horizonDays: link.horizonDays,
  noticeMinutes: link.noticeMinutes,
  days: link.days,
  hours:
    link.hoursFrom && link.hoursTo
      ? { start: minuteOf(link.hoursFrom), end: minuteOf(link.hoursTo) }
      : null,
  bufferBeforeMinutes: link.bufferBeforeMinutes,
  bufferAfterMinutes: link.bufferAfterMinutes,
  maxPerDay: link.maxPerDay,
  allowPeak: link.allowPeak,
});

/**
 * The slots a link offers in [from, to): the host's hours and energy (learned where Sage
 * learned them), their own events, their connected calendars' busy time, the blocks of tasks
 * due soon, and the link's own bookings. Bounded: the range is at most
 * BOOKING_LIMITS.slotsRangeDays and every series is expanded inside it only.
 */
export async function slotsOf(
  db: Db,
  link: BookingLinkRow,
  range: { from: number; to: number; now: number; graceMinutes?: number },
): Promise<{ slots: Slot[]; zone: string }> {
  const zone = await userTimeZone(db, link.userId);
  const { profile } = await schedulerProfileFor(db, { userId: link.userId, timezone: zone });
  const { answer } = await readPlanProfile(db, link.userId);
  // a day's load is read from the whole day around the range
  const from = new Date(range.from - DAY);
  const to = new Date(range.to + DAY);
  const events = await listEvents(db, {
    userId: link.userId,
    from: from.toISOString(),
    to: to.toISOString(),
  });
  const taskIds = [...new Set(events.flatMap((e) => (e.task_id ? [e.task_id] : [])))];
  const dueSoon = new Set(
    taskIds.length === 0
      ? []
      : (
          await db
            .select({ id: tasks.id })
            .from(tasks)
            .where(
              and(
                inArray(tasks.id, taskIds),
                lte(tasks.deadline, new Date(range.now + PROTECT_DUE_WITHIN_DAYS * DAY)),
              ),
            )
        ).map((t) => t.id),
  );
  const busy: { start: number; end: number }[] = [];
  for (const e of events) {
    if (e.all_day) continue; // a birthday or a holiday marker doesn't take hours
    // a block of a task not due soon is the living plan's to move when a guest books its time
    if (e.task_id && e.source === "assistant" && !dueSoon.has(e.task_id)) continue;
    for (const o of expandWithExceptions(seriesOf(e), {
      from,
      to,
      zone,
      limit: OCCURRENCES_PER_SERIES,
    }))
      busy.push({ start: o.start.getTime(), end: o.end.getTime() });
  }
  const connected = await connectedBusy(db, { userId: link.userId, from, to });
  busy.push(...connected.busy);
  const booked = (
    await db
      .select({ start: bookings.startTime, end: bookings.endTime })
      .from(bookings)
      .where(
        and(
          eq(bookings.linkId, link.id),
          eq(bookings.status, "confirmed"),
          lt(bookings.startTime, to),
          gt(bookings.endTime, from),
        ),
      )
  ).map((b) => ({ start: b.start.getTime(), end: b.end.getTime() }));
  const slots = offeredSlots({
    rules: rulesOf(link),
    profile,
    busy,
    booked,
    meetings: {
      notBefore: answer.profile.noMeetingsBefore,
      notAfter: answer.profile.noMeetingsAfter,
    },
    now: range.now,
    from: range.from,
    to: range.to,
    graceMinutes: range.graceMinutes,
  });
  return { slots, zone };
}

/** GET /api/book/:slug — the link's title, length, host name and slots; nothing else. */
export async function publicSlots(
  db: Db,
  opts: { slug: string; from?: string | undefined; to?: string | undefined; now: Date },
): Promise<SlotsResponse> {
  const link = await linkBySlug(db, opts.slug);
  const now = opts.now.getTime();
  const from = opts.from ? Date.parse(opts.from) : now;
  const to = opts.to ? Date.parse(opts.to) : from + 7 * DAY;
  if (to - from > BOOKING_LIMITS.slotsRangeDays * DAY)
    throw badRequest(`to: at most ${BOOKING_LIMITS.slotsRangeDays} days after from`);
  const base = {
    title: link.title,
    minutes: link.minutes,
    hostName: link.hostName ?? "",
  };
  const zone = await userTimeZone(db, link.userId);
  if (link.paused) return { ...base, hostZone: zone, status: "paused", slots: [] };
  const { slots } = await slotsOf(db, link, { from, to, now });
  return {
    ...base,
    hostZone: zone,
    status: "open",
    slots: slots.map((s) => ({
      start: new Date(s.start).toISOString(),
      end: new Date(s.end).toISOString(),
    })),
  };
}

const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");
const cellsOf = (start: number, end: number) => {
  const cells: Date[] = [];
  for (let t = Math.floor(start / CELL) * CELL; t < end; t += CELL) cells.push(new Date(t));
  return cells;
};
const isUniqueViolation = (err: unknown) =>
  typeof err === "object" &&
  err !== null &&
  ((err as { code?: string }).code === "23505" ||
    (err as { cause?: { code?: string } }).cause?.code === "23505");

export const SLOT_TAKEN = "Sorry — that time was just booked by someone else. Pick another.";

/**
 * Books one offered slot (POST /api/book/:slug). Under the host's lock the slot is checked
 * again against everything `slotsOf` reads; the booking, its calendar event and the quarter
 * hours it holds are written in one transaction. The cells' primary key is what sells a time
 * once: a second booking over it fails whatever any process believed (→ 409).
 */
export async function book(
  db: Db,
  opts: { slug: string; input: BookInput; now: Date },
): Promise<{
  booking: {
    id: string;
    title: string;
    start: string;
    end: string;
    hostName: string;
    status: "confirmed";
    key: string;
  };
  ics: string;
}> {
  const link = await linkBySlug(db, opts.slug);
  if (link.paused) throw new AppError(409, "conflict", "This booking link is paused for now.");
  const start = Date.parse(opts.input.start);
  const end = start + link.minutes * MINUTE;
  const key = randomBytes(24).toString("base64url");
  const title = `${link.title} with ${opts.input.name}`;
  try {
    const booked = await db.transaction(async (tx) => {
      await lockUserWrites(tx, link.userId);
      const taken = await tx
        .select({ id: bookingCells.bookingId })
        .from(bookingCells)
        .where(
          and(
            eq(bookingCells.userId, link.userId),
            inArray(bookingCells.cell, cellsOf(start, end)),
          ),
        )
        .limit(1);
      if (taken.length > 0) throw new AppError(409, "conflict", SLOT_TAKEN);
      const { slots } = await slotsOf(tx, link, {
        from: start,
        to: end,
        now: opts.now.getTime(),
        graceMinutes: BOOKING_LIMITS.bookingGraceMinutes,
      });
      if (!slots.some((s) => s.start === start))
        throw badRequest("start: that time is not one this link offers");
      const description = [
        `Booked through your link “${link.title}” by ${opts.input.name} <${opts.input.email}>.`,
        opts.input.note ? `Their note: ${opts.input.note}` : null,
      ]
        .filter(Boolean)
        .join("\n\n");
      const { event } = await createEvent(tx, {
        userId: link.userId,
        bookedBy: opts.input.name,
        input: {
          title,
          description,
          start_time: new Date(start).toISOString(),
          end_time: new Date(end).toISOString(),
          all_day: false,
          location: null,
          reminder_minutes: 10,
          category: "Booking",
          priority: "medium",
          url: null,
          recurrence_frequency: null,
          recurrence_interval: null,
          recurrence_by_day: null,
          recurrence_by_month_day: null,
          recurrence_until: null,
          recurrence_count: null,
        },
      });
      const [row] = await tx
        .insert(bookings)
        .values({
          linkId: link.id,
          userId: link.userId,
          eventId: event.id,
          startTime: new Date(start),
          endTime: new Date(end),
          guestName: opts.input.name,
          guestEmail: opts.input.email,
          note: opts.input.note || null,
          guestZone: opts.input.zone ?? null,
          keyHash: hashKey(key),
        })
        .returning();
      await tx
        .insert(bookingCells)
        .values(
          cellsOf(start, end).map((cell) => ({ userId: link.userId, cell, bookingId: row!.id })),
        );
      return row!;
    });
    const hostName = link.hostName ?? "";
    return {
      booking: {
        id: booked.id,
        title: link.title,
        start: booked.startTime.toISOString(),
        end: booked.endTime.toISOString(),
        hostName,
        status: "confirmed",
        key,
      },
      ics: bookingIcs({
        uid: `${booked.id}@sage`,
        title: hostName ? `${link.title} with ${hostName}` : link.title,
        start: booked.startTime,
        end: booked.endTime,
        description: opts.input.note ?? null,
      }),
    };
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, "conflict", SLOT_TAKEN);
    throw err;
  }
}

/** The guest's view of their booking (with the key from their answer); else 404. */
export async function guestBooking(
  db: Db,
  opts: { slug: string; id: string; key: string | undefined },
) {
  const key = opts.key;
  if (!key) throw notFound("No such booking.");
  const [row] = await db
    .select({ booking: bookings, link: bookingLinks })
    .from(bookings)
    .innerJoin(bookingLinks, eq(bookingLinks.id, bookings.linkId))
    .where(and(eq(bookings.id, opts.id), eq(bookingLinks.slug, opts.slug)));
  if (!row || row.booking.keyHash !== hashKey(key)) throw notFound("No such booking.");
  return {
    booking: {
      id: row.booking.id,
      title: row.link.title,
      start: row.booking.startTime.toISOString(),
      end: row.booking.endTime.toISOString(),
      hostName: row.link.hostName ?? "",
      status: row.booking.status,
      key,
    },
  };
}
