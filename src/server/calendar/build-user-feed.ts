import { setImmediate as yieldToLoop } from "node:timers/promises";
import { createGzip } from "node:zlib";
import { and, asc, eq, gt, gte, isNull, or, type SQL } from "drizzle-orm";
import {
  calendarFeedParts,
  type FeedEvent,
  feedWindow,
} from "../../core/calendar/calendar-feed.ts";
import { seriesOf } from "../../core/calendar/event-series.ts";
import { occursBetween } from "../../core/calendar/recurrence.ts";
import type { Db } from "../db/client.ts";
import { calendarEvents } from "../db/schema.ts";
import { toServerEvent } from "./event-dto.ts";
import type { FeedOwner } from "./feed-owner.ts";
import { mayOccurBetween } from "./list-events.ts";

/**
 * Rows read per query: each page is one short query, and the event loop turns between them
 * (PGlite runs queries on the main thread: a page of 200 rows holds it ~10–40 ms).
 */
const PAGE_ROWS = 200;
/** The longest the build holds the event loop before letting other requests run. */
const SLICE_MS = 10;

export type BuiltFeed = { gzip: Buffer; bytes: number; events: number };

/** Runs `step` for each item, handing the event loop back every SLICE_MS. */
async function inSlices<T>(items: Iterable<T>, step: (item: T) => void): Promise<void> {
  let sliceStart = performance.now();
  for (const item of items) {
    step(item);
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
  }
}

/** The owner's live events with an occurrence in the window, in start order, page by page. */
async function windowEvents(db: Db, owner: FeedOwner, window: { from: Date; to: Date }) {
  const range = { ...window, zone: owner.zone ?? "UTC" };
  const events: FeedEvent[] = [];
  let after: { start: Date; id: string } | null = null;
  for (;;) {
    const conditions: SQL[] = [
      eq(calendarEvents.userId, owner.userId),
      isNull(calendarEvents.deletedAt),
      ...mayOccurBetween(window),
    ];
    if (after) {
      // the first condition lets the (user_id, start_time) index start at the last row
      conditions.push(
        gte(calendarEvents.startTime, after.start),
        or(
          gt(calendarEvents.startTime, after.start),
          and(eq(calendarEvents.startTime, after.start), gt(calendarEvents.id, after.id)),
        )!,
      );
    }
    const rows = await db
      .select()
      .from(calendarEvents)
      .where(and(...conditions))
      .orderBy(asc(calendarEvents.startTime), asc(calendarEvents.id))
      .limit(PAGE_ROWS);
    await inSlices(rows, (row) => {
      const event = toServerEvent(row);
      // expansion starts at the window (recurrence.ts), so this costs little per series
      if (occursBetween(seriesOf(event), range)) events.push(event);
    });
    if (rows.length < PAGE_ROWS) return events;
    const last = rows.at(-1)!;
    after = { start: last.startTime, id: last.id };
  }
}

/**
 * Builds the owner's feed — the events with an occurrence in feedWindow(now) — gzipped.
 * Never holds the event loop for more than about SLICE_MS at a time: rows are read in pages,
 * VEVENTs written one by one with a turn of the loop every SLICE_MS, and compression runs
 * on libuv's thread pool. Bounded by the window and the per-user event cap.
 */
export async function buildUserFeed(db: Db, owner: FeedOwner, now: Date): Promise<BuiltFeed> {
  const window = feedWindow(now);
  const events = await windowEvents(db, owner, window);
  const gzip = createGzip();
  const chunks: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    gzip.on("end", resolve);
    gzip.on("error", reject);
  });
  let bytes = 0;
  // `now` is the window's start, so the same calendar gives the same bytes all day
  await inSlices(calendarFeedParts({ events, zone: owner.zone, now: window.from }), (part) => {
    bytes += Buffer.byteLength(part);
    gzip.write(part);
  });
  gzip.end();
  await done;
  return { gzip: Buffer.concat(chunks), bytes, events: events.length };
}
