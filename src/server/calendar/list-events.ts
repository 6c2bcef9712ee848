import {
  and,
  asc,
  eq,
  gt,
  gte,
  isNull,
  lt,
  or,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import { seriesOf } from "../../core/calendar/event-series.ts";
import { expandWithExceptions } from "../../core/calendar/occurrences.ts";
import type {
  ListEventsResponse,
  ListedOccurrence,
  ServerEvent,
} from "../../core/contract/calendar.ts";
import { LIMITS, LIST_PAGE } from "../../core/contract/calendar.ts";
import type { Db } from "../db/client.ts";
import { preparedPerDb } from "../db/prepared.ts";
import { calendarEvents, profiles } from "../db/schema.ts";
import { takePage } from "../http/take-page.ts";
import { type EventRow, toServerEvent } from "./event-dto.ts";
import { type RangedList, RangedListCache } from "./ranged-list-cache.ts";

/** The user's IANA zone for calendar maths (UTC until the browser has told us). */
export async function userTimeZone(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ timezone: profiles.timezone })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.timezone ?? "UTC";
}

/** Every live event in start order, with a `userId` placeholder (for callers inside the server). */
export const allLiveEventsQuery = (db: Db) =>
  db
    .select()
    .from(calendarEvents)
    .where(
      and(eq(calendarEvents.userId, sql.placeholder("userId")), isNull(calendarEvents.deletedAt)),
    )
    .orderBy(asc(calendarEvents.startTime), asc(calendarEvents.id));
const allLiveEvents = preparedPerDb((db) => allLiveEventsQuery(db).prepare("all_live_events"));

/** Below every UUID: the cursor of the first page. */
const FIRST_ID = "00000000-0000-0000-0000-000000000000";

/**
 * One page of the list without a range (`userId`, `after` placeholders): the live rows after
 * `after` in id order, one more than a page holds so the answer knows whether more follow.
 * The (user_id, id) index makes each page cost its own rows, never the whole calendar.
 */
export const eventsPageQuery = (db: Db) =>
  db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.userId, sql.placeholder("userId")),
        isNull(calendarEvents.deletedAt),
        gt(calendarEvents.id, sql.placeholder("after")),
      ),
    )
    .orderBy(asc(calendarEvents.id))
    .limit(LIST_PAGE.events + 1);
const EVENT_PAGE = { items: LIST_PAGE.events, bytes: LIST_PAGE.bytes };
const eventsPage = preparedPerDb((db) => eventsPageQuery(db).prepare("live_events_page"));

/**
 * GET /api/calendar-events without a range: one page of the user's live events in id order,
 * after `cursor`. Keyset pagination on the immutable id: each row that exists while the pages
 * are read is listed exactly once, however it is edited meanwhile (a row created or deleted
 * meanwhile may or may not be).
 */
export async function listEventsPage(
  db: Db,
  opts: { userId: string; cursor?: string | undefined },
): Promise<ListEventsResponse> {
  const rows = await eventsPage(db).execute({
    userId: opts.userId,
    after: opts.cursor ?? FIRST_ID,
  });
  if (rows.length === 0) return { events: [], next_cursor: null };
  const events = rows.slice(0, LIST_PAGE.events).map(toServerEvent);
  const { page, nextCursor } = takePage(events, EVENT_PAGE, rows.length > LIST_PAGE.events);
  return { events: page, next_cursor: nextCursor };
}

/**
 * A page of `byId` (events in id order after the cursor, of rows read up to `scannedTo`):
 * cut by the page limits it goes on after the last one taken; otherwise after the rows read
 * (`scannedTo`, null when no rows follow them).
 */
export function cutPage<T extends { id: string }>(
  byId: T[],
  scannedTo: string | null,
): { page: T[]; nextCursor: string | null } {
  const { page, nextCursor } = takePage(byId, EVENT_PAGE);
  return { page, nextCursor: nextCursor ?? scannedTo };
}

export const byIdOrder = (a: { id: string }, b: { id: string }) => cmp(a.id, b.id);
export const byStartOrder = (a: ServerEvent, b: ServerEvent) =>
  cmp(a.start_time, b.start_time) || cmp(a.id, b.id);
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

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

// The outer row's id written out in full: drizzle drops table names from columns in the
// selection of a one-table select, and an unqualified "id" in these subqueries would name
// the inner table's own id.
const PROFILE_ID = sql.raw('"profiles"."id"');

