import type { FastifyInstance } from "fastify";
import { pushAllBlocks, refreshConnections } from "../connections/refresh-connections.ts";
import type { AppContext } from "../context.ts";
import { defineRoute, respond } from "../http/define-route.ts";
import { dismissPlanNote, listPlanNotes } from "../planning/plan-notes.ts";
import { planTasks, undoPlan } from "../planning/plan-tasks.ts";
import { readPlanProfile } from "../planning/read-plan-profile.ts";
import { savePlanProfile } from "../planning/save-plan-profile.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";

export function registerPlanRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limited = {
    preHandler: [rateLimit(ctx.db, { name: "plan", max: 30, windowSeconds: 60, by: "user" })],
  };

  defineRoute(
    app,
    ctx,
    "plan",
    async ({ user, body: { days }, request }) => {
      const userId = user.id;
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
    limited,
  );

  // what Sage tells the person about their plan (a block they removed in their calendar…)
  defineRoute(app, ctx, "listPlanNotes", async ({ user }) => ({
    notes: await listPlanNotes(ctx.db, user.id),
  }));
  defineRoute(app, ctx, "dismissPlanNote", async ({ user, params }) => {
    await dismissPlanNote(ctx.db, user.id, params.id);
    return respond(204);
  });

  // "How you work": seeded from the questionnaire, explained, editable (issue 26); the week
  // view shades its hours
  defineRoute(
    app,
    ctx,
    "getPlanProfile",
    async ({ user }) => (await readPlanProfile(ctx.db, user.id)).answer,
  );
  defineRoute(
    app,
    ctx,
    "updatePlanProfile",
    async ({ user, query: { version }, body }) =>
      savePlanProfile(ctx.db, { userId: user.id, version, profile: body }),
    limited,
  );

  // undoes one plan in one step: the client sends back the plan's `changes`
  defineRoute(
    app,
    ctx,
    "undoPlan",
    async ({ user, body: { created, removed }, request }) => {
      const userId = user.id;
      const undone = await undoPlan(ctx.db, { userId, created, removed });
      // the write calendar follows at once (bounded; never fails the undo)
      await pushAllBlocks(
        { db: ctx.db, config: ctx.config, now: ctx.now, log: request.log, google: ctx.google },
        { userId },
      );
      return undone;
    },
    limited,
  );
}
