import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import type { DemoCheckoutSession, SubscriptionSummary } from "../../core/contract/billing.ts";
import { type PaidTier, planFor, type Tier } from "../../core/plans.ts";
import type { Db } from "../db/client.ts";
import { checkoutSessions, profiles } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { demoCheckoutStatus } from "../integrations/billing/demo-billing.ts";
import { applySubscription } from "./subscription-state.ts";
import { SESSION_NOT_FOUND } from "./verify-payment.ts";

type Deps = { db: Db; now: () => Date };

/** A demo subscription runs a calendar month at a time, like Stripe's monthly interval. */
function periodEndAfter(now: Date): Date {
  return DateTime.fromJSDate(now, { zone: "utc" }).plus({ months: 1 }).toJSDate();
}

async function ownSession(db: Db, userId: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.userId, userId)));
  if (row?.provider !== "demo") throw new AppError(404, "not_found", SESSION_NOT_FOUND);
  return row;
}

/** What the local checkout page shows: plan, price and the session's state. */
export async function readDemoCheckout(
  deps: Deps,
  userId: string,
  sessionId: string,
): Promise<DemoCheckoutSession> {
  const row = await ownSession(deps.db, userId, sessionId);
  const tier = row.tier;
  const plan = planFor(tier);
  return {
    id: row.id,
    tier,
    planName: plan.name,
    price: plan.price,
    currency: plan.currency,
    interval: plan.interval,
    status: demoCheckoutStatus(row, deps.now()),
  };
}

/**
 * Pay on the demo checkout page: the session's own user only, open sessions only. Changes the
 * profile exactly as a paid Stripe checkout does (tier, active, period end, limit) and marks
 * the session complete in the same transaction. Repeating it changes nothing.
 */
export async function completeDemoCheckout(
  deps: Deps,
  userId: string,
  sessionId: string,
): Promise<{ redirectUrl: string }> {
  const row = await ownSession(deps.db, userId, sessionId);
  const redirectUrl = `/success?session_id=${encodeURIComponent(sessionId)}`;
  const status = demoCheckoutStatus(row, deps.now());
  if (status === "complete") return { redirectUrl };
  if (status === "expired") {
    throw new AppError(409, "conflict", "This checkout session has expired. Nothing was charged.");
  }
  await applySubscription(deps.db, {
    userId,
    snapshot: {
      tier: row.tier,
      status: "active",
      currentPeriodEnd: periodEndAfter(deps.now()),
      subscriptionId: `demo_sub_${randomBytes(12).toString("base64url")}`,
    },
    paidCheckoutSessionId: sessionId,
  });
  return { redirectUrl };
}

async function paidProfile(db: Db, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
  if (!row || row.subscriptionTier === "free") {
    throw new AppError(404, "not_found", "No active subscription found");
  }
  return row;
}

/** The demo portal's "change plan": switches between the paid plans at once. */
export async function changeDemoPlan(
  deps: Deps,
  userId: string,
  tier: PaidTier,
): Promise<SubscriptionSummary> {
  const row = await paidProfile(deps.db, userId);
  const result = await applySubscription(deps.db, {
    userId,
    snapshot: {
      tier,
      status: "active",
      currentPeriodEnd: row.currentPeriodEnd ?? periodEndAfter(deps.now()),
      subscriptionId: row.stripeSubscriptionId,
    },
  });
  return result!.subscription;
}

/** The demo portal's "cancel subscription": back to free (limit 15) at once. */
export async function cancelDemoSubscription(
  deps: Deps,
  userId: string,
): Promise<SubscriptionSummary> {
  await paidProfile(deps.db, userId);
  const free: Tier = "free";
  const result = await applySubscription(deps.db, {
    userId,
    snapshot: { tier: free, status: "canceled", currentPeriodEnd: null, subscriptionId: null },
  });
  return result!.subscription;
}
