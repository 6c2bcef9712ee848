/** Subscription tiers and their monthly allowance (spec §6, §9). One table read by server and client. */
export const TIERS = ["free", "starter", "pro"] as const;
export type Tier = (typeof TIERS)[number];

/** pro is "unlimited": the spec stores it as 999999. */
export const MONTHLY_LIMITS: Record<Tier, number> = { free: 15, starter: 200, pro: 999_999 };

export const DEFAULT_PROFILE = {
  subscription_tier: "free" as Tier,
  subscription_status: "inactive",
  monthly_usage: 0,
  monthly_usage_limit: MONTHLY_LIMITS.free,
};

export function limitForTier(tier: Tier): number {
  return MONTHLY_LIMITS[tier];
}
