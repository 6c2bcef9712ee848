import { eq } from "drizzle-orm";
import { usagePeriodOf } from "../../core/allowance.ts";
import { DEFAULT_PROFILE } from "../../core/plans.ts";
import type { Db } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { carriedUsage } from "../usage/usage-carryover.ts";

/**
 * Creates the profile with the spec's defaults on first call. Idempotent and race-safe:
 * `created` is true for exactly one of any number of concurrent callers. With `carryover`
 * (sign-in), a new profile starts with the usage a deleted account of the same e-mail left
 * this month (`usage_carryovers`).
 */
export async function ensureProfile(
  db: Db,
  user: { id: string; email: string },
  carryover?: { emailKey: string; now: Date },
) {
  const inserted = await db
    .insert(profiles)
    .values({
      id: user.id,
      email: user.email,
      subscriptionTier: DEFAULT_PROFILE.subscription_tier,
      subscriptionStatus: DEFAULT_PROFILE.subscription_status,
      ...(carryover
        ? {
            monthlyUsage: carriedUsage(carryover.emailKey, carryover.now),
            usagePeriod: usagePeriodOf(carryover.now),
          }
        : { monthlyUsage: DEFAULT_PROFILE.monthly_usage }),
      monthlyUsageLimit: DEFAULT_PROFILE.monthly_usage_limit,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return { created: true, row: inserted[0] };
  const [row] = await db.select().from(profiles).where(eq(profiles.id, user.id));
  return { created: false, row: row! };
}
