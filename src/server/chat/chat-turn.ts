import { and, asc, desc, eq, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { z } from "zod";
import { conversationTitle, HISTORY_MESSAGES, trimHistory } from "../../core/chat/message-rules.ts";
import { CHAT_DEFAULTS, type chatRequest, PREMIUM_MODELS } from "../../core/contract/chat.ts";
import { DEFAULT_LOCALE } from "../assistant/format-when.ts";
import { type PendingAction, recordActions } from "../assistant/record-actions.ts";
import type { AuthUser } from "../auth/authenticate.ts";
import { userTimeZone } from "../calendar/list-events.ts";
import type { Db } from "../db/client.ts";
import {
  chatReservations,
  conversations,
  domainContexts,
  messages,
  profiles,
  usageLogs,
} from "../db/schema.ts";
import { AppError, notFound } from "../errors.ts";
import type {
  AssistantContext,
  Completion,
  LlmMessage,
  PlanFacts,
} from "../integrations/llm/language-model.ts";
import { schedulerProfileFor } from "../planning/read-plan-profile.ts";
import { requireAreaInPlan } from "../plans/require-area.ts";
import { type Reservation, refundWithRetry, reserveAllowance } from "../usage/reserve-allowance.ts";
import { systemPrompt } from "./system-prompt.ts";

type Input = z.output<typeof chatRequest>;

export const USAGE_LIMIT_MESSAGE = "Monthly usage limit reached. Please upgrade your plan.";

/** A reserved, ready-to-run chat turn. Either `commit` or `refund` it — exactly once. */
export type PreparedTurn = {
  user: AuthUser;
  message: string;
  modelMessages: LlmMessage[];
  context: AssistantContext;
  request: { model: string | undefined; temperature: number; maxTokens: number };
  conversationId: string | undefined;
  domainContextId: string | null;
  domain: string;
  reservation: Reservation;
};

/**
 * Checks ownership, builds the model input and reserves one unit of allowance (atomic).
 * Nothing is reserved when any check fails.
 */
export async function prepareChatTurn(
  db: Db,
  opts: {
    user: AuthUser;
    input: Input;
    now: Date;
    providerModels: "openai" | "fixed";
    locale?: string;
  },
): Promise<PreparedTurn> {
  const { user, input } = opts;

  let conversation: { id: string; domainContextId: string | null } | undefined;
  if (input.conversationId) {
    [conversation] = await db
      .select({ id: conversations.id, domainContextId: conversations.domainContextId })
      .from(conversations)
      .where(and(eq(conversations.id, input.conversationId), eq(conversations.userId, user.id)));
    if (!conversation) throw notFound("Conversation not found");
  }

  const domainContextId = input.domainContextId ?? conversation?.domainContextId ?? null;
  let context: AssistantContext = { domain: "general", summary: "General conversation" };
  if (domainContextId) {
    const [row] = await db
      .select()
      .from(domainContexts)
      .where(and(eq(domainContexts.id, domainContextId), eq(domainContexts.userId, user.id)));
    if (!row) throw notFound("Assistant not found");
    // an assistant kept from a higher plan (after a downgrade) is locked, not deleted
    await requireAreaInPlan(db, user.id, row.domain);
    context = {
      domain: row.domain,
      summary: row.contextSummary || "General conversation",
      answers: (row.questionsResponses ?? {}) as Record<string, unknown>,
    };
  }

  // the saved productivity profile speaks in General Chat too, with its own peak hours
  if (context.domain !== "fitness")
    context = await withSavedProfile(db, user.id, context, opts.locale);

  if (input.model && (PREMIUM_MODELS as readonly string[]).includes(input.model)) {
    const [p] = await db
      .select({ tier: profiles.subscriptionTier })
      .from(profiles)
      .where(eq(profiles.id, user.id));
    if (p?.tier !== "pro") {
      throw new AppError(403, "forbidden", "Premium models are available on the Pro plan.");
    }
  }

  // the server's own history wins over the client's when the conversation is stored
  const history = conversation
    ? (
        await db
          .select({ role: messages.role, content: messages.content })
          .from(messages)
          .where(eq(messages.conversationId, conversation.id))
          .orderBy(desc(messages.createdAt), desc(messages.id))
          .limit(HISTORY_MESSAGES)
      ).reverse()
    : (input.conversationHistory ?? []);

  const reservation = await reserveAllowance(db, user.id, opts.now);
  if (!reservation) throw new AppError(402, "usage_limit", USAGE_LIMIT_MESSAGE);

  return {
    user,
    message: input.message,
    modelMessages: [
      { role: "system", content: systemPrompt(context.summary, context.domain) },
      ...trimHistory(history as { role: "user" | "assistant"; content: string }[]),
      { role: "user", content: input.message },
    ],
    context,
    request: {
      // a self-hosted endpoint (OPENAI_BASE_URL) serves its own model names: use the configured one
      model: opts.providerModels === "openai" ? input.model : undefined,
      temperature: input.temperature ?? CHAT_DEFAULTS.temperature,
      maxTokens: input.maxTokens ?? CHAT_DEFAULTS.maxTokens,
    },
    conversationId: conversation?.id,
    domainContextId,
    domain: context.domain,
    reservation,
  };
}

/**
 * Adds the person's saved productivity profile (questionnaire answers) and how Sage plans for
 * them now (How you work, with what it learned: peak hours, block sizes, buffers, the day's cap,
 * the padding) to a general or productivity context, so every reply uses the same facts as the
 * planner and never contradicts them.
 */
async function withSavedProfile(
  db: Db,
  userId: string,
  context: AssistantContext,
  locale = DEFAULT_LOCALE,
): Promise<AssistantContext> {
  const [row] = await db
    .select()
    .from(domainContexts)
    .where(and(eq(domainContexts.userId, userId), eq(domainContexts.domain, "productivity")));
  const { profile, stated, source } = await schedulerProfileFor(db, {
    userId,
    timezone: await userTimeZone(db, userId),
  });
  if (!row && !stated) return context;
  const clock = (minutes: number) =>
    DateTime.fromObject(
      { hour: Math.floor(minutes / 60) % 24, minute: minutes % 60 },
      { zone: "UTC" },
    )
      .setLocale(locale)
      .toLocaleString(DateTime.TIME_SIMPLE)
      .replace(/\u202f/g, " ");
  const peakHours = profile.energyWindows
    .filter((w) => w.level === "peak")
    .map((w) => `${clock(w.start)} – ${clock(w.end)}`)
    .join(" and ");
  const plan: PlanFacts = {
    focusBlockMinutes: profile.focusBlockMinutes,
    breakMinutes: profile.breakMinutes,
    bufferMinutes: profile.bufferMinutes,
    dailyLoadCapMinutes: profile.dailyLoadCapMinutes,
    estimatePadding: profile.paddingByEnergy?.medium ?? profile.estimatePadding,
    peakAsAnswered: source === "questionnaire" && !profile.learned?.hours,
    learnedHours: profile.learned?.hours ?? false,
    learnedEstimate: profile.learned?.estimate ?? false,
  };
  const facts = `${peakHours ? ` Peak hours: ${peakHours}.` : ""} ${planSentence(plan)}`;
  const summary =
    context.domain === "general" && row?.contextSummary
      ? `${row.contextSummary}${facts}`
      : `${context.summary}${facts}`;
  return {
    ...context,
    summary,
    answers: {
      ...((row?.questionsResponses ?? {}) as Record<string, unknown>),
      ...context.answers,
    },
    ...(peakHours ? { peakHours } : {}),
    plan,
    questionnaireDone: Boolean(row),
  };
}

/** The plan's numbers for a model's system prompt. */
const planSentence = (p: PlanFacts) =>
  `Sage plans focus blocks of ${p.focusBlockMinutes} minutes with ${p.breakMinutes}-minute breaks, keeps ${p.bufferMinutes} minutes around meetings, plans at most ${p.dailyLoadCapMinutes} minutes of work a day, and plans tasks ${Math.round((p.estimatePadding - 1) * 100)}% longer than estimated${p.learnedEstimate ? " (learned from how long their tasks really took)" : ""}.`;

/** Gives the turn's unit back (nothing stored), retried through database faults; never throws. */
export function refundChatTurn(
  db: Db,
  turn: PreparedTurn,
  log: Parameters<typeof refundWithRetry>[2],
): Promise<void> {
  return refundWithRetry(db, turn.reservation.id, log);
}

/** Approximate list prices, US cents per million tokens (input and output blended). */
const CENTS_PER_MILLION: Record<string, number> = {
  "gpt-4.1-nano": 25,
  "gpt-4.1-mini": 100,
  "gpt-4o-mini": 40,
  "gpt-4.1": 500,
  "gpt-4o": 600,
};

/**
 * Stores the exchange in one transaction: the conversation (created on the first exchange,
 * titled from the message), both message rows, the usage log — and the end of the turn's
 * allowance hold, so the unit is charged exactly when the exchange is stored. A hold already
 * gone (refunded as abandoned) stores nothing. A reply that answers nothing (`uncharged`)
 * gives its unit back in the same transaction.
 */
export async function commitChatTurn(
  db: Db,
  turn: PreparedTurn,
  completion: Completion,
  now: Date,
  pending: PendingAction[] = [],
) {
  const costCents = Math.round(
    (completion.tokensUsed * (CENTS_PER_MILLION[completion.model] ?? 0)) / 1_000_000,
  );
  return db.transaction(async (tx) => {
    const held = await tx
      .delete(chatReservations)
      .where(eq(chatReservations.id, turn.reservation.id))
      .returning({ id: chatReservations.id });
    if (held.length === 0) throw new Error("the turn's allowance hold was already refunded");
    if (completion.uncharged) {
      await tx
        .update(profiles)
        .set({ monthlyUsage: sql`greatest(${profiles.monthlyUsage} - 1, 0)`, updatedAt: now })
        .where(
          and(eq(profiles.id, turn.user.id), eq(profiles.usagePeriod, turn.reservation.period)),
        );
    }
    let conversationId = turn.conversationId;
    let title: string;
    if (conversationId) {
      const [row] = await tx
        .update(conversations)
        .set({ updatedAt: now })
        .where(eq(conversations.id, conversationId))
        .returning({ title: conversations.title });
      if (!row) throw notFound("Conversation not found"); // deleted meanwhile
      title = row.title;
    } else {
      title = conversationTitle(turn.message);
      const [row] = await tx
        .insert(conversations)
        .values({
          userId: turn.user.id,
          domainContextId: turn.domainContextId,
          title,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: conversations.id });
      conversationId = row!.id;
    }
    // the reply is stamped a millisecond later so the pair always sorts user → assistant
    const stored = await tx
      .insert(messages)
      .values([
        { conversationId, role: "user", content: turn.message, createdAt: now },
        {
          conversationId,
          role: "assistant",
          content: completion.text,
          createdAt: new Date(now.getTime() + 1),
        },
      ])
      .returning({ id: messages.id, role: messages.role });
    const replyId = stored.find((m) => m.role === "assistant")!.id;
    // the turn's changes are stored with the reply, so their cards survive a reload
    const actions = await recordActions(tx, turn.user.id, pending, replyId);
    await tx.insert(usageLogs).values({
      userId: turn.user.id,
      actionType: "chat",
      domain: turn.domain,
      tokensUsed: completion.tokensUsed,
      costCents,
    });
    return {
      conversationId,
      title,
      remainingUsage: Math.max(
        0,
        turn.reservation.limit - turn.reservation.used + (completion.uncharged ? 1 : 0),
      ),
      ...(actions.length > 0 ? { actions } : {}),
    };
  });
}

/** A turn's user message before its answer when both carry the same instant. */
const ROLE_RANK = sql`case when ${messages.role} = 'user' then 0 else 1 end`;

/**
 * Up to `limit` messages of a conversation in their order (time, the user's before the
 * answer, id), after the message `after` when given: a keyset on rows that never change.
 */
export async function listConversationMessages(
  db: Db,
  conversationId: string,
  page: { after?: string | undefined; limit: number },
) {
  const after = page.after
    ? sql`(${messages.createdAt}, ${ROLE_RANK}, ${messages.id}) > (select m.created_at,
        case when m.role = 'user' then 0 else 1 end, m.id from messages m where m.id = ${page.after})`
    : undefined;
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), after))
    .orderBy(asc(messages.createdAt), asc(ROLE_RANK), asc(messages.id))
    .limit(page.limit);
}
