import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.ts";
import {
  deleteConversation,
  getConversation,
  listConversations,
  renameConversation,
} from "../conversations/conversations.ts";
import { defineRoute, respond } from "../http/define-route.ts";

/** A user only ever sees and changes their own conversations; anyone else's id is a 404. */
export function registerConversationRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, "listConversations", async ({ user, query }) => ({
    conversations: await listConversations(ctx.db, user.id, query.domainContextId),
  }));

  // one page of its messages: `?cursor=` the previous answer's next_cursor
  defineRoute(app, ctx, "getConversation", async ({ user, params, query }) => ({
    conversation: await getConversation(ctx.db, user.id, params.id, query.cursor),
  }));

  defineRoute(app, ctx, "renameConversation", async ({ user, params, body }) => ({
    conversation: await renameConversation(ctx.db, {
      userId: user.id,
      id: params.id,
      title: body.title,
      now: ctx.now(),
    }),
  }));

  defineRoute(app, ctx, "deleteConversation", async ({ user, params }) => {
    await deleteConversation(ctx.db, user.id, params.id);
    return respond(204);
  });
}
