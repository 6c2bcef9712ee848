import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { seriesBounds, seriesTitle } from "../../core/calendar/external/expand-series.ts";
import {
  CalendarDataError,
  type ExternalSeries,
  type SeriesBounds,
  type Unreadable,
  unreadableOf,
} from "../../core/calendar/external/types.ts";
import type { Db } from "../db/client.ts";
import { calendarConnections, connectionCalendars, externalEvents } from "../db/schema.ts";
import { readCalendar } from "../integrations/calendars/worker/calendar-pool.ts";

export type StoredResource = {
  key: string;
  etag: string | null;
  series: ExternalSeries;
  /** Set by checkExpandable (computed in the worker beside the check). */
  bounds?: SeriesBounds;
  /** Set by checkExpandable: over its own limits, so left out (never stored) and counted. */
  unfollowable?: true;
};

/**
 * Proves every series can be expanded within the limits (calendar-jobs.ts, checkSeries)
 * before anything is stored — in the calendar worker, so a hostile calendar costs the
 * server's event loop nothing and a check that runs out of time ends as CalendarDataError —
 * and records each resource's bounds for storing. A series over its own limits is marked
 * `unfollowable` (the store functions leave it out); answers their titles, to be said. With
 * `refuseWhenNone` (connecting: these are the whole calendar), a calendar whose every
 * series is over its limits is refused with CalendarDataError, as one none of whose events
 * can be read; a later sync never stops on it.
 */
export async function checkExpandable(
  resources: StoredResource[],
  now: Date,
  opts: { refuseWhenNone?: boolean } = {},
): Promise<string[]> {
  const checked = await readCalendar({
    kind: "check",
    series: resources.map((r) => r.series),
    now: now.getTime(),
  });
  const left: string[] = [];
  let why: string | undefined;
  for (const [i, r] of resources.entries()) {
    const result = checked[i]!;
    if (!("unfollowable" in result)) {
      r.bounds = result;
      continue;
    }
    r.unfollowable = true;
    why ??= result.unfollowable;
    left.push(seriesTitle(r.series));
  }
  if (why && opts.refuseWhenNone && left.length === resources.length)
    throw new CalendarDataError(why, "too-complex");
  return left;
}

/** What may be stored: every resource but those the check left out. */
const followable = (resources: StoredResource[]) => resources.filter((r) => !r.unfollowable);

/** One series as stored: its jCal as JSON text (stored as is, never walked here again). */
export type SeriesRow = {
  key: string;
  uid: string;
  etag: string | null;
  json: string;
} & SeriesBounds;

const rowOf = (r: StoredResource): SeriesRow => ({
  key: r.key,
  uid: r.series.uid,
  etag: r.etag,
  json: JSON.stringify(r.series),
  ...(r.bounds ?? seriesBounds(r.series)),
});

type Ids = { calendarId: string; connectionId: string; userId: string };

/**
 * Rows and JSON characters per INSERT. PGlite runs on the server's thread, so each statement
 * holds the event loop while its rows are stored: measured (loaded 2-core machine) ~0.25 ms
 * per small row and 8–40 ms for one series of 1,000 overrides (280 KB); 500 rows a statement
 * held it 40–260 ms. A row bigger than CHUNK_CHARS goes alone (a series is ≤ 1,000 overrides).
 */
const CHUNK_CHARS = 128 * 1024;
const CHUNK_ROWS = 50;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Removes a calendar's stored series but those with the given keys. The keys go as one
 * JSON parameter: 5,000 of them as a list of parameters cost PGlite ~0.1 s on this thread.
 */
async function deleteOthers(tx: Db, calendarId: string, keys: string[]): Promise<void> {
  await tx
    .delete(externalEvents)
    .where(
      and(
        eq(externalEvents.calendarId, calendarId),
        sql`${externalEvents.resourceKey} not in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`,
      ),
    );
}

/** Replaces a calendar's stored series with a full snapshot (ICS, full CalDAV listing). */
export async function replaceSeries(tx: Db, ids: Ids, all: StoredResource[]): Promise<void> {
  const resources = followable(all);
  await deleteOthers(
    tx,
    ids.calendarId,
    resources.map((r) => r.key),
  );
  await storeRows(tx, ids, resources, rowOf);
}

/** Replaces a calendar's stored series with the rows of a read (ICS), stored as they are. */
export async function replaceSeriesRows(tx: Db, ids: Ids, rows: SeriesRow[]): Promise<void> {
  await deleteOthers(
    tx,
    ids.calendarId,
    rows.map((r) => r.key),
  );
  await storeRows(tx, ids, rows, (r) => r);
}

/** Inserts or replaces the given resources (by key), in chunks. */
export async function upsertSeries(tx: Db, ids: Ids, resources: StoredResource[]): Promise<void> {
  await storeRows(tx, ids, followable(resources), rowOf);
}

/**
 * Inserts or replaces rows (by key) in statements of at most CHUNK_CHARS of JSON, giving the
 * event loop a turn between them: a big calendar never holds the server's thread for more
 * than one chunk, on PGlite too. Inside the caller's transaction, so still all or nothing.
 */
