import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { suspiciousPatterns } from "../../core/chat/message-rules.ts";
import { chatRequest, idParam } from "../../core/contract/chat.ts";
import { composeAreaReply } from "../../core/onboarding/compose-area-reply.ts";
import { calendarToolUse } from "../assistant/calendar-tool-specs.ts";
import { localeFrom } from "../assistant/format-when.ts";
import { cannedModel, offlineCalendarTurn } from "../assistant/offline-calendar-turn.ts";
import { type PendingAction, undoAction } from "../assistant/record-actions.ts";
import { currentUser } from "../auth/authenticate.ts";
import {
  commitChatTurn,
  type PreparedTurn,
  prepareChatTurn,
  refundChatTurn,
} from "../chat/chat-turn.ts";
import { pushAllBlocks, refreshConnections } from "../connections/refresh-connections.ts";
import type { AppContext } from "../context.ts";
import { AppError, parseInput } from "../errors.ts";
import {
  type CompletionRequest,
  type LanguageModel,
  LlmError,
} from "../integrations/llm/language-model.ts";
import { OFFLINE_MODEL_NAME } from "../integrations/llm/offline-assistant.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";

/** A short window per user protects the model budget, even for Pro. */
export const CHAT_RATE_LIMIT = { name: "chat", max: 20, windowSeconds: 60, by: "user" as const };

function modelFailure(err: unknown): AppError {
  if (err instanceof LlmError && err.kind === "rate_limited") {
    return new AppError(
      429,
      "rate_limited",
      "Rate limit reached at the model provider. Please wait a moment and try again.",
    );
  }
  if (err instanceof LlmError && err.kind === "timeout") {
    return new AppError(
      504,
      "service_unavailable",
      "The assistant took too long to answer. Please try again.",
    );
  }
  return new AppError(
    502,
    "service_unavailable",
    "The assistant could not answer right now. Please try again.",
  );
}

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

  app.post("/api/chat", { preHandler }, async (request, reply) => {
    const user = currentUser(request);
    const input = parseInput(chatRequest, request.body);
    const flagged = suspiciousPatterns(input.message);
    if (flagged.length > 0)
      request.log.warn({ userId: user.id, flagged }, "chat: suspicious pattern");

    // connected calendars fresh before the assistant reads them (bounded wait, never fails)
    await refreshConnections(
      { db: ctx.db, config: ctx.config, now: ctx.now, log: request.log, google: ctx.google },
      { userId: user.id, waitMs: 2_000 },
    );
    // a real model is given the calendar tools (prepared before any allowance is reserved)
    // times in replies are written the way the browser's calendar writes them
    const locale = localeFrom(request.headers["accept-language"]);
    const tools =
      ctx.chatModel.kind === "openai"
        ? await calendarToolUse(ctx.db, { userId: user.id, now: ctx.now(), locale })
        : undefined;
    const turn = await prepareChatTurn(ctx.db, {
      user,
      input,
      now: ctx.now(),
      providerModels: ctx.config.llm.baseUrl ? "fixed" : "openai",
      locale,
    });
    // the offline assistant acts on the calendar itself
    const action =
      ctx.chatModel.kind === "offline"
        ? await offlineCalendarTurn(ctx.db, {
            userId: user.id,
            message: turn.message,
            now: ctx.now(),
            locale,
            history: turn.modelMessages.slice(1, -1),
          }).catch(async (err) => {
            await refundChatTurn(ctx.db, turn);
            throw err;
          })
        : undefined;
    // in another life area's assistant the built-in one says plainly what it does there,
    // rather than giving calendar advice in place of help it cannot give
    const areaReply =
      !action && ctx.chatModel.kind === "offline"
        ? composeAreaReply({ domain: turn.context.domain, answers: turn.context.answers })
        : undefined;
    const model = action
      ? cannedModel(action.completion)
      : areaReply
        ? cannedModel({
            text: areaReply,
            model: OFFLINE_MODEL_NAME,
            tokensUsed: Math.ceil((turn.message.length + areaReply.length) / 4),
          })
        : ctx.chatModel;
    const [system, ...rest] = turn.modelMessages;
    const modelRequest: CompletionRequest = {
      messages:
        tools && system
          ? [{ ...system, content: `${system.content}\n\n${tools.nowLine}` }, ...rest]
          : turn.modelMessages,
      context: turn.context,
      ...turn.request,
      ...(tools ? { toolUse: tools.toolUse } : {}),
    };
    const calendarChanged = () => action?.changed ?? tools?.state.changed ?? false;
    const actions = () => action?.actions ?? tools?.state.actions ?? [];
    const wantsStream = String(request.headers.accept ?? "").includes("text/event-stream");
    if (wantsStream)
      return streamTurn(request, reply, { turn, modelRequest, model, calendarChanged, actions });

    let completion: Awaited<ReturnType<typeof model.complete>>;
    try {
      completion = await model.complete(modelRequest);
    } catch (err) {
      await refundChatTurn(ctx.db, turn);
      request.log.warn({ err }, "chat: model call failed, allowance refunded");
      throw modelFailure(err);
    }
    const saved = await commitChatTurn(ctx.db, turn, completion, ctx.now(), actions()).catch(
      async (err) => {
        await refundChatTurn(ctx.db, turn); // nothing was stored, so nothing is charged
        throw err;
      },
    );
    if (calendarChanged()) await followWriteCalendar(request, user.id);
    return {
      response: completion.text,
      tokensUsed: completion.tokensUsed,
      model: completion.model,
      ...saved,
      calendarChanged: calendarChanged(),
    };
  });

  /**
   * Server-sent events: `delta` events with text, then one `done` event carrying the same
   * JSON fields as the plain response — or one `error` event. A failure or a client that
   * goes away refunds the allowance and stores nothing.
   */
  async function streamTurn(
    request: FastifyRequest,
    reply: FastifyReply,
    opts: {
      turn: PreparedTurn;
      modelRequest: CompletionRequest;
      model: LanguageModel;
      calendarChanged: () => boolean;
      actions: () => PendingAction[];
    },
  ) {
    const { turn, modelRequest, model } = opts;
    const abort = new AbortController();
    // the response's close (not the request's, which fires once the body is read) tells
    // that the client went away before the end
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
      const stream = model.stream({ ...modelRequest, signal: abort.signal });
      let step = await stream.next();
      while (!step.done) {
        send("delta", { text: step.value });
        step = await stream.next();
      }
      if (abort.signal.aborted) throw new LlmError("The client went away.");
      const completion = step.value;
      const saved = await commitChatTurn(ctx.db, turn, completion, ctx.now(), opts.actions());
      send("done", {
        response: completion.text,
        tokensUsed: completion.tokensUsed,
        model: completion.model,
        ...saved,
        calendarChanged: opts.calendarChanged(),
      });
      if (opts.calendarChanged()) await followWriteCalendar(request, turn.user.id);
    } catch (err) {
      await refundChatTurn(ctx.db, turn).catch((e) =>
        request.log.error({ err: e }, "chat: refund failed"),
      );
      request.log.warn({ err }, "chat: streamed turn failed, allowance refunded");
      const failure = err instanceof AppError ? err : modelFailure(err);
      if (!abort.signal.aborted) send("error", { error: failure.message, code: failure.code });
    } finally {
      reply.raw.end();
    }
  }
}
