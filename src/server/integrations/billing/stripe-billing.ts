import type Stripe from "stripe";
import { type PaidTier, TIERS, type Tier } from "../../../core/plans.ts";
import {
  type BillingEvent,
  type BillingProvider,
  BillingProviderError,
  type CheckoutSnapshot,
  ENTITLED_STATUSES,
  type SubscriptionSnapshot,
  tierForPrice,
  WebhookSignatureError,
} from "./billing-provider.ts";

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === "string" ? v : v.id;

/** The only events acted on; every other type is acknowledged and ignored. */
const CHECKOUT_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);
const SUBSCRIPTION_EVENTS = new Set([
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
]);

/** Reduces a verified Stripe event to what the app acts on. */
export function toBillingEvent(event: Stripe.Event): BillingEvent {
  const base = { id: event.id, type: event.type };
  if (CHECKOUT_EVENTS.has(event.type)) {
    const s = event.data.object as Stripe.Checkout.Session;
    return {
      ...base,
      kind: "checkout",
      customerId: idOf(s.customer),
      checkoutSessionId: s.id,
      userIdHint: s.client_reference_id ?? s.metadata?.userId ?? null,
    };
  }
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    const sub = event.data.object as Stripe.Subscription;
    return {
      ...base,
      kind: "subscription",
      customerId: idOf(sub.customer),
      checkoutSessionId: null,
      userIdHint: sub.metadata?.userId ?? null,
    };
  }
  return { ...base, kind: "ignored", customerId: null, checkoutSessionId: null, userIdHint: null };
}

export type StripeBillingConfig = {
  secretKey: string;
  webhookSecret: string;
  priceIds: Record<PaidTier, string>;
  /** Replaces the SDK client (tests point one at a loopback fake). */
  client?: Stripe;
};

/** The SDK's settings; `api` points it elsewhere (tests: a loopback fake). */
export function stripeClientOptions(api?: {
  host: string;
  port: number;
  protocol: "http" | "https";
}): Stripe.StripeConfig {
  return { maxNetworkRetries: 1, timeout: 20_000, telemetry: false, ...(api ?? {}) };
}

/**
 * The SDK is imported only when Stripe is configured: with demo billing the server never
 * loads it (~0.1 s of a cold start).
 */
const loadStripe = async () => (await import("stripe")).default;

/** The subscription as the profile sees it: a paid tier while entitled, free otherwise. */
export function snapshotOf(
  sub: Stripe.Subscription,
  priceIds: Record<PaidTier, string>,
): SubscriptionSnapshot & { paidTier: PaidTier | undefined } {
  const item = sub.items.data[0];
  const paidTier = item ? tierForPrice(priceIds, item.price.id) : undefined;
  const entitled = paidTier !== undefined && ENTITLED_STATUSES.has(sub.status);
  return {
    paidTier,
    tier: entitled ? paidTier : "free",
    status: sub.status,
    currentPeriodEnd:
      entitled && item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
    subscriptionId: sub.id,
  };
}

/**
 * Picks the subscription that decides the profile among all of a customer's: the highest
 * entitled tier (newest first on a tie); with none entitled, the newest one of ours.
 */
export function decideSubscription(
  subs: Stripe.Subscription[],
  priceIds: Record<PaidTier, string>,
): SubscriptionSnapshot | undefined {
  const ours = subs
    .map((s) => ({ s, snap: snapshotOf(s, priceIds) }))
    .filter((x) => x.snap.paidTier !== undefined)
    .sort((a, b) => b.s.created - a.s.created);
  const rank = (t: Tier) => TIERS.indexOf(t);
  const entitled = ours
    .filter((x) => x.snap.tier !== "free")
    .sort((a, b) => rank(b.snap.tier) - rank(a.snap.tier));
  const chosen = entitled[0] ?? ours[0];
  if (!chosen) return undefined;
  const { paidTier: _, ...snap } = chosen.snap;
  return snap;
}

function checkoutStatus(s: Stripe.Checkout.Session): CheckoutSnapshot["status"] {
  if (s.status === "complete") return "complete";
  if (s.status === "expired") return "expired";
  return "open";
}

/** Stripe Checkout (subscription mode), Billing Portal and subscription reads, via the SDK. */
export async function createStripeBilling(config: StripeBillingConfig): Promise<BillingProvider> {
  const Sdk = await loadStripe();
  const stripe = config.client ?? new Sdk(config.secretKey, stripeClientOptions());
  const isMissing = (err: unknown) =>
    err instanceof Sdk.errors.StripeInvalidRequestError && err.statusCode === 404;
  const priceIds = config.priceIds;

  const wrap = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      throw new BillingProviderError(`stripe: ${what} failed: ${(err as Error).message}`, {
        cause: err,
      });
    }
  };

  return {
    kind: "stripe",
    priceIds,

    createCustomer: ({ userId, email }) =>
      wrap("create customer", async () => {
        // the idempotency key makes a retried or raced creation return the same customer
        const customer = await stripe.customers.create(
          { email, metadata: { userId } },
          { idempotencyKey: `sage-customer-${userId}` },
        );
        return customer.id;
      }),

    createCheckout: (input) =>
      wrap("create checkout session", async () => {
        const session = await stripe.checkout.sessions.create({
          mode: "subscription",
          line_items: [{ price: input.priceId, quantity: 1 }],
          ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
          client_reference_id: input.userId,
          metadata: { userId: input.userId, tier: input.tier },
          subscription_data: { metadata: { userId: input.userId, tier: input.tier } },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        });
        if (!session.url) throw new Error("checkout session has no url");
        return { id: session.id, url: session.url };
      }),

    createPortal: ({ customerId, returnUrl }) =>
      wrap("create portal session", async () => {
        if (!customerId) throw new Error("no customer");
        const portal = await stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
        });
        return portal.url;
      }),

    readCheckout: async (sessionId) => {
      try {
        const s = await stripe.checkout.sessions.retrieve(sessionId);
        const tierMeta = s.metadata?.tier;
        return {
          id: s.id,
          status: checkoutStatus(s),
          paid:
            s.status === "complete" &&
            (s.payment_status === "paid" || s.payment_status === "no_payment_required"),
          customerId: idOf(s.customer),
          userId: s.client_reference_id,
          tier: tierMeta === "starter" || tierMeta === "pro" ? tierMeta : null,
        };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw new BillingProviderError(`stripe: retrieve checkout session failed`, { cause: err });
      }
    },

    readSubscription: ({ customerId, current }) =>
      wrap("list subscriptions", async () => {
        if (!customerId) return current;
        const subs: Stripe.Subscription[] = [];
        for await (const sub of stripe.subscriptions.list({
          customer: customerId,
          status: "all",
          limit: 100,
        })) {
          subs.push(sub);
          if (subs.length >= 300) break;
        }
        return (
          decideSubscription(subs, priceIds) ?? {
            tier: "free",
            status: "inactive",
            currentPeriodEnd: null,
            subscriptionId: null,
          }
        );
      }),

    cancelSubscription: async (subscriptionId) => {
      try {
        await stripe.subscriptions.cancel(subscriptionId);
      } catch (err) {
        if (isMissing(err)) return;
        throw new BillingProviderError("stripe: cancel subscription failed", { cause: err });
      }
    },

    parseWebhook: (rawBody, signature) => {
      let event: Stripe.Event;
      try {
        // default tolerance (300 s): a replayed old delivery is refused as stale
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError((err as Error).message);
      }
      return toBillingEvent(event);
    },
  };
}
