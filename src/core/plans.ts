/**
 * Plans, tiers, allowances and life areas (spec §4, §6, §9). One table read by the server
 * (checkout, webhooks, limits) and the client (pricing screen, usage panel).
 */
export const TIERS = ["free", "starter", "pro"] as const;
export type Tier = (typeof TIERS)[number];
export type PaidTier = Exclude<Tier, "free">;
export const PAID_TIERS = ["starter", "pro"] as const satisfies readonly PaidTier[];

/** pro is "unlimited": the spec stores it as 999999. */
export const MONTHLY_LIMITS: Record<Tier, number> = { free: 15, starter: 200, pro: 999_999 };
export const UNLIMITED_LIMIT = MONTHLY_LIMITS.pro;

export const DEFAULT_PROFILE = {
  subscription_tier: "free" as Tier,
  subscription_status: "inactive",
  monthly_usage: 0,
  monthly_usage_limit: MONTHLY_LIMITS.free,
};

export function limitForTier(tier: Tier): number {
  return MONTHLY_LIMITS[tier];
}

export function isUnlimited(limit: number): boolean {
  return limit >= UNLIMITED_LIMIT;
}

/** The tier's rank on the upgrade path: free 0, starter 1, pro 2. */
export function tierRank(tier: Tier): number {
  return TIERS.indexOf(tier);
}

/** Upgrade path free → starter → pro; pro has no next plan. */
export function nextTier(tier: Tier): Tier | null {
  return TIERS[tierRank(tier) + 1] ?? null;
}

/** starter is also shown as "personal" (spec §3, §6); other names are not tiers. */
export function parseTier(name: string): Tier | undefined {
  const n = name.trim().toLowerCase();
  if (n === "personal") return "starter";
  return (TIERS as readonly string[]).includes(n) ? (n as Tier) : undefined;
}

/** 'starter' → 'Starter' (the /success page shows the capitalised tier). */
export function tierLabel(tier: string): string {
  return tier.charAt(0).toUpperCase() + tier.slice(1);
}

export const LIFE_AREAS = [
  "fitness",
  "productivity",
  "goals",
  "conversation",
  "support",
  "writing",
  "career",
  "travel",
  "relationships",
  "nutrition",
  "learning",
  "creative",
] as const;
export type LifeArea = (typeof LIFE_AREAS)[number];

const FREE_AREAS: readonly LifeArea[] = ["fitness", "productivity", "goals"];
const STARTER_AREAS: readonly LifeArea[] = [
  ...FREE_AREAS,
  "conversation",
  "support",
  "writing",
  "career",
  "travel",
  "relationships",
];

/** Life areas by tier: free 3, starter adds 6, pro gets all (spec §6). */
export const LIFE_AREAS_BY_TIER: Record<Tier, readonly LifeArea[]> = {
  free: FREE_AREAS,
  starter: STARTER_AREAS,
  pro: LIFE_AREAS,
};

/**
 * The counts the pricing screen displays. The spec gives 3 / 9 / 14 although it names only
 * twelve areas; pro's "14" is the spec's own figure and is shown as given.
 */
export const DISPLAYED_LIFE_AREA_COUNT: Record<Tier, number> = { free: 3, starter: 9, pro: 14 };

export function isLifeArea(value: string): value is LifeArea {
  return (LIFE_AREAS as readonly string[]).includes(value);
}

/** The lowest tier whose plan includes the area. */
export function requiredTierForArea(area: LifeArea): Tier {
  return TIERS.find((t) => LIFE_AREAS_BY_TIER[t].includes(area)) ?? "pro";
}

export function tierIncludesArea(tier: Tier, area: LifeArea): boolean {
  return LIFE_AREAS_BY_TIER[tier].includes(area);
}

export type PlanDefinition = {
  id: Tier;
  name: string;
  /** Also shown as (spec: starter is "personal"). */
  alias: string | null;
  /** Whole US dollars per month. */
  price: number;
  currency: "usd";
  interval: "month";
  monthlyLimit: number;
  lifeAreaCount: number;
  lifeAreas: readonly LifeArea[];
  /** What the plan includes, in the order the card lists it. */
  features: readonly string[];
  /** Shown struck through as not available on this plan. */
  unavailableFeatures: readonly string[];
  calendarSync: boolean;
  recommended: boolean;
  nextTier: Tier | null;
};

export const PLANS: readonly PlanDefinition[] = [
  {
    id: "free",
    name: "Free",
    alias: null,
    price: 0,
    currency: "usd",
    interval: "month",
    monthlyLimit: MONTHLY_LIMITS.free,
    lifeAreaCount: DISPLAYED_LIFE_AREA_COUNT.free,
    lifeAreas: LIFE_AREAS_BY_TIER.free,
    features: [
      `${MONTHLY_LIMITS.free} conversations per month`,
      `${DISPLAYED_LIFE_AREA_COUNT.free} life areas`,
      "Personalized calendar assistant",
    ],
    unavailableFeatures: ["Calendar sync"],
    calendarSync: false,
    recommended: false,
    nextTier: "starter",
  },
  {
    id: "starter",
    name: "Starter",
    alias: "Personal",
    price: 5,
    currency: "usd",
    interval: "month",
    monthlyLimit: MONTHLY_LIMITS.starter,
    lifeAreaCount: DISPLAYED_LIFE_AREA_COUNT.starter,
    lifeAreas: LIFE_AREAS_BY_TIER.starter,
    features: [
      `${MONTHLY_LIMITS.starter} conversations per month`,
      `${DISPLAYED_LIFE_AREA_COUNT.starter} life areas`,
      "Calendar integration and sync",
      "Personalized calendar assistant",
    ],
    unavailableFeatures: [],
    calendarSync: true,
    recommended: true,
    nextTier: "pro",
  },
  {
    id: "pro",
    name: "Pro",
    alias: null,
    price: 10,
    currency: "usd",
    interval: "month",
    monthlyLimit: MONTHLY_LIMITS.pro,
    lifeAreaCount: DISPLAYED_LIFE_AREA_COUNT.pro,
    lifeAreas: LIFE_AREAS_BY_TIER.pro,
    features: [
      "Unlimited conversations",
      `${DISPLAYED_LIFE_AREA_COUNT.pro} life areas`,
      "Calendar integration and sync",
      "Premium models",
      "Priority support",
      "Advanced scheduling",
      "Creating images",
      "Get help first",
    ],
    unavailableFeatures: [],
    calendarSync: true,
    recommended: false,
    nextTier: null,
  },
];

export function planFor(tier: Tier): PlanDefinition {
  return PLANS.find((p) => p.id === tier)!;
}

/** '$5/month', '$0' */
export function formatPrice(plan: Pick<PlanDefinition, "price" | "interval">): string {
  return plan.price === 0 ? "$0" : `$${plan.price}/${plan.interval}`;
}
