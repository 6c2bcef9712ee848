import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { feedWindow } from "../../core/calendar/calendar-feed.ts";
import {
  FEED_DOWNLOAD_NAME,
  LIMITS,
  type ServerEvent,
  type UpdateOccurrenceInput,
  type updateEventRequest,
} from "../../core/contract/calendar.ts";
import { refuseChangingBooking } from "../booking/booked-event.ts";
import { buildUserFeed } from "../calendar/build-user-feed.ts";
import { feedUrl, findCalendarToken, issueCalendarToken } from "../calendar/calendar-token.ts";
import { createEvent } from "../calendar/create-event.ts";
import { deleteEvent } from "../calendar/delete-event.ts";
import { deleteOccurrence, updateOccurrence } from "../calendar/edit-occurrence.ts";
import { FeedCache } from "../calendar/feed-cache.ts";
import { feedRateLimit } from "../calendar/feed-rate-limit.ts";
import {
  byIdOrder,
  byStartOrder,
  cutPage,
  listEventsPage,
  listEventsWithOccurrences,
} from "../calendar/list-events.ts";
import type { RangedList } from "../calendar/ranged-list-cache.ts";
import { updateEvent } from "../calendar/update-event.ts";
import { listConnectedEvents } from "../connections/connected-events.ts";
import { isConnectedOccurrenceId } from "../connections/list-external-occurrences.ts";
import type { AppContext } from "../context.ts";
import { AppError, notFound } from "../errors.ts";
import { defineRoute, respond, serialized } from "../http/define-route.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";

/**
 * Built feeds kept per process: 64 MB of gzip (a feed compresses ~10×) holds thousands of
 * typical feeds; two builds at a time bound the memory that building takes.
 */
const FEED_CACHE = { maxBytes: 64 * 1024 * 1024, maxBuilds: 2 };

/** Where an open end of a range stops: the years an event may be in. */
const YEAR_RANGE = {
  from: new Date(Date.UTC(LIMITS.minYear, 0, 1)).toISOString(),
  to: new Date(Date.UTC(LIMITS.maxYear + 1, 0, 1)).toISOString(),
};

/**
 * A page of Sage's events with the connected occurrences whose ids fall in the same stretch
 * of ids (after the cursor, up to where Sage's page stopped), cut by the page limits again.
 */
function withConnected(
  list: RangedList,
  external: ServerEvent[],
  after: string | undefined,
): RangedList {
  const stop = list.next_cursor;
  const inStretch = external.filter(
    (e) => (!after || e.id > after) && (stop === null || e.id <= stop),
  );
  const byId = [...list.events, ...inStretch].sort(byIdOrder);
  const { page, nextCursor } = cutPage(byId, stop);
  const ids = new Set(page.map((e) => e.id));
  return {
    events: page.sort(byStartOrder),
    ...(list.occurrences
      ? { occurrences: list.occurrences.filter((o) => ids.has(o.event_id)) }
      : {}),
    next_cursor: nextCursor,
  };
}

/** Connected events are read only: their ids (UUID version 8) are never Sage's own. */
function refuseConnectedEvent(eventId: string): void {
  if (isConnectedOccurrenceId(eventId)) {
    throw new AppError(
      403,
      "forbidden",
      "This event comes from a connected calendar and is read only here; change it in that calendar",
    );
  }
}