async function storeRows<T>(
  tx: Db,
  ids: Ids,
  items: T[],
  toRow: (item: T) => SeriesRow,
): Promise<void> {
  let chunk: SeriesRow[] = [];
  let chars = 0;
  for (const [i, item] of items.entries()) {
    const row = toRow(item);
    chunk.push(row);
    chars += row.json.length;
    if (chars < CHUNK_CHARS && chunk.length < CHUNK_ROWS && i < items.length - 1) continue;
    await insertRows(tx, ids, chunk);
    chunk = [];
    chars = 0;
    if (i < items.length - 1) await nextTurn();
  }
}

async function insertRows(tx: Db, ids: Ids, rows: SeriesRow[]): Promise<void> {
  await tx
    .insert(externalEvents)
    .values(
      rows.map((r) => ({
        ...ids,
        resourceKey: r.key,
        uid: r.uid,
        etag: r.etag,
        series: sql`${r.json}::jsonb`,
        firstStart: r.firstStart,
        lastEnd: r.lastEnd,
      })),
    )
    .onConflictDoUpdate({
      target: [externalEvents.calendarId, externalEvents.resourceKey],
      set: {
        uid: sqlExcluded("uid"),
        etag: sqlExcluded("etag"),
        series: sqlExcluded("series"),
        firstStart: sqlExcluded("first_start"),
        lastEnd: sqlExcluded("last_end"),
      },
    });
}

/** Removes resources by key (CalDAV deletions reported by sync-collection). */
export async function deleteSeries(tx: Db, calendarId: string, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 500) {
    await tx
      .delete(externalEvents)
      .where(
        and(
          eq(externalEvents.calendarId, calendarId),
          inArray(externalEvents.resourceKey, keys.slice(i, i + 500)),
        ),
      );
  }
}

const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);

/** One calendar of an account as a sync read it: what it is, and what changed in it. */
export type CalendarUpdate = {
  externalId: string;
  name: string;
  color: string | null;
  writable: boolean;
  syncToken: string | null;
  ctag: string | null;
  /** full: `resources` is the whole calendar; delta: the series that changed, and `deleted`. */
  mode: "full" | "delta";
  resources: StoredResource[];
  deleted: string[];
  /** A full read's events that could not be read (parse); those the check left out are added. */
  unreadable?: Unreadable | null;
};

/**
 * Applies what a sync of an account (CalDAV or Google) read, inside the caller's
 * transaction: calendars that left the account are removed with their events, new ones
 * added (busy by default), each calendar's series stored with its new sync state. The
 * person's busy choices are kept, and a write calendar Sage may no longer write to is
 * unset.
 */
export async function applyCalendarUpdates(
  tx: Db,
  opts: { connectionId: string; userId: string; calendars: CalendarUpdate[] },
): Promise<void> {
  const ids = opts.calendars.map((c) => c.externalId);
  await tx
    .delete(connectionCalendars)
    .where(
      ids.length > 0
        ? and(
            eq(connectionCalendars.connectionId, opts.connectionId),
            notInArray(connectionCalendars.externalId, ids),
          )
        : eq(connectionCalendars.connectionId, opts.connectionId),
    );
  for (const calendar of opts.calendars) {
    const state = {
      name: calendar.name,
      color: calendar.color,
      writable: calendar.writable,
      syncToken: calendar.syncToken,
      ctag: calendar.ctag,
      // a whole read says what the calendar holds that Sage left out; a delta cannot
      ...(calendar.mode === "full"
        ? {
            unreadable: unreadableOf(
              calendar.unreadable ?? undefined,
              calendar.resources.filter((r) => r.unfollowable).map((r) => seriesTitle(r.series)),
            ),
          }
        : {}),
    };
    const [row] = await tx
      .insert(connectionCalendars)
      .values({
        connectionId: opts.connectionId,
        userId: opts.userId,
        externalId: calendar.externalId,
        busy: true,
        ...state,
      })
      .onConflictDoUpdate({
        target: [connectionCalendars.connectionId, connectionCalendars.externalId],
        set: state,
      })
      .returning({ id: connectionCalendars.id });
    const target = { calendarId: row!.id, connectionId: opts.connectionId, userId: opts.userId };
    if (calendar.mode === "full") {
      await replaceSeries(tx, target, calendar.resources);
    } else {
      // a changed series that can no longer be followed goes, like a deleted one
      const gone = calendar.resources.filter((r) => r.unfollowable).map((r) => r.key);
      await deleteSeries(tx, row!.id, [...calendar.deleted, ...gone]);
      await upsertSeries(tx, target, calendar.resources);
    }
  }
  await tx
    .update(calendarConnections)
    .set({ writeCalendarId: null })
    .where(
      and(
        eq(calendarConnections.id, opts.connectionId),
        sql`${calendarConnections.writeCalendarId} is not null`,
        sql`not exists (select 1 from ${connectionCalendars} where ${connectionCalendars.id} = ${calendarConnections.writeCalendarId} and ${connectionCalendars.writable})`,
      ),
    );
}
