import type { FastifyInstance } from "fastify";
import { currentUser } from "../auth/authenticate.ts";
import type { AppContext } from "../context.ts";
import { getUsage } from "../usage/get-usage.ts";

export function registerUsageRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get("/api/usage", { preHandler: ctx.requireUser }, async (request) =>
    getUsage(ctx.db, currentUser(request).id, ctx.now()),
  );
}
