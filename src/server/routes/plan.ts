import type { FastifyInstance } from "fastify";
import { planRequest, planUndoRequest } from "../../core/contract/tasks.ts";
import { currentUser } from "../auth/authenticate.ts";
import { pushAllBlocks, refreshConnections } from "../connections/refresh-connections.ts";
import type { AppContext } from "../context.ts";
import { parseInput } from "../errors.ts";
import { planTasks, storedSchedulingProfile, undoPlan } from "../planning/plan-tasks.ts";
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
      const userId = currentUser(request).id;
      // connected calendars fresh before planning (bounded wait; never blocks the plan)
      await refreshConnections(
        { db: ctx.db, config: ctx.config, now: ctx.now, log: request.log, google: ctx.google },
        { userId },
      );
      const { changes, ...plan } = await planTasks(ctx.db, { userId, days, now: ctx.now() });
      // and into the person's write calendar, if they chose one (bounded; never fails the plan)
      await pushAllBlocks(
        { db: ctx.db, config: ctx.config, now: ctx.now, log: request.log, google: ctx.google },
        { userId },
      );
      // `changes` is what Undo plan sends back (POST /api/plan/undo)
      return {
        ...plan,
        changes: { created: changes.created, removed: changes.removed.map((r) => r.id) },
      };
    },
  );

  // the hours the week view shades: working hours, peak and dip (null before the questionnaire)
  app.get("/api/plan/profile", { preHandler: ctx.requireUser }, async (request) => ({
    profile: (await storedSchedulingProfile(ctx.db, currentUser(request).id)) ?? null,
  }));

  // undoes one plan in one step: the client sends back the plan's `changes`
  app.post(
    "/api/plan/undo",
    {
      preHandler: [
        ctx.requireUser,
        rateLimit(ctx.db, { name: "plan", max: 30, windowSeconds: 60, by: "user" }),
      ],
    },
    async (request) => {
      const { created, removed } = parseInput(planUndoRequest, request.body);
      const userId = currentUser(request).id;
      const undone = await undoPlan(ctx.db, { userId, created, removed });
      // the write calendar follows at once (bounded; never fails the undo)
      await pushAllBlocks(
        { db: ctx.db, config: ctx.config, now: ctx.now, log: request.log, google: ctx.google },
        { userId },
      );
      return undone;
    },
  );
}
