import type { FastifyInstance } from "fastify";
import { planRequest } from "../../core/contract/tasks.ts";
import { currentUser } from "../auth/authenticate.ts";
import type { AppContext } from "../context.ts";
import { parseInput } from "../errors.ts";
import { planTasks } from "../planning/plan-tasks.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";

export function registerPlanRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(
    "/api/plan",
    {
      preHandler: [
        ctx.requireUser,
        rateLimit(ctx.db, { name: "plan", max: 30, windowSeconds: 60, by: "user" }),
      ],
    },
    async (request) => {
      const { days } = parseInput(planRequest, request.body ?? {});
      return planTasks(ctx.db, { userId: currentUser(request).id, days, now: ctx.now() });
    },
  );
}
