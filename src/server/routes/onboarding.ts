import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import { saveDomainContext } from "../domain-contexts/save-domain-context.ts";
import { defineRoute } from "../http/define-route.ts";
import { buildContextSummary } from "../onboarding/build-context-summary.ts";
import { generateOnboardingQuestions } from "../onboarding/generate-questions.ts";
import { requireAreaInPlan } from "../plans/require-area.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";

/** Both endpoints may call the model for anonymous visitors: per-address limits guard its budget. */
export const ONBOARDING_RATE_LIMITS = {
  questions: { name: "onboarding-questions", max: 30, windowSeconds: 600 },
  // a signed-in caller counts on its own (a shared address never starves them), a visitor per address
  context: { name: "onboarding-context", max: 20, windowSeconds: 600, by: "user" as const },
};

export function registerOnboardingRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(
    app,
    ctx,
    "onboardingQuestions",
    async ({ body: { domain }, request }) => {
      const questions = await generateOnboardingQuestions({
        domain,
        llm: ctx.llm,
        log: request.log,
      });
      return { questions };
    },
    { preHandler: [rateLimit(ctx.db, ONBOARDING_RATE_LIMITS.questions)] },
  );

  defineRoute(
    app,
    ctx,
    "onboardingContext",
    async ({ body: { domain, answers }, request }) => {
      // a signed-in caller is creating an assistant: refuse a locked area before any model call
      if (request.user) await requireAreaInPlan(ctx.db, request.user.id, domain);
      const contextSummary = await buildContextSummary({
        domain,
        answers,
        llm: ctx.llm,
        log: request.log,
      });
      const user = request.user;
      if (user) {
        // onboarding has no structured profile; an earlier one would no longer match
        await saveDomainContext(ctx.db, {
          userId: user.id,
          domain,
          contextSummary,
          questionsResponses: answers,
          profileData: null,
        });
      }
      return { contextSummary, saved: Boolean(user) };
    },
    {
      /** Signed-in callers are recognised (and a bad token refused); anonymous ones pass. */
      authenticate: async (request: FastifyRequest) => {
        if (request.headers.authorization) await ctx.requireUser(request);
      },
      preHandler: [rateLimit(ctx.db, ONBOARDING_RATE_LIMITS.context)],
    },
  );
}