export function registerCalendarRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  feedTokenLimit?: { max: number; windowSeconds: number },
): void {
  // generous: a device coming back online replays its whole queue at once
  const write = {
    preHandler: [
      rateLimit(ctx.db, { name: "calendar-write", max: 600, windowSeconds: 600, by: "user" }),
    ],
  };

  // every answer is one page (LIST_PAGE: 500 events, 2 MB), in id order across pages;
  // `next_cursor` asks for the next one (issue 24: the whole list was 83 MB at the cap)
  defineRoute(app, ctx, "listEvents", async ({ user, query: { from, to, cursor } }) => {
    const after = cursor?.toLowerCase();
    if (!from && !to) return listEventsPage(ctx.db, { userId: user.id, cursor: after });
    // an open end is the end of the year range events may have
    const { list, connected } = await listEventsWithOccurrences(ctx.db, {
      userId: user.id,
      from: from ?? YEAR_RANGE.from,
      to: to ?? YEAR_RANGE.to,
      cursor: after,
    });
    // connected calendars' occurrences only for a whole range (issue 16) that holds some;
    // otherwise the page as it is (a cached page's JSON is written once)
    if (!from || !to || !connected) return serialized(list);
    const external = await listConnectedEvents(ctx.db, { userId: user.id, from, to });
    return withConnected(list, external, after);
  });

  defineRoute(
    app,
    ctx,
    "createEvent",
    async ({ user, body: input }) => {
      if (input.id) refuseConnectedEvent(input.id);
      const { created, event } = await createEvent(ctx.db, { userId: user.id, input });
      return respond(created ? 201 : 200, { event });
    },
    write,
  );

  // with ?occurrence=&scope= the change is for one occurrence of a repeating event, or
  // that one and the following, or all (src/server/calendar/edit-occurrence.ts); the body's
  // schema follows the query (the route table's bodyFor)
  defineRoute(
    app,
    ctx,
    "updateEvent",
    async ({ user, query: { eventId, occurrence, scope }, body }) => {
      refuseConnectedEvent(eventId);
      const userId = user.id;
      if (occurrence && scope) {
        const input = body as UpdateOccurrenceInput;
        return updateOccurrence(ctx.db, { userId, eventId, occurrence, scope, input });
      }
      const input = body as z.output<typeof updateEventRequest>;
      return { event: await updateEvent(ctx.db, { userId, eventId, input, via: input.source }) };
    },
    write,
  );

  defineRoute(
    app,
    ctx,
    "deleteEvent",
    async ({ user, query: { eventId, occurrence, scope } }) => {
      refuseConnectedEvent(eventId);
      const userId = user.id;
      if (occurrence && scope) {
        const series = await deleteOccurrence(ctx.db, { userId, eventId, occurrence, scope });
        return { success: true as const, id: eventId, series };
      }
      await refuseChangingBooking(ctx.db, { userId, eventId, change: "cancel" });
      await deleteEvent(ctx.db, { userId, eventId });
      return { success: true as const, id: eventId };
    },
    write,
  );

  defineRoute(
    app,
    ctx,
    "issueCalendarToken",
    async ({ user }) => {
      const token = await issueCalendarToken(ctx.db, user.id);
      return { token, feedUrl: feedUrl(ctx.config, token) };
    },
    {
      preHandler: [
        rateLimit(ctx.db, { name: "calendar-token", max: 20, windowSeconds: 3600, by: "user" }),
      ],
    },
  );

  defineRoute(app, ctx, "getCalendarToken", async ({ user }) => {
    const token = await findCalendarToken(ctx.db, user.id);
    if (!token) throw notFound("No calendar token yet");
    return { token, feedUrl: feedUrl(ctx.config, token) };
  });

  /**
   * The subscription feed. No sign-in: the token in the path is the secret, so wrong and
   * revoked tokens get the same 404, and the request logger redacts the segment after
   * /feed/. Limited per address for tokens that open nothing and per token for those that
   * do (feed-rate-limit.ts). The feed is built once per change of the calendar (FeedCache,
   * keyed by the calendar's version in the database); the ETag is derived from that key, so
   * a client's If-None-Match gets its 304 without anything being built.
   */
  const feeds = new FeedCache(FEED_CACHE);
  defineRoute(
    app,
    ctx,
    "calendarFeed",
    async ({ request, reply, query }) => {
      const owner = request.feedOwner;
      reply.header("referrer-policy", "no-referrer");
      reply.header("cache-control", "private, no-cache");
      reply.header("x-robots-tag", "noindex");
      if (!owner) throw notFound("Not found");

      const now = ctx.now();
      const stamp = [owner.userId, owner.version, owner.zone, feedWindow(now).from.toISOString()];
      const etag = `"${createHash("sha256").update(stamp.join("|")).digest("base64url").slice(0, 27)}"`;
      reply.header("etag", etag);
      reply.header("vary", "accept-encoding");
      if (query.download === "1") {
        reply.header("content-disposition", `attachment; filename="${FEED_DOWNLOAD_NAME}"`);
      }
      if (request.headers["if-none-match"] === etag) return respond(304);

      const feed = await feeds.get(owner.userId, etag, () => buildUserFeed(ctx.db, owner, now));
      reply.type("text/calendar; charset=utf-8");
      if (/\bgzip\b/.test(request.headers["accept-encoding"] ?? "")) {
        return reply.header("content-encoding", "gzip").send(feed.gzip);
      }
      // the few clients without gzip get it inflated on the thread pool, as a stream
      return reply.send(Readable.from([feed.gzip]).pipe(createGunzip()));
    },
    { preHandler: [feedRateLimit(ctx.db, feedTokenLimit)] },
  );
}
