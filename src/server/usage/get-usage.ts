import { eq, sql } from "drizzle-orm";
import {
  periodResetsAt,
  remainingUsage,
  usagePercent,
  usagePeriodOf,
} from "../../core/allowance.ts";
import type { UsageResponse } from "../../core/contract/usage.ts";
import type { Db } from "../db/client.ts";
import { preparedPerDb } from "../db/prepared.ts";
import { profiles } from "../db/schema.ts";

/** The usage row's query, with a `userId` placeholder. */
export const usageRowQuery = (db: Db) =>
  db
    .select({
      tier: profiles.subscriptionTier,
      used: profiles.monthlyUsage,
      limit: profiles.monthlyUsageLimit,
      period: profiles.usagePeriod,
    })
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder("userId")));
const usageRow = preparedPerDb((db) => usageRowQuery(db).prepare("usage_row"));

/** The user's allowance as of `now`. A user with no profile may not act (remaining 0). */
export async function getUsage(db: Db, userId: string, now: Date): Promise<UsageResponse> {
  const period = usagePeriodOf(now);
  const [row] = await usageRow(db).execute({ userId });
  const resetsAt = periodResetsAt(period).toISOString();
  if (!row) {
    return {
      used: 0,
      limit: 0,
      remaining: 0,
      percent: 100,
      tier: "free",
      period,
      resetsAt,
      canUse: false,
    };
  }
  const used = row.period === period ? row.used : 0;
  const remaining = remainingUsage(used, row.limit);
  return {
    used,
    limit: row.limit,
    remaining,
    percent: usagePercent(used, row.limit),
    tier: row.tier,
    period,
    resetsAt,
    canUse: remaining > 0,
  };
}
