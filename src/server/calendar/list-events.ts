import { and, asc, eq, gte, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { seriesOf } from "../../core/calendar/event-series.ts";
import { expandWithExceptions } from "../../core/calendar/occurrences.ts";
import type { ListedOccurrence, ServerEvent } from "../../core/contract/calendar.ts";
import { LIMITS } from "../../core/contract/calendar.ts";
import type { Db } from "../db/client.ts";
import { preparedPerDb } from "../db/prepared.ts";
import { calendarEvents, profiles } from "../db/schema.ts";
import { toServerEvent } from "./event-dto.ts";

/** The user's IANA zone for calendar maths (UTC until the browser has told us). */
export async function userTimeZone(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ timezone: profiles.timezone })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.timezone ?? "UTC";
}

/** The list without a range (what the calendar loads), with a `userId` placeholder. */
export const allLiveEventsQuery = (db: Db) =>
  db
    .select()
    .from(calendarEvents)
    .where(
      and(eq(calendarEvents.userId, sql.placeholder("userId")), isNull(calendarEvents.deletedAt)),
    )
    .orderBy(asc(calendarEvents.startTime), asc(calendarEvents.id));
const allLiveEvents = preparedPerDb((db) => allLiveEventsQuery(db).prepare("all_live_events"));

const LONGEST_EVENT = sql.raw(`interval '${LIMITS.durationDays} days'`);

/**
 * A coarse cut in SQL for events that may have an occurrence overlapping [from, to): it
 * keeps every event that does (and some that don't — a series whose COUNT ran out); the
 * exact test, with recurrence, is occursBetween's.
 */
export function mayOccurBetween(range: { from?: Date | undefined; to?: Date | undefined }): SQL[] {
  const conditions: SQL[] = [];
  if (range.to) conditions.push(lt(calendarEvents.startTime, range.to));
  if (range.from) {
    conditions.push(
      or(
        gte(sql`${calendarEvents.startTime} + ${LONGEST_EVENT}`, range.from),
        and(
          sql`${calendarEvents.recurrenceFrequency} is not null`,
          or(
            isNull(calendarEvents.recurrenceUntil),
            gte(sql`${calendarEvents.recurrenceUntil} + ${LONGEST_EVENT}`, range.from),
          ),
        ),
      )!,
    );
  }
  return conditions;
}

/**
 * The user's live events, in start order. With a range, only events with an occurrence
 * overlapping [from, to) — recurring series are expanded in the user's zone to decide.
 */
export async function listEvents(
  db: Db,
  opts: { userId: string; from?: string | undefined; to?: string | undefined },
): Promise<ServerEvent[]> {
  if (!opts.from && !opts.to) {
    return (await allLiveEvents(db).execute({ userId: opts.userId })).map(toServerEvent);
  }
  const from = opts.from ? new Date(opts.from) : undefined;
  const to = opts.to ? new Date(opts.to) : undefined;
  const conditions: SQL[] = [
    eq(calendarEvents.userId, opts.userId),
    isNull(calendarEvents.deletedAt),
    ...mayOccurBetween({ from, to }),
  ];
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(and(...conditions))
    .orderBy(asc(calendarEvents.startTime), asc(calendarEvents.id));
  const events = rows.map(toServerEvent);
  if (!from && !to) return events;
  const zone = await userTimeZone(db, opts.userId);
  const range = {
    from: from ?? new Date(Date.UTC(LIMITS.minYear, 0, 1)),
    to: to ?? new Date(Date.UTC(LIMITS.maxYear + 1, 0, 1)),
    zone,
  };
  return events.filter((e) => expandWithExceptions(seriesOf(e), { ...range, limit: 1 }).length);
}

/** The longest range the list also answers with occurrences (a view shows a week or a month). */
export const OCCURRENCE_RANGE_DAYS = 92;
/** At most this many occurrences in one answer; a view never needs more. */
export const MAX_LISTED_OCCURRENCES = 5000;

/**
 * GET /api/calendar-events: the rows, and for a range of at most OCCURRENCE_RANGE_DAYS (both
 * ends given) every occurrence in it as a view draws it — series expanded in the user's
 * zone without their exceptions, overrides in their own place naming the occurrence they
 * replace, cancelled occurrences absent — in start order.
 */
export async function listEventsWithOccurrences(
  db: Db,
  opts: { userId: string; from?: string | undefined; to?: string | undefined },
): Promise<{ events: ServerEvent[]; occurrences?: ListedOccurrence[] }> {
  const events = await listEvents(db, opts);
  if (!opts.from || !opts.to) return { events };
  const from = new Date(opts.from);
  const to = new Date(opts.to);
  if (to.getTime() - from.getTime() > OCCURRENCE_RANGE_DAYS * 86_400_000) return { events };
  const zone = await userTimeZone(db, opts.userId);
  const occurrences: ListedOccurrence[] = [];
  for (const e of events) {
    const room = MAX_LISTED_OCCURRENCES - occurrences.length;
    if (room <= 0) break;
    const repeats = Boolean(e.recurrence_frequency);
    for (const o of expandWithExceptions(seriesOf(e), { from, to, zone, limit: room })) {
      occurrences.push({
        event_id: e.id,
        series_id: repeats ? e.id : e.series_id,
        occurrence: repeats ? o.start.toISOString() : e.recurrence_id,
        start: o.start.toISOString(),
        end: o.end.toISOString(),
      });
    }
  }
  occurrences.sort(
    (a, b) => a.start.localeCompare(b.start) || a.event_id.localeCompare(b.event_id),
  );
  return { events, occurrences };
}
