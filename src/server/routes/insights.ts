import type { FastifyInstance } from "fastify";
import { toSchedulerProfile } from "../../core/scheduler/from-scheduling-profile.ts";
import { localeFrom } from "../assistant/format-when.ts";
import type { AppContext } from "../context.ts";
import type { Db } from "../db/client.ts";
import { defineRoute } from "../http/define-route.ts";
import { insightsAnswer, learnedModel, steer } from "../learning/learned-model.ts";
import { readPlanProfile } from "../planning/read-plan-profile.ts";
import { requestReplan } from "../planning/replan-worker.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";
import { TASK_WRITE_RATE_LIMIT } from "./tasks.ts";

/** The person's learned model as GET /api/insights answers it. */
async function readInsights(db: Db, opts: { userId: string; now: Date; locale: string }) {
  const how = await readPlanProfile(db, opts.userId);
  const padding = toSchedulerProfile(how.answer.profile, {
    timezone: "UTC", // the padding does not depend on the zone
    strategies: how.stated?.strategies ?? [],
  }).estimatePadding;
  const model = await learnedModel(db, {
    userId: opts.userId,
    plan: how.answer.profile,
    padding,
    now: opts.now,
  });
  return insightsAnswer(model, { plan: how.answer.profile, locale: opts.locale });
}

/** What Sage learned of how the person works (issue 27), and their say over it. */
export function registerInsightRoutes(app: FastifyInstance, ctx: AppContext): void {
  const write = { preHandler: [rateLimit(ctx.db, TASK_WRITE_RATE_LIMIT)] };

  defineRoute(app, ctx, "getInsights", async ({ user, request }) =>
    readInsights(ctx.db, {
      userId: user.id,
      now: ctx.now(),
      locale: localeFrom(request.headers["accept-language"]),
    }),
  );

  // Undo forgets the evidence so far; "off" keeps the stated profile; either way the plan
  // follows at once (a re-plan is asked in the same transaction)
  defineRoute(
    app,
    ctx,
    "steerInsight",
    async ({ user, params, body, request }) => {
      const now = ctx.now();
      await ctx.db.transaction(async (tx) => {
        await steer(tx, { userId: user.id, key: params.key, action: body.action, now });
        await requestReplan(tx, user.id);
      });
      return readInsights(ctx.db, {
        userId: user.id,
        now,
        locale: localeFrom(request.headers["accept-language"]),
      });
    },
    write,
  );
}
