import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import { parseSmallTalk } from "../../core/assistant/parse-small-talk.ts";
import { normalize } from "../../core/assistant/parse-when.ts";
import type { ActionCard } from "../../core/contract/assistant-actions.ts";
import type { chatRequest } from "../../core/contract/chat.ts";
import { calendarAccess } from "../assistant/calendar-tool-specs.ts";
import type { AuthUser } from "../auth/authenticate.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import {
  type Completion,
  type LanguageModel,
  LlmError,
} from "../integrations/llm/language-model.ts";
import { OFFLINE_MODEL_NAME } from "../integrations/llm/offline-assistant.ts";
import { isDatabaseUnavailable } from "../plugins/errors.ts";
import { commitChatTurn, prepareChatTurn, refundChatTurn } from "./chat-turn.ts";

export type ChatTurnDeps = {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The chat's model: a provider's, or the built-in assistant. */
  model: LanguageModel;
  /** The request may name a model (OpenAI itself); other endpoints serve the configured one. */
  requestModels: boolean;
  /** Brings connected calendars up to date before the assistant reads them (bounded, never fails). */
  refreshCalendars: (userId: string) => Promise<void>;
  /** Sends what the assistant changed to the person's write calendar (bounded, never fails). */
  calendarChanged: (userId: string) => Promise<void>;
};

/** What a stored turn answers (the JSON response, and the stream's `done` event). */
export type ChatReply = {
  response: string;
  tokensUsed: number;
  model: string;
  conversationId: string;
  title: string;
  remainingUsage: number;
  actions?: ActionCard[];
  calendarChanged: boolean;
};

export type ChatTurnEvent = { type: "delta"; text: string } | { type: "done"; reply: ChatReply };

/**
 * One chat turn, from a checked request to a stored reply. `startChatTurn` checks ownership
 * and plan, and reserves one unit of the monthly allowance (a 4xx before anything is reserved
 * otherwise); the returned stream then yields the reply's text as it comes and one `done`
 * event once the exchange is stored. Store or refund, exactly once: a failure of the model or
 * of the store, a caller that stops reading, or an aborted `signal` refunds the allowance and
 * stores nothing; the error thrown is an AppError to show as is.
 */
export async function startChatTurn(
  deps: ChatTurnDeps,
  opts: { user: AuthUser; input: z.output<typeof chatRequest>; locale: string },
) {
  const { db, model } = deps;
  const { user } = opts;
  await deps.refreshCalendars(user.id);
  // the calendar is bound to the person before any allowance is reserved
  const calendar = await calendarAccess(db, {
    userId: user.id,
    now: deps.now(),
    locale: opts.locale,
  });
  const turn = await prepareChatTurn(db, {
    user,
    input: opts.input,
    now: deps.now(),
    providerModels: deps.requestModels ? "openai" : "fixed",
    locale: opts.locale,
  });

  async function* run(signal?: AbortSignal): AsyncGenerator<ChatTurnEvent, void> {
    let settled = false;
    let stream: AsyncIterator<string, Completion> | undefined;
    try {
      if (signal?.aborted) throw new LlmError("The client went away.");
      // a Yes or No to the last reply's proposal is answered before any model is asked
      const answered = await calendar.answer(turn.message, turn.conversationId);
      stream = answered
        ? answerStream(answered.reply, answered.uncharged === true)
        : model.stream({
            messages: turn.modelMessages,
            context: turn.context,
            ...turn.request,
            calendar: calendar.access,
            ...(signal ? { signal } : {}),
          });
      let step = await stream.next();
      while (!step.done) {
        yield { type: "delta", text: step.value };
        step = await stream.next();
      }
      // a client gone before the reply was stored (even before its first delta) pays nothing
      if (signal?.aborted) throw new LlmError("The client went away.");
      // small talk never uses the allowance, whichever model answered it (issue 28) — but a
      // "yes" that ran a proposal changed the calendar, and that counts
      const smallTalk =
        parseSmallTalk(normalize(turn.message)) !== undefined &&
        !calendar.state.changed &&
        calendar.state.actions.length === 0;
      const completion =
        step.value.uncharged || !smallTalk ? step.value : { ...step.value, uncharged: true };
      const stored = await commitChatTurn(db, turn, completion, deps.now(), calendar.state.actions);
      settled = true;
      const changed = calendar.state.changed;
      yield {
        type: "done",
        reply: {
          response: completion.text,
          tokensUsed: completion.tokensUsed,
          model: completion.model,
          ...stored,
          calendarChanged: changed,
        },
      };
      if (changed) await deps.calendarChanged(user.id);
    } catch (err) {
      if (settled) throw err;
      settled = true;
      await refundChatTurn(db, turn, deps.log);
      deps.log.warn({ err }, "chat: turn failed, allowance refunded");
      // a lost database connection stays itself: the error handler answers 503 + Retry-After
      throw err instanceof AppError || isDatabaseUnavailable(err) ? err : modelFailure(err);
    } finally {
      // a caller that stopped reading (a client gone away) ends the model's stream and is
      // refunded too
      if (!settled) {
        await stream?.return?.().catch(() => {});
        await refundChatTurn(db, turn, deps.log);
      }
    }
  }
  return { run };
}

/** A reply Sage wrote itself (a proposal answered), streamed like a model's. */
async function* answerStream(text: string, uncharged: boolean): AsyncGenerator<string, Completion> {
  yield text;
  return {
    text,
    model: OFFLINE_MODEL_NAME,
    tokensUsed: Math.ceil(text.length / 4),
    ...(uncharged ? { uncharged: true } : {}),
  };
}

/** What a failed model call tells the person. */
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
