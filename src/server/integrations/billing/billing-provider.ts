import type { PaidTier, Tier } from "../../../core/plans.ts";

/** What a subscription amounts to for the profile: the only thing the app stores of it. */
export type SubscriptionSnapshot = {
  tier: Tier;
  status: string;
  currentPeriodEnd: Date | null;
  subscriptionId: string | null;
};

export type CheckoutSnapshot = {
  id: string;
  status: "open" | "complete" | "expired";
  /** The payment went through (or none was needed). */
  paid: boolean;
  customerId: string | null;
  /** The user the session was created for (Stripe: client_reference_id). */
  userId: string | null;
  tier: PaidTier | null;
};

export type StartCheckoutInput = {
  userId: string;
  email: string;
  tier: PaidTier;
  priceId: string;
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
};

/**
 * One interface, two adapters: Stripe (official SDK) and demo billing (local pages, state in
 * our own tables). Use cases in src/server/billing talk only to this.
 */
export type BillingProvider = {
  kind: "stripe" | "demo";
  /** The checkout price id of each paid tier. */
  priceIds: Record<PaidTier, string>;
  /** Creates the provider's customer for a user (Stripe); undefined when the provider has none. */
  createCustomer?: (input: { userId: string; email: string }) => Promise<string>;
  createCheckout: (input: StartCheckoutInput) => Promise<{ id: string; url: string }>;
  createPortal: (input: { customerId: string | null; returnUrl: string }) => Promise<string>;
  /** The provider's truth about a checkout session; undefined when it does not know it. */
  readCheckout: (sessionId: string) => Promise<CheckoutSnapshot | undefined>;
  /**
   * The provider's truth about the customer's subscription. `current` is what the profile
   * holds now (the demo provider's truth is the profile itself).
   */
  readSubscription: (input: {
    customerId: string | null;
    current: SubscriptionSnapshot;
  }) => Promise<SubscriptionSnapshot>;
  /** Ends a subscription at once. A subscription the provider no longer knows is not an error. */
  cancelSubscription: (subscriptionId: string) => Promise<void>;
  /**
   * Verifies a webhook delivery's signature on the raw body and reads the event; throws
   * WebhookSignatureError for a forged, altered or stale one. Only providers with webhooks.
   */
  parseWebhook?: (rawBody: string, signature: string) => BillingEvent;
};

export class BillingProviderError extends Error {
  override name = "BillingProviderError";
}

/** Statuses that keep the paid tier (past_due: Stripe is still retrying the payment). */
export const ENTITLED_STATUSES = new Set(["active", "trialing", "past_due"]);

export function tierForPrice(
  priceIds: Record<PaidTier, string>,
  priceId: string,
): PaidTier | undefined {
  if (priceId === priceIds.starter) return "starter";
  if (priceId === priceIds.pro) return "pro";
  return undefined;
}

/** A verified provider event, reduced to what the app acts on. */
export type BillingEvent = {
  id: string;
  type: string;
  /** checkout: a checkout session changed; subscription: a subscription changed; ignored: not ours to act on. */
  kind: "checkout" | "subscription" | "ignored";
  customerId: string | null;
  checkoutSessionId: string | null;
  /** The user the provider object names (client_reference_id / metadata), a hint only. */
  userIdHint: string | null;
};

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}
