import { sql } from "drizzle-orm";
import type { DomainContextItem } from "../../core/contract/domain-contexts.ts";
import type { Db } from "../db/client.ts";
import { activityLogs, domainContexts } from "../db/schema.ts";
import { requireAreaInPlan } from "../plans/require-area.ts";

export type SaveDomainContext = {
  userId: string;
  domain: string;
  contextSummary: string;
  questionsResponses: Record<string, unknown>;
  profileData: unknown;
};

/**
 * Makes this the user's one active context for the domain, replacing any earlier one, and
 * logs a 'context_build' activity. Both happen in one transaction; concurrent saves for the
 * same user and domain converge on one row (unique user_id + domain), last write wins.
 * A life area the user's plan does not include is refused (403) and nothing is written.
 */
export async function saveDomainContext(
  db: Db,
  input: SaveDomainContext,
): Promise<DomainContextItem> {
  await requireAreaInPlan(db, input.userId, input.domain);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(domainContexts)
      .values({
        userId: input.userId,
        domain: input.domain,
        contextSummary: input.contextSummary,
        questionsResponses: input.questionsResponses,
        profileData: input.profileData,
        isActive: true,
      })
      .onConflictDoUpdate({
        target: [domainContexts.userId, domainContexts.domain],
        set: {
          contextSummary: input.contextSummary,
          questionsResponses: input.questionsResponses,
          profileData: input.profileData,
          isActive: true,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    await tx
      .insert(activityLogs)
      .values({ userId: input.userId, activityType: "context_build", domain: input.domain });
    return toDomainContextItem(row!);
  });
}

export function toDomainContextItem(row: typeof domainContexts.$inferSelect): DomainContextItem {
  return {
    id: row.id,
    domain: row.domain,
    context_summary: row.contextSummary,
    updated_at: row.updatedAt.toISOString(),
  };
}
