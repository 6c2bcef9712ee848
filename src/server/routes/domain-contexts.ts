import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.ts";
import { listDomainContexts } from "../domain-contexts/list-domain-contexts.ts";
import { defineRoute } from "../http/define-route.ts";

export function registerDomainContextRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, "listDomainContexts", async ({ user }) => ({
    contexts: await listDomainContexts(ctx.db, user.id),
  }));
}
