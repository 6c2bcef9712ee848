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

/**
 * What each plan lets a person do. These flags are the truth the server enforces and the
 * cards are written from: a feature appears on a card only through a flag here, and each
 * flag is exercised by a test (named beside it).
 */
export type PlanEntitlements = {
  /** Life areas whose assistants the plan may create and use (server: 403 otherwise). */
  lifeAreas: readonly LifeArea[];
  /** The built-in generator writes the whole multi-week fitness program, not only week 1. */
  fullFitnessProgram: boolean;
  /**
   * Sage writes its plans into a calendar the person connected (Google, CalDAV). Not built
   * in this version: the flag is kept so the tier rule is decided in one place, and it is
   * not shown on any card until the feature exists. The subscribable feed is every plan's.
   */
  writeToConnectedCalendars: boolean;
};

export const ENTITLEMENTS: Record<Tier, PlanEntitlements> = {
  free: {
    lifeAreas: LIFE_AREAS_BY_TIER.free,
    fullFitnessProgram: false,
    writeToConnectedCalendars: false,
  },
  starter: {
    lifeAreas: LIFE_AREAS_BY_TIER.starter,
    fullFitnessProgram: true,
    writeToConnectedCalendars: true,
  },
  pro: {
    lifeAreas: LIFE_AREAS_BY_TIER.pro,
    fullFitnessProgram: true,
    writeToConnectedCalendars: true,
  },
};

/** The lowest tier with the entitlement (the upgrade a locked feature points to). */
export function requiredTierFor(flag: "fullFitnessProgram" | "writeToConnectedCalendars"): Tier {
  return TIERS.find((t) => ENTITLEMENTS[t][flag]) ?? "pro";
}

/**
 * What uses a message of the allowance (issue 28), said on the pricing page and in the terms
 * exactly as the server counts it (chat-turn.ts `uncharged`; offline-calendar-turn.ts).
 */
export const WHAT_COUNTS = {
  counts:
    "A message counts when Sage answers it: advice, a look at your calendar, or a change to it.",
  always: "Small talk such as “hi” or “thanks” never counts.",
  builtIn:
    "With Sage's built-in assistant, these don't count either: a reply where it didn't understand you, a question it asks back about your own words (which event, what time, “Shall I go ahead?”), and your “No” to what it proposed.",
} as const;

/** One line of a plan card's checklist. `id` names the behaviour a test exercises. */
export type PlanFeature = {
  id:
    | "monthly-messages"
    | "calendar-assistant"
    | "calendar-feed"
    | "life-areas"
    | "full-fitness-program";
  label: string;
  included: boolean;
};

const AREA_NAMES: Record<LifeArea, string> = {
  fitness: "Fitness",
  productivity: "Productivity",
  goals: "Goals",
  conversation: "Conversation",
  support: "Support",
  writing: "Writing",
  career: "Career",
  travel: "Travel",
  relationships: "Relationships",
  nutrition: "Nutrition",
  learning: "Learning",
  creative: "Creative",
};

export function lifeAreaName(area: LifeArea): string {
  return AREA_NAMES[area];
}

function messagesLine(tier: Tier): string {
  const limit = MONTHLY_LIMITS[tier];
  return isUnlimited(limit) ? "Unlimited messages" : `${limit} messages a month`;
}

function areasLine(tier: Tier): string {
  const areas = LIFE_AREAS_BY_TIER[tier];
  if (areas.length === LIFE_AREAS.length) return `All ${areas.length} life areas`;
  return `${areas.length} life areas: ${areas.map(lifeAreaName).join(", ")}`;
}

/**
 * The checklist a plan's card shows, written from the plan's limits and entitlements —
 * nothing else. Included lines first, in a fixed order; then what the plan leaves out.
 * Calendar sync means the subscribable feed (Google, Apple, any calendar app): every plan.
 */
export function planFeatures(tier: Tier): PlanFeature[] {
  const e = ENTITLEMENTS[tier];
  const lines: PlanFeature[] = [
    { id: "monthly-messages", label: messagesLine(tier), included: true },
    {
      id: "calendar-assistant",
      label: "Calendar assistant that plans your time blocks",
      included: true,
    },
    {
      id: "calendar-feed",
      label: "Calendar sync: subscribe in Google or Apple Calendar",
      included: true,
    },
    { id: "life-areas", label: areasLine(tier), included: true },
    {
      id: "full-fitness-program",
      label: "Full multi-week fitness program",
      included: e.fullFitnessProgram,
    },
  ];
  return [...lines.filter((l) => l.included), ...lines.filter((l) => !l.included)];
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
  entitlements: PlanEntitlements;
  recommended: boolean;
  nextTier: Tier | null;
};

const PLAN_NAMES: Record<Tier, { name: string; alias: string | null; price: number }> = {
  free: { name: "Free", alias: null, price: 0 },
  starter: { name: "Starter", alias: "Personal", price: 5 },
  pro: { name: "Pro", alias: null, price: 10 },
};

export const PLANS: readonly PlanDefinition[] = TIERS.map((tier) => {
  const features = planFeatures(tier);
  return {
    id: tier,
    ...PLAN_NAMES[tier],
    currency: "usd",
    interval: "month",
    monthlyLimit: MONTHLY_LIMITS[tier],
    lifeAreaCount: LIFE_AREAS_BY_TIER[tier].length,
    lifeAreas: LIFE_AREAS_BY_TIER[tier],
    features: features.filter((f) => f.included).map((f) => f.label),
    unavailableFeatures: features.filter((f) => !f.included).map((f) => f.label),
    entitlements: ENTITLEMENTS[tier],
    recommended: tier === "starter",
    nextTier: nextTier(tier),
  };
});

export function planFor(tier: Tier): PlanDefinition {
  return PLANS.find((p) => p.id === tier)!;
}

/** '$5/month', '$0' */
export function formatPrice(plan: Pick<PlanDefinition, "price" | "interval">): string {
  return plan.price === 0 ? "$0" : `$${plan.price}/${plan.interval}`;
}

/**
 * Has the billing portal anything to show this person? Stripe's portal serves any customer
 * (invoices, resubscribing); the demo portal only a paid plan. The server's portal endpoint
 * and every Manage Billing button use this one rule, so a button never leads to "No active
 * subscription found".
 */
export function hasBillingToManage(
  account: { tier: Tier; customerId: string | null },
  billing: "stripe" | "demo" | "unavailable",
): boolean {
  if (billing === "stripe") return account.customerId !== null;
  return billing === "demo" && account.tier !== "free";
}
