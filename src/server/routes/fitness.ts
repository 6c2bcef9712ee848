import type { FastifyInstance } from "fastify";
import { fitnessContextSummary } from "../../core/fitness/context-summary.ts";
import { answersByQuestion } from "../../core/fitness/questions.ts";
import { ENTITLEMENTS } from "../../core/plans.ts";
import { logActivity } from "../activity/log-activity.ts";
import type { AppContext } from "../context.ts";
import { saveDomainContext } from "../domain-contexts/save-domain-context.ts";
import { generateFitnessProgram } from "../fitness/generate-fitness-program.ts";
import { defineRoute } from "../http/define-route.ts";
import { userTier } from "../plans/require-area.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";

export const FITNESS_RATE_LIMIT = { name: "fitness-generate", max: 10, windowSeconds: 60 };
export const FITNESS_SAVE_RATE_LIMIT = { name: "fitness-save", max: 20, windowSeconds: 60 };

export function registerFitnessRoutes(app: FastifyInstance, ctx: AppContext): void {
  // its own open, rate-limited endpoint: anonymous previews work and spend no allowance
  defineRoute(
    app,
    ctx,
    "generateFitnessProgram",
    async ({ body: { answers }, request }) => {
      // the whole multi-week program is for plans that include it; everyone gets week 1
      const full = request.user
        ? ENTITLEMENTS[await userTier(ctx.db, request.user.id)].fullFitnessProgram
        : false;
      const program = await generateFitnessProgram({
        answers,
        llm: ctx.llm,
        log: request.log,
        full,
      });
      if (request.user) {
        await logActivity(ctx.db, {
          userId: request.user.id,
          activityType: "program_generated",
          domain: "fitness",
        });
      }
      return { program };
    },
    { preHandler: [rateLimit(ctx.db, FITNESS_RATE_LIMIT)] },
  );

  defineRoute(
    app,
    ctx,
    "saveFitnessProgram",
    async ({ user, body: { answers, program: given } }) => {
      const userId = user.id;
      // a full program is kept only for a plan that includes it (the preview is everyone's)
      const full = ENTITLEMENTS[await userTier(ctx.db, userId)].fullFitnessProgram;
      const program = full ? given : { ...given, fullProgram: undefined };
      const context = await saveDomainContext(ctx.db, {
        userId,
        domain: "fitness",
        contextSummary: fitnessContextSummary(answers, program),
        questionsResponses: answersByQuestion(answers),
        profileData: program,
      });
      return { saved: true as const, context };
    },
    { preHandler: [rateLimit(ctx.db, { ...FITNESS_SAVE_RATE_LIMIT, by: "user" })] },
  );
}
