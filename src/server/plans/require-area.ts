import { eq } from "drizzle-orm";
import {
  isLifeArea,
  lifeAreaName,
  parseTier,
  planFor,
  requiredTierForArea,
  type Tier,
  tierIncludesArea,
} from "../../core/plans.ts";
import type { Db } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { AppError } from "../errors.ts";

/** The user's tier as stored; no profile yet reads as free (spec §3's defaults). */
export async function userTier(db: Db, userId: string): Promise<Tier> {
  const [row] = await db
    .select({ tier: profiles.subscriptionTier })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return (row && parseTier(row.tier)) ?? "free";
}

/** The 403 a locked life area answers with: says which plan includes it (the upgrade path). */
export function areaLocked(area: string, required: Tier): AppError {
  const name = isLifeArea(area) ? lifeAreaName(area) : area;
  return new AppError(
    403,
    "forbidden",
    `${name} is part of the ${planFor(required).name} plan. Upgrade to use this assistant.`,
    { reason: "plan_required", area, requiredTier: required },
  );
}

/**
 * Refuses (403, with the plan that includes it) a life area the user's plan does not
 * include. The server's check: the web's locked cards are only a convenience. A domain that
 * is not a life area ("general") is not gated.
 */
export async function requireAreaInPlan(db: Db, userId: string, area: string): Promise<void> {
  if (!isLifeArea(area)) return;
  const tier = await userTier(db, userId);
  if (!tierIncludesArea(tier, area)) throw areaLocked(area, requiredTierForArea(area));
}
