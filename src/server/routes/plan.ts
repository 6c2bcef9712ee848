import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { localeFrom } from "../assistant/format-when.ts";
import { pushAllBlocks, refreshConnections } from "../connections/refresh-connections.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { defineRoute, respond } from "../http/define-route.ts";
import { dismissPlanNote, listPlanNotes, undoPlanNote } from "../planning/plan-notes.ts";
import { type PlanOutcome, planTasks, undoPlan } from "../planning/plan-tasks.ts";
import { readPlanProfile } from "../planning/read-plan-profile.ts";
import { holdReplans, releaseReplans, rememberPlan } from "../planning/replan-worker.ts";
import { savePlanProfile } from "../planning/save-plan-profile.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";

export function registerPlanRoutes(app: FastifyInstance, ctx: AppContext): void {
  /**
   * After a plan was written: from the first plan on Sage keeps it up to date by itself
   * (replan-worker.ts), the person's write calendar follows (bounded; never fails the plan),
   * and the answer's `changes` is what Undo plan sends back (POST /api/plan/undo).
   */
  const written = async (
    at: { userId: string; days: number; locale: string; log: FastifyBaseLogger },
    plan: Omit<PlanOutcome, "moves" | "sessionMoves">,
  ) => {
    await rememberPlan(ctx.db, at);
    await pushAllBlocks(
      { db: ctx.db, config: ctx.config, now: ctx.now, log: at.log, google: ctx.google },
      { userId: at.userId },
    );
    return {
      ...plan,
      changes: { created: plan.changes.created, removed: plan.changes.removed.map((r) => r.id) },
    };
  };

  const limited = {
    preHandler: [rateLimit(ctx.db, { name: "plan", max: 30, windowSeconds: 60, by: "user" })],
  };

  defineRoute(
    app,
    ctx,
    "plan",
    async ({ user, body: { days, preview }, request }) => {
      const userId = user.id;
      // connected calendars fresh before planning (bounded wait; never blocks the plan)
      await refreshConnections(
        { db: ctx.db, config: ctx.config, now: ctx.now, log: request.log, google: ctx.google },
        { userId },
      );
      const locale = localeFrom(request.headers["accept-language"]);
      const {
        changes,
        moves: _moves,
        sessionMoves: _sessionMoves,
        ...plan
      } = await planTasks(ctx.db, {
        userId,
        days,
        now: ctx.now(),
        locale,
        preview,
      });
      if (preview) {
        // nothing is written until the person decides: Sage's own re-plans wait too
        await holdReplans(ctx.db, userId);
        return { ...plan, changes: { created: [], removed: [] } };
      }
      return written({ userId, days, locale, log: request.log }, { ...plan, changes });
    },
    limited,
  );

  // a proposal as the person decided on it: accepted blocks stay, thrown-back times never
  // come back for that task, and the plan is written (Undo plan takes `changes`)
  defineRoute(
    app,
    ctx,
    "acceptPlan",
    async ({ user, body: { days, accept, reject }, request }) => {
      const userId = user.id;
      const locale = localeFrom(request.headers["accept-language"]);
      const {
        changes,
        moves: _moves,
        sessionMoves: _sessionMoves,
        ...plan
      } = await planTasks(ctx.db, {
        userId,
        days,
        now: ctx.now(),
        locale,
        decided: { accept, reject },
      });
      return written({ userId, days, locale, log: request.log }, { ...plan, changes });
    },
    limited,
  );

  // a proposal thrown away whole: nothing was written, and Sage re-plans by itself again
  defineRoute(app, ctx, "discardPlan", async ({ user }) => {
    await releaseReplans(ctx.db, user.id);
    return respond(204);
  });

  // what Sage tells the person about their plan (a block they removed in their calendar…)
  defineRoute(app, ctx, "listPlanNotes", async ({ user }) => ({
    notes: await listPlanNotes(ctx.db, user.id),
  }));
  defineRoute(app, ctx, "dismissPlanNote", async ({ user, params }) => {
    await dismissPlanNote(ctx.db, user.id, params.id);
    return respond(204);
  });
  // puts an automatic move back: the person's choice, so the block stays there
  defineRoute(
    app,
    ctx,
    "undoPlanNote",
    async ({ user, params, request }) => {
      const outcome = await undoPlanNote(ctx.db, user.id, params.id, ctx.now());
      if (outcome === "stale")
        throw new AppError(
          409,
          "conflict",
          "That block has changed since Sage moved it (checked in, moved again or removed), so nothing was put back.",
        );
      await pushAllBlocks(
        { db: ctx.db, config: ctx.config, now: ctx.now, log: request.log, google: ctx.google },
        { userId: user.id },
      );
      return respond(204);
    },
    limited,
  );

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
