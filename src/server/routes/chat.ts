import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { suspiciousPatterns } from "../../core/chat/message-rules.ts";
import { chatRequest, idParam } from "../../core/contract/chat.ts";
import { localeFrom } from "../assistant/format-when.ts";
import { undoAction } from "../assistant/record-actions.ts";
import { currentUser } from "../auth/authenticate.ts";
import { type ChatReply, type ChatTurnEvent, startChatTurn } from "../chat/run-chat-turn.ts";
import { pushAllBlocks, refreshConnections } from "../connections/refresh-connections.ts";
import type { AppContext } from "../context.ts";
import { AppError, parseInput } from "../errors.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";

/** A short window per user protects the model budget, even for Pro. */
export const CHAT_RATE_LIMIT = { name: "chat", max: 20, windowSeconds: 60, by: "user" as const };

export function registerChatRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  limit: { max: number; windowSeconds: number } = CHAT_RATE_LIMIT,
): void {
  const preHandler = [ctx.requireUser, rateLimit(ctx.db, { ...CHAT_RATE_LIMIT, ...limit })];
  /** The person's write calendar follows what the assistant changed (bounded; never throws). */
  const followWriteCalendar = (request: FastifyRequest, userId: string) =>
    pushAllBlocks(
      { db: ctx.db, config: ctx.config, now: ctx.now, log: request.log, google: ctx.google },
      { userId },
    ).catch((err) => request.log.warn({ err }, "chat: pushing blocks failed"));

  /** Undoes one change the assistant made (the user's own only; a second Undo is a no-op). */
  app.post("/api/assistant/actions/:id/undo", { preHandler: ctx.requireUser }, async (request) => {
    const user = currentUser(request);
    const { id } = parseInput(idParam, request.params);
    const undone = await undoAction(ctx.db, { userId: user.id, actionId: id });
    if (undone.calendarChanged) await followWriteCalendar(request, user.id);
    return undone;
  });

  /**
   * One chat turn (chat/run-chat-turn.ts): a JSON answer, or with `accept: text/event-stream`
   * server-sent events — `delta` events with text, then one `done` event carrying the same
   * JSON fields as the plain response, or one `error` event.
   */
  app.post("/api/chat", { preHandler }, async (request, reply) => {
    const user = currentUser(request);
    const input = parseInput(chatRequest, request.body);
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
      return streamEvents(reply, turn.run);
    let done: ChatReply | undefined;
    for await (const event of turn.run()) if (event.type === "done") done = event.reply;
    return done;
  });
}

/**
 * Writes a turn's events as server-sent events. A client that goes away (the response's
 * close, not the request's, which fires once the body is read) aborts the turn.
 */
async function streamEvents(
  reply: FastifyReply,
  run: (signal: AbortSignal) => AsyncGenerator<ChatTurnEvent, void>,
) {
  const abort = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
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
    for await (const event of run(abort.signal)) {
      if (event.type === "delta") send("delta", { text: event.text });
      else send("done", event.reply);
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
    if (!abort.signal.aborted) send("error", { error: failure.message, code: failure.code });
  } finally {
    reply.raw.end();
  }
}
