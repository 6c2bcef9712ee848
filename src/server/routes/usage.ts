import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.ts";
import { defineRoute } from "../http/define-route.ts";
import { getUsage } from "../usage/get-usage.ts";

export function registerUsageRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, "getUsage", async ({ user }) => getUsage(ctx.db, user.id, ctx.now()));
}