/** Does a connected calendar of the profile's user hold anything in [from, to)? */
const connectedIn = (range: { from: Placeholder; to: Placeholder }) =>
  sql<boolean>`exists (select 1 from "external_events" x
    where x."user_id" = ${PROFILE_ID}
      and x."first_start" < ${range.to}
      and (x."last_end" is null or x."last_end" > ${range.from}))`;

/** The user's calendar version (0 before their first event), read in the same snapshot. */
const calendarVersion = sql<number>`coalesce((select v."version" from "calendar_versions" v
    where v."user_id" = ${PROFILE_ID}), 0)`.mapWith(Number);

/**
 * What a cached ranged list is checked against (`userId`, `from`, `to` placeholders): the
 * user's calendar version and zone, and whether connected calendars hold anything in the
 * range (they are merged in fresh, never cached). One primary-key row.
 */
export const rangedStampQuery = (db: Db) =>
  db
    .select({
      zone: profiles.timezone,
      version: calendarVersion,
      connected: connectedIn({ from: sql.placeholder("from"), to: sql.placeholder("to") }),
    })
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder("userId")));
const rangedStamp = preparedPerDb((db) => rangedStampQuery(db).prepare("ranged_events_stamp"));

/** At most this many bytes (estimated) of ranged lists held per process and database. */
export const RANGED_LIST_CACHE_BYTES = 32 * 1024 * 1024;
const rangedLists = preparedPerDb(() => new RangedListCache(RANGED_LIST_CACHE_BYTES));

/**
 * The ranged list's one statement (`userId`, `from`, `to`, `after` placeholders): the user's zone,
 * whether a connected calendar has anything in the range, and the events that may occur in
 * it (mayOccurBetween), from the profile row left-joined to the events — so even a range
 * without events answers one row, and the list costs one round trip instead of four. The
 * profile's values are a subquery fenced by its limit, so PostgreSQL works them out once
 * and not once per joined event (pulled up into the join, both sub-selects ran per row).
 */
export const rangedEventsQuery = (db: Db) => {
  const from = sql.placeholder("from");
  const to = sql.placeholder("to");
  const profile = db
    .select({
      id: profiles.id,
      zone: profiles.timezone,
      connected: connectedIn({ from, to }).as("connected_in_range"),
      version: calendarVersion.as("calendar_version"),
    })
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder("userId")))
    // one row by its key anyway: the limit fences the subquery (PostgreSQL does not pull a
    // subquery with a LIMIT up into the join; drizzle drops an `offset 0`)
    .limit(1)
    .as("profile");
  return (
    db
      .select({
        zone: profile.zone,
        connected: profile.connected,
        version: profile.version,
        event: calendarEvents,
      })
      .from(profile)
      .leftJoin(
        calendarEvents,
        and(
          eq(calendarEvents.userId, profile.id),
          isNull(calendarEvents.deletedAt),
          sql`${calendarEvents.id} > ${sql.placeholder("after")}`,
          sql`${calendarEvents.startTime} < ${to}`,
          or(
            sql`${calendarEvents.startTime} + ${LONGEST_EVENT} >= ${from}`,
            and(
              sql`${calendarEvents.recurrenceFrequency} is not null`,
              or(
                isNull(calendarEvents.recurrenceUntil),
                sql`${calendarEvents.recurrenceUntil} + ${LONGEST_EVENT} >= ${from}`,
              ),
            ),
          ),
        ),
      )
      // a page of candidates in id order (the list's pages), one more to know if more follow
      .orderBy(asc(calendarEvents.id))
      .limit(LIST_PAGE.events + 1)
  );
};
const rangedEvents = preparedPerDb((db) => rangedEventsQuery(db).prepare("ranged_events"));

export type ListedEvents = {
  /** Shared with the cache when it came from there: never changed by a caller. */
  list: RangedList;
  /** Does a connected calendar hold anything in the range (only asked for a whole range)? */
  connected: boolean;
};

/**
 * GET /api/calendar-events: the rows, and for a range of at most OCCURRENCE_RANGE_DAYS (both
 * ends given) every occurrence in it as a view draws it — series expanded in the user's
 * zone without their exceptions, overrides in their own place naming the occurrence they
 * replace, cancelled occurrences absent — in start order. A whole range is one statement
 * (rangedEventsQuery); the same range asked again is answered from RangedListCache after
 * one primary-key row says the calendar has not changed since (rangedStampQuery).
 */
