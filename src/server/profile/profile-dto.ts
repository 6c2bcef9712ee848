import type { Profile } from "../../core/contract/profile.ts";
import type { profiles } from "../db/schema.ts";

export function currentUsagePeriod(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/** The API shape. A counter from an earlier month reads as 0: the month has reset it. */
export function toProfileDto(row: typeof profiles.$inferSelect, now = new Date()): Profile {
  return {
    id: row.id,
    email: row.email,
    subscription_tier: row.subscriptionTier,
    subscription_status: row.subscriptionStatus,
    monthly_usage: row.usagePeriod === currentUsagePeriod(now) ? row.monthlyUsage : 0,
    monthly_usage_limit: row.monthlyUsageLimit,
    stripe_customer_id: row.stripeCustomerId,
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    timezone: row.timezone,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
