import type { FastifyInstance } from "fastify";
import { localeFrom } from "../assistant/format-when.ts";
import type { AppContext } from "../context.ts";
import { saveDomainContext } from "../domain-contexts/save-domain-context.ts";
import { defineRoute } from "../http/define-route.ts";
import { resetPlanProfile } from "../planning/reset-plan-profile.ts";
import { generateProductivityProfile } from "../productivity/generate-productivity-profile.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";

export const PRODUCTIVITY_RATE_LIMIT = {
  name: "productivity-generate",
  max: 10,
  windowSeconds: 60,
};

export function registerProductivityRoutes(app: FastifyInstance, ctx: AppContext): void {
  // open to everyone (the free preview); a signed-in caller's profile is also saved
  defineRoute(
    app,
    ctx,
    "generateProductivityProfile",
    async ({ body: answers, request }) => {
      const profile = await generateProductivityProfile({
        answers,
        llm: ctx.llm,
        log: request.log,
        // hours in the stored text follow the browser's locale, as the chat's replies do
        locale: localeFrom(request.headers["accept-language"]),
      });
      if (!request.user) return { profile, saved: false };
      await saveDomainContext(ctx.db, {
        userId: request.user.id,
        domain: "productivity",
        contextSummary: profile.summary,
        questionsResponses: answers,
        profileData: profile.scheduling,
      });
      // new answers: "How you work" follows them again (an earlier edit is handed back)
      await resetPlanProfile(ctx.db, request.user.id);
      return { profile, saved: true };
    },
    { preHandler: [rateLimit(ctx.db, PRODUCTIVITY_RATE_LIMIT)] },
  );
}
