import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { suspiciousPatterns } from "../../core/chat/message-rules.ts";
import { chatResponse } from "../../core/contract/chat.ts";
import { localeFrom } from "../assistant/format-when.ts";
import { undoAction } from "../assistant/record-actions.ts";
import { acceptAction } from "../assistant/routine-tools.ts";
import { type ChatReply, type ChatTurnEvent, startChatTurn } from "../chat/run-chat-turn.ts";
import { pushAllBlocks, refreshConnections } from "../connections/refresh-connections.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { defineRoute } from "../http/define-route.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";

/** A short window per user protects the model budget, even for Pro. */
export const CHAT_RATE_LIMIT = { name: "chat", max: 20, windowSeconds: 60, by: "user" as const };

export function registerChatRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  limit: { max: number; windowSeconds: number } = CHAT_RATE_LIMIT,
): void {
  const preHandler = [rateLimit(ctx.db, { ...CHAT_RATE_LIMIT, ...limit })];
  /** The person's write calendar follows what the assistant changed (bounded; never throws). */
  const followWriteCalendar = (request: FastifyRequest, userId: string) =>
    pushAllBlocks(
      { db: ctx.db, config: ctx.config, now: ctx.now, log: request.log, google: ctx.google },
      { userId },
    ).catch((err) => request.log.warn({ err }, "chat: pushing blocks failed"));

  /** Undoes one change the assistant made (the user's own only; a second Undo is a no-op). */
  defineRoute(app, ctx, "undoAssistantAction", async ({ user, params, request }) => {
    const undone = await undoAction(ctx.db, { userId: user.id, actionId: params.id });
    if (undone.calendarChanged) await followWriteCalendar(request, user.id);
    return undone;
  });

  /** Yes to a proposal card (a routine from chat, issue 29): it is written now. */
  defineRoute(app, ctx, "acceptAssistantAction", async ({ user, params, request }) => {
    const accepted = await acceptAction(ctx.db, {
      userId: user.id,
      actionId: params.id,
      now: ctx.now(),
      locale: localeFrom(request.headers["accept-language"]),
    });
    if (accepted.calendarChanged) await followWriteCalendar(request, user.id);
    return accepted;
  });

  /**
   * One chat turn (chat/run-chat-turn.ts): a JSON answer, or with `accept: text/event-stream`
   * server-sent events — `delta` events with text, then one `done` event carrying the same
   * JSON fields as the plain response, or one `error` event.
   */
  defineRoute(
    app,
    ctx,
    "chat",
    async ({ user, body: input, request, reply }) => {
      // watched from the start: a client that leaves while the turn is prepared (before any
      // listener of the stream exists) is not charged either
      const gone = clientGone(request, reply);
      const flagged = suspiciousPatterns(input.message);
      if (flagged.length > 0)
        request.log.warn({ userId: user.id, flagged }, "chat: suspicious pattern");
      const services = { db: ctx.db, config: ctx.config, now: ctx.now, log: request.log };
      const { provider, baseUrl } = ctx.config.llm;
      const turn = await startChatTurn(
        {
          db: ctx.db,
          now: ctx.now,
          log: request.log,
          model: ctx.chatModel,
          requestModels: !baseUrl && (provider ?? "openai") === "openai",
          refreshCalendars: (userId) =>
            refreshConnections({ ...services, google: ctx.google }, { userId, waitMs: 2_000 }),
          calendarChanged: (userId) => followWriteCalendar(request, userId),
        },
        // times in replies are written the way the browser's calendar writes them
        { user, input, locale: localeFrom(request.headers["accept-language"]) },
      );
      if (String(request.headers.accept ?? "").includes("text/event-stream"))
        return streamEvents(reply, turn.run, gone, ctx.checkResponses);
      let done: ChatReply | undefined;
      for await (const event of turn.run(gone)) if (event.type === "done") done = event.reply;
      if (!done) throw new Error("the chat turn ended without its reply");
      return done;
    },
    { preHandler },
  );
}

/**
 * Aborts when the client goes away before its answer is written: the response's close (not
 * the request's, which fires once the body is read), or a socket already closed by the time
 * this is called.
 */
function clientGone(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const abort = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  if (request.raw.socket?.destroyed) abort.abort();
  return abort.signal;
}

/** Writes a turn's events as server-sent events; `signal` (the client went away) aborts it. */
async function streamEvents(
  reply: FastifyReply,
  run: (signal: AbortSignal) => AsyncGenerator<ChatTurnEvent, void>,
  signal: AbortSignal,
  checkResponses: boolean,
) {
  reply.hijack();
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    "x-accel-buffering": "no",
  });
  const send = (event: string, data: unknown) =>
    reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  try {
    for await (const event of run(signal)) {
      if (event.type === "delta") send("delta", { text: event.text });
      else {
        // in development and tests the `done` event is held to the contract, like JSON answers
        if (checkResponses && !chatResponse.safeParse(event.reply).success) {
          reply.log.error({ route: "chat" }, "the stream's done event does not match the contract");
        }
        send("done", event.reply);
      }
    }
  } catch (err) {
    const failure =
      err instanceof AppError
        ? err
        : new AppError(
            502,
            "service_unavailable",
            "The assistant could not answer right now. Please try again.",
          );
    if (!signal.aborted) send("error", { error: failure.message, code: failure.code });
  } finally {
    reply.raw.end();
  }
  return reply;
}
