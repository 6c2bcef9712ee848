import { z } from "zod";
import {
  charCount,
  cutChars,
  HISTORY_CONTENT_CHARS,
  HISTORY_MESSAGES,
  MAX_MESSAGE_CHARS,
  MESSAGE_TOO_LONG,
} from "../chat/message-rules.ts";
import { actionCard } from "./assistant-actions.ts";

/** Models a client may ask for. Premium ones are for the Pro plan. */
export const MESSAGE_ROLES = ["user", "assistant"] as const;
export const STANDARD_MODELS = ["gpt-4.1-nano", "gpt-4.1-mini", "gpt-4o-mini"] as const;
export const PREMIUM_MODELS = ["gpt-4.1", "gpt-4o"] as const;
export const CHAT_DEFAULTS = { model: "gpt-4.1-nano", temperature: 0.7, maxTokens: 1000 };

const noNul = (s: string) => !s.includes("\u0000");

export const chatRequest = z.strictObject({
  message: z
    .string("message must be a string")
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, "message must not be empty")
    .refine((s) => charCount(s) <= MAX_MESSAGE_CHARS, MESSAGE_TOO_LONG)
    .refine(noNul, "message must not contain NUL characters"),
  conversationHistory: z
    .array(
      z.strictObject({
        // a 'system' role from a client is refused: only the server writes the system prompt
        role: z.enum(["user", "assistant"], "role must be 'user' or 'assistant'"),
        content: z
          .string()
          .max(20_000)
          .refine(noNul, "content must not contain NUL characters")
          .transform((s) => cutChars(s, HISTORY_CONTENT_CHARS)),
        timestamp: z.string().max(40).optional(),
      }),
    )
    .max(HISTORY_MESSAGES, `conversationHistory may hold at most ${HISTORY_MESSAGES} messages`)
    .optional(),
  model: z.enum([...STANDARD_MODELS, ...PREMIUM_MODELS]).optional(),
  temperature: z.number().min(0).max(1.5).optional(),
  maxTokens: z.number().int().min(1).max(2000).optional(),
  conversationId: z.uuid().optional(),
  domainContextId: z.uuid().optional(),
});
export type ChatRequest = z.input<typeof chatRequest>;

export const chatResponse = z.object({
  response: z.string(),
  tokensUsed: z.number().int(),
  model: z.string(),
  remainingUsage: z.number().int(),
  conversationId: z.uuid(),
  title: z.string(),
  /** The assistant changed the calendar this turn (the panel should refresh). */
  calendarChanged: z.boolean().optional(),
  /** What the assistant changed this turn, each with Undo. */
  actions: z.array(actionCard).optional(),
});
export type ChatResponse = z.infer<typeof chatResponse>;

export const chatMessage = z.object({
  id: z.string(),
  role: z.enum(MESSAGE_ROLES),
  content: z.string(),
  timestamp: z.string(),
  actions: z.array(actionCard).optional(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const conversationSummary = z.object({
  id: z.uuid(),
  title: z.string(),
  domain_context_id: z.uuid().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

export const conversationList = z.object({ conversations: z.array(conversationSummary) });
/** At most this many messages in one answer of a conversation, and this many bytes of them. */
export const MESSAGE_PAGE = { messages: 500, bytes: 2 * 1024 * 1024 } as const;

/**
 * GET /api/conversations/:id — one page of its messages, oldest first: `next_cursor` asks for
 * the next (null on the last). Messages never change, so pages neither skip nor repeat one.
 */
export const conversationDetail = z.object({
  conversation: conversationSummary.extend({
    messages: z.array(chatMessage),
    next_cursor: z.uuid().nullable(),
  }),
});
export const conversationQuery = z.strictObject({
  /** The `next_cursor` of the previous page. */
  cursor: z.uuid("cursor must be the next_cursor of the previous answer").optional(),
});
export type ConversationDetail = z.infer<typeof conversationDetail>["conversation"];

export const listConversationsQuery = z.strictObject({ domainContextId: z.uuid().optional() });
export const renameConversationRequest = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, "title must not be empty")
    .max(120, "title must be at most 120 characters")
    .refine(noNul, "title must not contain NUL characters"),
});
export const idParam = z.strictObject({ id: z.uuid("id must be a UUID") });
