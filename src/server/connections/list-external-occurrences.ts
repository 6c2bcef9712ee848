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
import { notSageBlock } from "./push-state.ts";

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

const DAY = 86_400_000;

type Expanded = {
  calendarId: string;
  occurrence: ExternalOccurrence;
  /** The instants the occurrence covers (an all-day one: the person's local midnights). */
  startMs: number;
  endMs: number;
};

/**
 * Expanded occurrences per (connection, its version, day-rounded window, zone, address):
 * a connection's stored series change only in a sync or its creation, and both move its
 * `updated_at`, so an entry under the current version is exact — on every instance, since
 * the version is read from the database each time. Bounded: at most CACHE_ENTRIES entries,
 * least recently used out first.
 */
const CACHE_ENTRIES = 64;
const expandedCache = new Map<string, Expanded[]>();

function remember(key: string, value: Expanded[]): void {
  expandedCache.delete(key);
  expandedCache.set(key, value);
  while (expandedCache.size > CACHE_ENTRIES) {
    expandedCache.delete(expandedCache.keys().next().value!);
  }
}

/** One connection's series that can touch the window, expanded (budget shared by the call). */
async function expandConnection(
  db: Db,
  connectionId: string,
  ctx: Parameters<typeof expandSeries>[1],
): Promise<Expanded[]> {
  const rows = await db
    .select({
      series: externalEvents.series,
      calendarId: externalEvents.calendarId,
    })
    .from(externalEvents)
    .where(
      and(
        eq(externalEvents.connectionId, connectionId),
        notSageBlock,
        lt(externalEvents.firstStart, ctx.to),
        or(isNull(externalEvents.lastEnd), gt(externalEvents.lastEnd, ctx.from)),
      ),
    );
  const local = (date: Date) =>
    DateTime.fromISO(date.toISOString().slice(0, 10), { zone: ctx.personZone }).toMillis();
  const out: Expanded[] = [];
  for (const row of rows) {
    for (const occurrence of expandSeries(row.series as ExternalSeries, ctx)) {
      const all = occurrence.allDay;
      out.push({
        calendarId: row.calendarId,
        occurrence,
        startMs: all ? local(occurrence.start) : occurrence.start.getTime(),
        endMs: all ? local(occurrence.end) : occurrence.end.getTime(),
      });
      if (out.length > MAX_CONNECTED_OCCURRENCES * 2) throw tooMany();
    }
  }
  return out;
}

const tooMany = () =>
  new CalendarDataError(
    "This range holds too many events from connected calendars; ask for a shorter range",
    "too-large",
  );

/**
 * The person's connected occurrences overlapping [from, to), in start order: series picked
 * by their stored bounds, expanded in the person's zone over the window rounded out to whole
 * UTC days (so a plan's "from now" and a week view reuse one expansion), declines judged
 * against their address, each connection's expansion kept per version (expandedCache).
 * `busyOnly` keeps only busy time from calendars marked busy (the scheduler's view).
 * Bounded: one step budget and MAX_CONNECTED_OCCURRENCES per call; beyond either it throws
 * CalendarDataError (the listing answers 400, planning goes on without them).
 */
export async function listConnectedOccurrences(
  db: Db,
  opts: { userId: string; from: Date; to: Date; busyOnly?: boolean },
): Promise<ConnectedOccurrence[]> {
  const [connections, calendars, zone, [user]] = await Promise.all([
    db
      .select({
        id: calendarConnections.id,
        version: calendarConnections.updatedAt,
        syncedAt: calendarConnections.lastSyncedAt,
      })
      .from(calendarConnections)
      .where(eq(calendarConnections.userId, opts.userId)),
    db
      .select({
        id: connectionCalendars.id,
        color: connectionCalendars.color,
        busy: connectionCalendars.busy,
      })
      .from(connectionCalendars)
      .where(eq(connectionCalendars.userId, opts.userId)),
    userTimeZone(db, opts.userId),
    db.select({ email: users.email }).from(users).where(eq(users.id, opts.userId)),
  ]);
  if (connections.length === 0) return [];
  const address = user ? user.email.toLowerCase() : "";
  const ctx = {
    from: new Date(Math.floor(opts.from.getTime() / DAY) * DAY),
    to: new Date(Math.ceil(opts.to.getTime() / DAY) * DAY),
    personZone: zone,
    addresses: address ? [address] : [],
    budget: { steps: EXTERNAL_LIMITS.maxStepsPerCalendar },
  };
  const byCalendar = new Map(calendars.map((c) => [c.id, c]));
  const from = opts.from.getTime();
  const to = opts.to.getTime();
  const out: ConnectedOccurrence[] = [];
  for (const connection of connections) {
    const key = [
      connection.id,
      connection.version.toISOString(),
      ctx.from.toISOString(),
      ctx.to.toISOString(),
      zone,
      address,
    ].join("|");
    let expanded = expandedCache.get(key);
    if (!expanded) {
      expanded = await expandConnection(db, connection.id, ctx);
      remember(key, expanded);
    }
    for (const { calendarId, occurrence: o, startMs, endMs } of expanded) {
      // the window itself, as expandSeries judges it (a zero-length one by its start)
      const inside =
        endMs === startMs ? startMs >= from && startMs < to : startMs < to && endMs > from;
      if (!inside) continue;
      const calendar = byCalendar.get(calendarId);
      if (!calendar) continue;
      if (opts.busyOnly && (!o.busy || !calendar.busy)) continue;
      out.push({
        ...o,
        id: occurrenceId(calendarId, o.uid, o.recurrenceId),
        connectionId: connection.id,
        calendarId,
        color: calendar.color,
        syncedAt: connection.syncedAt,
      });
      if (out.length > MAX_CONNECTED_OCCURRENCES) throw tooMany();
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
