import { eq } from "drizzle-orm";
import { DEFAULT_PROFILE } from "../../core/plans.ts";
import type { Db } from "../db/client.ts";
import { profiles } from "../db/schema.ts";

/**
 * Creates the profile with the spec's defaults on first call. Idempotent and race-safe:
 * `created` is true for exactly one of any number of concurrent callers.
 */
export async function ensureProfile(db: Db, user: { id: string; email: string }) {
  const inserted = await db
    .insert(profiles)
    .values({
      id: user.id,
      email: user.email,
      subscriptionTier: DEFAULT_PROFILE.subscription_tier,
      subscriptionStatus: DEFAULT_PROFILE.subscription_status,
      monthlyUsage: DEFAULT_PROFILE.monthly_usage,
      monthlyUsageLimit: DEFAULT_PROFILE.monthly_usage_limit,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return { created: true, row: inserted[0] };
  const [row] = await db.select().from(profiles).where(eq(profiles.id, user.id));
  return { created: false, row: row! };
}
