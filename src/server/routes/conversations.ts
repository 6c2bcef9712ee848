import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  idParam,
  listConversationsQuery,
  renameConversationRequest,
} from "../../core/contract/chat.ts";
import { cardsByMessage } from "../assistant/record-actions.ts";
import { currentUser } from "../auth/authenticate.ts";
import { listConversationMessages } from "../chat/chat-turn.ts";
import type { AppContext } from "../context.ts";
import { conversations } from "../db/schema.ts";
import { notFound, parseInput } from "../errors.ts";

type Row = typeof conversations.$inferSelect;
const toSummary = (row: Row) => ({
  id: row.id,
  title: row.title,
  domain_context_id: row.domainContextId,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** A user only ever sees and changes their own conversations; anyone else's id is a 404. */
export function registerConversationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: ctx.requireUser };
  const owned = (id: string, userId: string) =>
    and(eq(conversations.id, id), eq(conversations.userId, userId));

  app.get("/api/conversations", auth, async (request) => {
    const user = currentUser(request);
    const { domainContextId } = parseInput(listConversationsQuery, request.query);
    const rows = await ctx.db
      .select()
      .from(conversations)
      .where(
        domainContextId
          ? and(
              eq(conversations.userId, user.id),
              eq(conversations.domainContextId, domainContextId),
            )
          : eq(conversations.userId, user.id),
      )
      .orderBy(desc(conversations.createdAt))
      .limit(200);
    return { conversations: rows.map(toSummary) };
  });

  app.get("/api/conversations/:id", auth, async (request) => {
    const user = currentUser(request);
    const { id } = parseInput(idParam, request.params);
    const [row] = await ctx.db.select().from(conversations).where(owned(id, user.id));
    if (!row) throw notFound("Conversation not found");
    const rows = await listConversationMessages(ctx.db, id);
    const cards = await cardsByMessage(
      ctx.db,
      rows.filter((m) => m.role === "assistant").map((m) => m.id),
    );
    return {
      conversation: {
        ...toSummary(row),
        messages: rows.map((m) => ({
          id: m.id,
          role: m.role,
          content: m.content,
          timestamp: m.createdAt.toISOString(),
          ...(cards.has(m.id) ? { actions: cards.get(m.id) } : {}),
        })),
      },
    };
  });

  app.patch("/api/conversations/:id", auth, async (request) => {
    const user = currentUser(request);
    const { id } = parseInput(idParam, request.params);
    const { title } = parseInput(renameConversationRequest, request.body);
    const [row] = await ctx.db
      .update(conversations)
      .set({ title, updatedAt: ctx.now() })
      .where(owned(id, user.id))
      .returning();
    if (!row) throw notFound("Conversation not found");
    return { conversation: toSummary(row) };
  });

  app.delete("/api/conversations/:id", auth, async (request, reply) => {
    const user = currentUser(request);
    const { id } = parseInput(idParam, request.params);
    const deleted = await ctx.db
      .delete(conversations)
      .where(owned(id, user.id))
      .returning({ id: conversations.id });
    if (deleted.length === 0) throw notFound("Conversation not found");
    return reply.code(204).send();
  });
}
