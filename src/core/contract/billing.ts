import { z } from "zod";
import { LIFE_AREAS, PAID_TIERS, TIERS } from "../plans.ts";

/** A plan as GET /api/plans answers it: the spec's Plan shape plus what the cards show. */
export const plan = z.object({
  id: z.enum(TIERS),
  name: z.string(),
  alias: z.string().nullable(),
  price: z.number(),
  currency: z.literal("usd"),
  interval: z.literal("month"),
  features: z.array(z.string()),
  unavailableFeatures: z.array(z.string()),
  /** The checkout price id (Stripe's, or the demo provider's own); null for free or when billing is off. */
  stripePriceId: z.string().nullable(),
  recommended: z.boolean(),
  monthlyLimit: z.number().int(),
  lifeAreaCount: z.number().int(),
  lifeAreas: z.array(z.enum(LIFE_AREAS)),
  nextTier: z.enum(TIERS).nullable(),
});
export type Plan = z.infer<typeof plan>;

/** Who ran a checkout session (the database keeps to these). */
export const BILLING_PROVIDERS = ["demo", "stripe"] as const;
export const CHECKOUT_STATUSES = ["open", "complete", "expired"] as const;

export const billingMode = z.enum([...BILLING_PROVIDERS, "unavailable"]);
export type BillingMode = z.infer<typeof billingMode>;

export const plansResponse = z.object({ plans: z.array(plan), billing: billingMode });
export type PlansResponse = z.infer<typeof plansResponse>;

const optionalId = z.string().max(255).nullish();

/**
 * POST /api/create-checkout-session. customerId, userId and email are accepted for the
 * spec's client but never trusted: the server uses the signed-in user and their profile.
 */
export const createCheckoutRequest = z.object({
  priceId: z.string().trim().min(1, "Invalid plan selected").max(255),
  customerId: optionalId,
  userId: optionalId,
  email: z.string().max(320).nullish(),
});
export type CreateCheckoutRequest = z.infer<typeof createCheckoutRequest>;

export const urlResponse = z.object({ url: z.string() });
export type UrlResponse = z.infer<typeof urlResponse>;

/** POST /api/create-portal-session. returnUrl is honoured only on our own origin. */
export const createPortalRequest = z.object({
  customerId: optionalId,
  returnUrl: z.string().max(2048).nullish(),
});
export type CreatePortalRequest = z.infer<typeof createPortalRequest>;

export const sessionIdRequest = z.object({
  sessionId: z.string().trim().min(1, "sessionId is required").max(255),
});

export const subscriptionSummary = z.object({
  tier: z.enum(TIERS),
  status: z.string(),
  current_period_end: z.string().nullable(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummary>;

/** POST /api/verify-payment answer. */
export const verifyPaymentResponse = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  subscription: subscriptionSummary,
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponse>;

/** GET /api/demo-billing/sessions/:id: what the local checkout page shows. */
export const demoCheckoutSession = z.object({
  id: z.string(),
  tier: z.enum(PAID_TIERS),
  planName: z.string(),
  price: z.number(),
  currency: z.literal("usd"),
  interval: z.literal("month"),
  status: z.enum(CHECKOUT_STATUSES),
});
export type DemoCheckoutSession = z.infer<typeof demoCheckoutSession>;

/** POST /api/demo-billing/complete answer: where the browser goes next. */
export const demoCompleteResponse = z.object({ redirectUrl: z.string() });

/** POST /api/demo-billing/change-plan */
export const demoChangePlanRequest = z.object({ tier: z.enum(PAID_TIERS) });

export const subscriptionResponse = z.object({ subscription: subscriptionSummary });
