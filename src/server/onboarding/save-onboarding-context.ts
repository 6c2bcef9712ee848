import { sql } from "drizzle-orm";
import type { OnboardingDomain } from "../../core/onboarding/question-sets.ts";
import type { Db } from "../db/client.ts";
import { activityLogs, domainContexts } from "../db/schema.ts";

/**
 * Stores the onboarding result as the user's active context for that life area, replacing
 * any earlier one (one row per user and domain), and logs a 'context_build' activity — both
 * in one transaction, so a logged build always has its context.
 */
export async function saveOnboardingContext(
  db: Db,
  input: {
    userId: string;
    domain: OnboardingDomain;
    contextSummary: string;
    answers: Record<string, string>;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(domainContexts)
      .values({
        userId: input.userId,
        domain: input.domain,
        contextSummary: input.contextSummary,
        questionsResponses: input.answers,
        isActive: true,
      })
      .onConflictDoUpdate({
        target: [domainContexts.userId, domainContexts.domain],
        set: {
          contextSummary: input.contextSummary,
          questionsResponses: input.answers,
          // onboarding has no structured profile; an earlier one would no longer match
          profileData: null,
          isActive: true,
          updatedAt: sql`now()`,
        },
      });
    await tx
      .insert(activityLogs)
      .values({ userId: input.userId, activityType: "context_build", domain: input.domain });
  });
}
