import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import {
  createEventRequest,
  eventIdQuery,
  FEED_DOWNLOAD_NAME,
  listEventsQuery,
  updateEventRequest,
} from "../../core/contract/calendar.ts";
import { currentUser } from "../auth/authenticate.ts";
import { feedUrl, findCalendarToken, issueCalendarToken } from "../calendar/calendar-token.ts";
import { createEvent } from "../calendar/create-event.ts";
import { deleteEvent } from "../calendar/delete-event.ts";
import { listEvents } from "../calendar/list-events.ts";
import { renderUserFeed } from "../calendar/render-user-feed.ts";
import { updateEvent } from "../calendar/update-event.ts";
import type { AppContext } from "../context.ts";
import { notFound, parseInput } from "../errors.ts";
import { memoryRateLimit, rateLimit } from "../rate-limit/consume-rate-limit.ts";

/** Per address, in memory: calendar services poll many users' feeds from shared addresses. */
const FEED_RATE_LIMIT = { name: "calendar-feed", max: 600, windowSeconds: 60 };

export function registerCalendarRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: ctx.requireUser };
  // generous: a device coming back online replays its whole queue at once
  const write = {
    preHandler: [
      ctx.requireUser,
      rateLimit(ctx.db, { name: "calendar-write", max: 600, windowSeconds: 600, by: "user" }),
    ],
  };

  app.get("/api/calendar-events", auth, async (request) => {
    const { from, to } = parseInput(listEventsQuery, request.query);
    return { events: await listEvents(ctx.db, { userId: currentUser(request).id, from, to }) };
  });

  app.post("/api/calendar-events", write, async (request, reply) => {
    const input = parseInput(createEventRequest, request.body);
    const { created, event } = await createEvent(ctx.db, {
      userId: currentUser(request).id,
      input,
    });
    return reply.code(created ? 201 : 200).send({ event });
  });

  app.put("/api/calendar-events", write, async (request) => {
    const { eventId } = parseInput(eventIdQuery, request.query);
    const input = parseInput(updateEventRequest, request.body);
    return {
      event: await updateEvent(ctx.db, { userId: currentUser(request).id, eventId, input }),
    };
  });

  app.delete("/api/calendar-events", write, async (request) => {
    const { eventId } = parseInput(eventIdQuery, request.query);
    await deleteEvent(ctx.db, { userId: currentUser(request).id, eventId });
    return { success: true, id: eventId };
  });

  app.post(
    "/api/calendar-token",
    {
      preHandler: [
        ctx.requireUser,
        rateLimit(ctx.db, { name: "calendar-token", max: 20, windowSeconds: 3600, by: "user" }),
      ],
    },
    async (request) => {
      const token = await issueCalendarToken(ctx.db, currentUser(request).id);
      return { token, feedUrl: feedUrl(ctx.config, token) };
    },
  );

  app.get("/api/calendar-token", auth, async (request) => {
    const token = await findCalendarToken(ctx.db, currentUser(request).id);
    if (!token) throw notFound("No calendar token yet");
    return { token, feedUrl: feedUrl(ctx.config, token) };
  });

  /**
   * The subscription feed. No sign-in: the token in the path is the secret, so wrong and
   * revoked tokens get the same 404, and the request logger redacts the segment after
   * /feed/. The per-address limit is generous and kept in memory: calendar services fetch
   * many users' feeds from a few shared addresses, and a 256-bit token cannot be guessed.
   */
  app.get<{ Params: { file: string }; Querystring: { download?: string } }>(
    "/api/calendar/feed/:file",
    { preHandler: memoryRateLimit(FEED_RATE_LIMIT) },
    async (request, reply) => {
      const match = /^(.+)\.ics$/.exec(request.params.file);
      const body = match ? await renderUserFeed(ctx.db, match[1]!) : undefined;
      reply.header("referrer-policy", "no-referrer");
      reply.header("cache-control", "private, no-cache");
      reply.header("x-robots-tag", "noindex");
      if (body === undefined) throw notFound("Not found");

      const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
      reply.header("etag", etag);
      if (request.query.download === "1") {
        reply.header("content-disposition", `attachment; filename="${FEED_DOWNLOAD_NAME}"`);
      }
      if (request.headers["if-none-match"] === etag) return reply.code(304).send();
      return reply.type("text/calendar; charset=utf-8").send(body);
    },
  );
}
