import { and, asc, eq, gte, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { seriesOf } from "../../core/calendar/event-series.ts";
import { occursBetween } from "../../core/calendar/recurrence.ts";
import type { ServerEvent } from "../../core/contract/calendar.ts";
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
  const conditions: SQL[] = [
    eq(calendarEvents.userId, opts.userId),
    isNull(calendarEvents.deletedAt),
  ];
  const from = opts.from ? new Date(opts.from) : undefined;
  const to = opts.to ? new Date(opts.to) : undefined;
  if (to) conditions.push(lt(calendarEvents.startTime, to));
  if (from) {
    // a coarse cut in SQL; the exact test (with recurrence) follows in code
    conditions.push(
      or(
        gte(sql`${calendarEvents.startTime} + ${LONGEST_EVENT}`, from),
        and(
          sql`${calendarEvents.recurrenceFrequency} is not null`,
          or(
            isNull(calendarEvents.recurrenceUntil),
            gte(sql`${calendarEvents.recurrenceUntil} + ${LONGEST_EVENT}`, from),
          ),
        ),
      )!,
    );
  }
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
  return events.filter((e) => occursBetween(seriesOf(e), range));
}
