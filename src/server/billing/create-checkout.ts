import { and, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { CreateCheckoutRequest } from "../../core/contract/billing.ts";
import { planFor } from "../../core/plans.ts";
import type { Db } from "../db/client.ts";
import { checkoutSessions, profiles } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import {
  type BillingProvider,
  BillingProviderError,
  ENTITLED_STATUSES,
  tierForPrice,
} from "../integrations/billing/billing-provider.ts";

type Deps = {
  db: Db;
  billing: BillingProvider | undefined;
  publicUrl: URL;
  log: FastifyBaseLogger;
};

export const serviceUnavailable = (message = "Service unavailable") =>
  new AppError(503, "service_unavailable", message);

/** Stores the customer id once; a concurrent caller that lost the race gets the stored one. */
async function rememberCustomer(db: Db, userId: string, customerId: string): Promise<string> {
  const set = await db
    .update(profiles)
    .set({ stripeCustomerId: customerId, updatedAt: new Date() })
    .where(and(eq(profiles.id, userId), isNull(profiles.stripeCustomerId)))
    .returning({ id: profiles.stripeCustomerId });
  if (set[0]?.id) return set[0].id;
  const [row] = await db
    .select({ id: profiles.stripeCustomerId })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.id ?? customerId;
}

/**
 * Starts a checkout for the signed-in user. Only the user's identity from the session and
 * their profile are trusted; the body's userId, email and customerId are ignored. The session
 * is recorded bound to the user, so only they can verify it later.
 */
export async function createCheckout(
  deps: Deps,
  user: { id: string },
  input: CreateCheckoutRequest,
): Promise<{ url: string }> {
  const provider = deps.billing;
  if (!provider) throw serviceUnavailable();
  const tier = tierForPrice(provider.priceIds, input.priceId);
  if (!tier) throw new AppError(400, "bad_request", "Invalid plan selected");
  const [profile] = await deps.db.select().from(profiles).where(eq(profiles.id, user.id));
  if (!profile) throw new AppError(404, "not_found", "User profile not found");
  if (profile.subscriptionTier !== "free" && ENTITLED_STATUSES.has(profile.subscriptionStatus)) {
    // a second Checkout would start a second subscription: plan changes go through the portal
    throw new AppError(
      409,
      "conflict",
      `You already have the ${planFor(profile.subscriptionTier).name} plan. Use Manage Billing to change it.`,
    );
  }

  try {
    let customerId = profile.stripeCustomerId;
    if (!customerId && provider.createCustomer) {
      const created = await provider.createCustomer({ userId: user.id, email: profile.email });
      customerId = await rememberCustomer(deps.db, user.id, created);
    }
    const session = await provider.createCheckout({
      userId: user.id,
      email: profile.email,
      tier,
      priceId: input.priceId,
      customerId,
      successUrl: `${new URL("/success", deps.publicUrl).href}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: new URL("/cancel", deps.publicUrl).href,
    });
    await deps.db
      .insert(checkoutSessions)
      .values({ id: session.id, userId: user.id, provider: provider.kind, tier });
    return { url: session.url };
  } catch (err) {
    if (!(err instanceof BillingProviderError)) throw err;
    deps.log.error({ err, userId: user.id }, "checkout: provider call failed");
    throw new AppError(502, "service_unavailable", "Failed to start checkout process");
  }
}
