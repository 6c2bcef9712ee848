import { and, desc, eq } from "drizzle-orm";
import {
  type ConversationDetail,
  type ConversationSummary,
  MESSAGE_PAGE,
} from "../../core/contract/chat.ts";
import { cardsByMessage } from "../assistant/record-actions.ts";
import { listConversationMessages } from "../chat/chat-turn.ts";
import type { Db } from "../db/client.ts";
import { conversations, messages } from "../db/schema.ts";
import { badRequest, notFound } from "../errors.ts";
import { takePage } from "../http/take-page.ts";

type Row = typeof conversations.$inferSelect;
const toSummary = (row: Row): ConversationSummary => ({
  id: row.id,
  title: row.title,
  domain_context_id: row.domainContextId,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** A user only ever sees and changes their own conversations; anyone else's id is a 404. */
const owned = (id: string, userId: string) =>
  and(eq(conversations.id, id), eq(conversations.userId, userId));

/** The user's newest 200 conversations, of one assistant when `domainContextId` is given. */
export async function listConversations(
  db: Db,
  userId: string,
  domainContextId: string | undefined,
): Promise<ConversationSummary[]> {
  const rows = await db
    .select()
    .from(conversations)
    .where(
      domainContextId
        ? and(eq(conversations.userId, userId), eq(conversations.domainContextId, domainContextId))
        : eq(conversations.userId, userId),
    )
    .orderBy(desc(conversations.createdAt))
    .limit(200);
  return rows.map(toSummary);
}

/**
 * One conversation with a page of its messages (after `cursor`, at most MESSAGE_PAGE), each
 * assistant message with its action cards.
 */
export async function getConversation(
  db: Db,
  userId: string,
  id: string,
  cursor?: string,
): Promise<ConversationDetail> {
  const [row] = await db.select().from(conversations).where(owned(id, userId));
  if (!row) throw notFound("Conversation not found");
  const after = cursor?.toLowerCase();
  if (after) {
    const [known] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, after), eq(messages.conversationId, id)));
    if (!known) throw badRequest("cursor: must be the next_cursor of the previous answer");
  }
  const limit = MESSAGE_PAGE.messages;
  const rows = await listConversationMessages(db, id, { after, limit: limit + 1 });
  const kept = rows.slice(0, limit);
  const cards = await cardsByMessage(
    db,
    userId,
    kept.filter((m) => m.role === "assistant").map((m) => m.id),
  );
  const { page, nextCursor } = takePage(
    kept.map((m) => ({
      id: m.id,
      role: m.role as "user" | "assistant",
      content: m.content,
      timestamp: m.createdAt.toISOString(),
      ...(cards.has(m.id) ? { actions: cards.get(m.id) } : {}),
    })),
    { items: limit, bytes: MESSAGE_PAGE.bytes },
    rows.length > limit,
  );
  return { ...toSummary(row), messages: page, next_cursor: nextCursor };
}

export async function renameConversation(
  db: Db,
  args: { userId: string; id: string; title: string; now: Date },
): Promise<ConversationSummary> {
  const [row] = await db
    .update(conversations)
    .set({ title: args.title, updatedAt: args.now })
    .where(owned(args.id, args.userId))
    .returning();
  if (!row) throw notFound("Conversation not found");
  return toSummary(row);
}

/** Deletes the conversation and (ON DELETE CASCADE) its messages. */
export async function deleteConversation(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(conversations)
    .where(owned(id, userId))
    .returning({ id: conversations.id });
  if (deleted.length === 0) throw notFound("Conversation not found");
}
