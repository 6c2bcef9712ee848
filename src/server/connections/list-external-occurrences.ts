import { createHash } from "node:crypto";
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { DateTime } from "luxon";
import { expandSeries } from "../../core/calendar/external/expand-series.ts";
import {
  CalendarDataError,
  EXTERNAL_LIMITS,
  type ExternalOccurrence,
  type ExternalSeries,
} from "../../core/calendar/external/types.ts";
import { userTimeZone } from "../calendar/list-events.ts";
import type { Db } from "../db/client.ts";
import { calendarConnections, connectionCalendars, externalEvents, users } from "../db/schema.ts";
import { writtenHrefs } from "./push-blocks.ts";

export type ConnectedOccurrence = ExternalOccurrence & {
  /** Stable per occurrence (UUID version 8, which Sage's own events never use). */
  id: string;
  connectionId: string;
  calendarId: string;
  color: string | null;
  /** When Sage last read this calendar. */
  syncedAt: Date | null;
};

/** At most this many connected occurrences answer one request. */
export const MAX_CONNECTED_OCCURRENCES = 5_000;

/** A UUID derived from the occurrence's identity, marked version 8 (custom). */
export function occurrenceId(calendarId: string, uid: string, recurrenceId: string | null): string {
  const hex = createHash("sha256")
    .update(`${calendarId}\n${uid}\n${recurrenceId ?? ""}`)
    .digest("hex");
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Is this id one of a connected calendar's occurrences (never a stored Sage event)? */
export const isConnectedOccurrenceId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-8/i.test(id);

/**
 * The person's connected occurrences overlapping [from, to), in start order: series picked
 * by their stored bounds, expanded in the person's zone, declines judged against their
 * address. `busyOnly` keeps only busy time from calendars marked busy (the scheduler's view).
 * Bounded: one step budget and MAX_CONNECTED_OCCURRENCES per call; beyond either it throws
 * CalendarDataError (the listing answers 400, planning goes on without them).
 */
export async function listConnectedOccurrences(
  db: Db,
  opts: { userId: string; from: Date; to: Date; busyOnly?: boolean },
): Promise<ConnectedOccurrence[]> {
  const conditions = [
    eq(externalEvents.userId, opts.userId),
    lt(externalEvents.firstStart, opts.to),
    or(isNull(externalEvents.lastEnd), gt(externalEvents.lastEnd, opts.from)),
  ];
  if (opts.busyOnly) conditions.push(eq(connectionCalendars.busy, true));
  const [rows, zone, [user]] = await Promise.all([
    db
      .select({
        series: externalEvents.series,
        calendarId: externalEvents.calendarId,
        connectionId: externalEvents.connectionId,
        color: connectionCalendars.color,
        syncedAt: calendarConnections.lastSyncedAt,
        resourceKey: externalEvents.resourceKey,
      })
      .from(externalEvents)
      .innerJoin(connectionCalendars, eq(connectionCalendars.id, externalEvents.calendarId))
      .innerJoin(calendarConnections, eq(calendarConnections.id, externalEvents.connectionId))
      .where(and(...conditions)),
    userTimeZone(db, opts.userId),
    db.select({ email: users.email }).from(users).where(eq(users.id, opts.userId)),
  ]);
  const ctx = {
    from: opts.from,
    to: opts.to,
    personZone: zone,
    addresses: user ? [user.email.toLowerCase()] : [],
    budget: { steps: EXTERNAL_LIMITS.maxStepsPerCalendar },
  };
  // Sage's own blocks written into a calendar are already Sage's events
  const written = await writtenHrefs(db, [...new Set(rows.map((r) => r.calendarId))]);
  const out: ConnectedOccurrence[] = [];
  for (const row of rows) {
    if (written.has(`${row.calendarId} ${row.resourceKey}`)) continue;
    for (const o of expandSeries(row.series as ExternalSeries, ctx)) {
      if (opts.busyOnly && !o.busy) continue;
      out.push({
        ...o,
        id: occurrenceId(row.calendarId, o.uid, o.recurrenceId),
        connectionId: row.connectionId,
        calendarId: row.calendarId,
        color: row.color,
        syncedAt: row.syncedAt,
      });
      if (out.length > MAX_CONNECTED_OCCURRENCES) {
        throw new CalendarDataError(
          "This range holds too many events from connected calendars; ask for a shorter range",
          "too-large",
        );
      }
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * Busy intervals from connected calendars for planning. Never throws: what cannot be read
 * is left out, and `notice` says so in a sentence (also when a connection's last sync
 * failed, so the plan rests on what was last known).
 */
export async function connectedBusy(
  db: Db,
  opts: { userId: string; from: Date; to: Date },
  log?: { warn: (obj: object, msg: string) => void },
): Promise<{ busy: { start: number; end: number }[]; notice: string | undefined }> {
  const failing = await db
    .select({ name: calendarConnections.name, error: calendarConnections.error })
    .from(calendarConnections)
    .where(
      and(eq(calendarConnections.userId, opts.userId), eq(calendarConnections.status, "error")),
    )
    .catch(() => []);
  const stale =
    failing.length > 0
      ? `Planned with what Sage last knew of ${failing.map((f) => `“${f.name}”`).join(", ")}: ${failing[0]!.error ?? "it could not be synced"}.`
      : undefined;
  try {
    const [list, zone] = await Promise.all([
      listConnectedOccurrences(db, { ...opts, busyOnly: true }),
      userTimeZone(db, opts.userId),
    ]);
    // an all-day occurrence (a date) is busy from the person's local midnight to the next
    const local = (date: Date) =>
      DateTime.fromISO(date.toISOString().slice(0, 10), { zone }).toMillis();
    return {
      busy: list.map((o) =>
        o.allDay
          ? { start: local(o.start), end: local(o.end) }
          : { start: o.start.getTime(), end: o.end.getTime() },
      ),
      notice: stale,
    };
  } catch (error) {
    log?.warn({ err: error, userId: opts.userId }, "connected calendars left out of planning");
    return {
      busy: [],
      notice: "Planned without your connected calendars: Sage could not read them just now.",
    };
  }
}