export async function listEventsWithOccurrences(
  db: Db,
  opts: { userId: string; from: string; to: string; cursor?: string | undefined },
): Promise<ListedEvents> {
  const after = opts.cursor ?? FIRST_ID;
  const params = {
    userId: opts.userId,
    from: new Date(opts.from).toISOString(),
    to: new Date(opts.to).toISOString(),
    after,
  };
  const cache = rangedLists(db);
  // a list this process answered for the same range is checked against the database's
  // version in one primary-key row; otherwise the rows are read straight away
  if (cache.has(opts.userId, params)) {
    const [stamp] = await rangedStamp(db).execute(params);
    if (!stamp) return { list: await withoutProfile(db, opts, after), connected: false };
    const zone = stamp.zone ?? "UTC";
    const hit = cache.get(opts.userId, { ...params, version: stamp.version, zone });
    if (hit) return { list: hit, connected: stamp.connected };
  }
  const rows = await rangedEvents(db).execute(params);
  // no profile row (an account being deleted): the plain path answers as it always did
  if (rows.length === 0) return { list: await withoutProfile(db, opts, after), connected: false };
  const first = rows[0]!;
  const zone = first.zone ?? "UTC";
  const list = expandRows(rows, { from: new Date(params.from), to: new Date(params.to), zone });
  cache.set(opts.userId, { ...params, version: first.version, zone }, list);
  return { list, connected: first.connected };
}

/**
 * The listed events and, for a range of at most OCCURRENCE_RANGE_DAYS, their occurrences.
 * Each series is expanded once: the expansion that lists its occurrences is also the one
 * that says whether it belongs in the list.
 */
function expandRows(
  rows: { event: EventRow | null }[],
  range: { from: Date; to: Date; zone: string },
): RangedList {
  const more = rows.length > LIST_PAGE.events;
  const scannedTo = more ? rows[LIST_PAGE.events - 1]!.event!.id : null;
  const listed = expandAll(rows.slice(0, LIST_PAGE.events), range);
  const { page, nextCursor } = cutPage(listed.events, scannedTo);
  page.sort(byStartOrder);
  if (!listed.occurrences) return { events: page, next_cursor: nextCursor };
  const ids = new Set(page.map((e) => e.id));
  return {
    events: page,
    occurrences: listed.occurrences.filter((o) => ids.has(o.event_id)),
    next_cursor: nextCursor,
  };
}

/** No profile row (an account being deleted): the plain path, one page of it. */
async function withoutProfile(
  db: Db,
  opts: { userId: string; from: string; to: string },
  after: string,
): Promise<RangedList> {
  const events = (await listEvents(db, opts)).filter((e) => e.id > after).sort(byIdOrder);
  const { page, nextCursor } = cutPage(events, null);
  return { events: page.sort(byStartOrder), next_cursor: nextCursor };
}

/** The rows' events that occur in the range (in the rows' order) and their occurrences. */
function expandAll(
  rows: { event: EventRow | null }[],
  range: { from: Date; to: Date; zone: string },
): { events: ServerEvent[]; occurrences?: ListedOccurrence[] } {
  const { from, to, zone } = range;
  const withOccurrences = to.getTime() - from.getTime() <= OCCURRENCE_RANGE_DAYS * 86_400_000;
  const events: ServerEvent[] = [];
  const occurrences: ListedOccurrence[] = [];
  for (const { event: row } of rows) {
    if (!row) continue;
    const e = toServerEvent(row);
    const room = withOccurrences ? MAX_LISTED_OCCURRENCES - occurrences.length : 0;
    // past the cap, an event is still listed when it has an occurrence in the range
    const found = expandWithExceptions(seriesOf(e), { from, to, zone, limit: Math.max(room, 1) });
    if (found.length === 0) continue;
    events.push(e);
    if (room <= 0) continue;
    const repeats = Boolean(e.recurrence_frequency);
    for (const o of found) {
      occurrences.push({
        event_id: e.id,
        series_id: repeats ? e.id : e.series_id,
        occurrence: repeats ? o.start.toISOString() : e.recurrence_id,
        start: o.start.toISOString(),
        end: o.end.toISOString(),
      });
    }
  }
  if (!withOccurrences) return { events };
  occurrences.sort(
    (a, b) => a.start.localeCompare(b.start) || a.event_id.localeCompare(b.event_id),
  );
  return { events, occurrences };
}
