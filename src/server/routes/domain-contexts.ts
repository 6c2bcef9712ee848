import type { FastifyInstance } from "fastify";
import type { DomainContextsResponse } from "../../core/contract/domain-contexts.ts";
import { currentUser } from "../auth/authenticate.ts";
import type { AppContext } from "../context.ts";
import { listDomainContexts } from "../domain-contexts/list-domain-contexts.ts";

export function registerDomainContextRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    "/api/domain-contexts",
    { preHandler: ctx.requireUser },
    async (request): Promise<DomainContextsResponse> => ({
      contexts: await listDomainContexts(ctx.db, currentUser(request).id),
    }),
  );
}
