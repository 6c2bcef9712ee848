import { and, eq } from "drizzle-orm";
import type { SubscriptionSummary } from "../../core/contract/billing.ts";
import { limitForTier } from "../../core/plans.ts";
import type { Db } from "../db/client.ts";
import { activityLogs, billingEvents, checkoutSessions, profiles } from "../db/schema.ts";
import type {
  BillingProvider,
  SubscriptionSnapshot,
} from "../integrations/billing/billing-provider.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type ProfileRow = typeof profiles.$inferSelect;

export function snapshotOfProfile(row: ProfileRow): SubscriptionSnapshot {
  return {
    tier: row.subscriptionTier,
    status: row.subscriptionStatus,
    currentPeriodEnd: row.currentPeriodEnd,
    subscriptionId: row.stripeSubscriptionId,
  };
}

export function summaryOf(s: SubscriptionSnapshot): SubscriptionSummary {
  return {
    tier: s.tier,
    status: s.status,
    current_period_end: s.currentPeriodEnd?.toISOString() ?? null,
  };
}

/** The profile's subscription as stored now; undefined without a profile. */
export async function readSubscriptionSummary(db: Db, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return row ? summaryOf(snapshotOfProfile(row)) : undefined;
}

/**
 * Writes tier, status, period end and the tier's monthly limit together (one statement, so
 * the chat's allowance never sees a tier without its limit). Sets the customer id only
 * where none is stored yet: a profile's customer is never swapped.
 */
async function writeSubscription(
  tx: Tx,
  userId: string,
  s: SubscriptionSnapshot,
  customerId: string | null,
): Promise<void> {
  await tx
    .update(profiles)
    .set({
      subscriptionTier: s.tier,
      subscriptionStatus: s.status,
      currentPeriodEnd: s.currentPeriodEnd,
      monthlyUsageLimit: limitForTier(s.tier),
      stripeSubscriptionId: s.subscriptionId,
      ...(customerId ? { stripeCustomerId: customerId } : {}),
      updatedAt: new Date(),
    })
    .where(eq(profiles.id, userId));
}

/**
 * Marks the user's checkout session complete, once: of any number of callers (verify-payment,
 * the webhook, retries, concurrent requests) exactly one sees `true` and logs the start.
 */
async function completeCheckoutOnce(tx: Tx, sessionId: string, userId: string) {
  const done = await tx
    .update(checkoutSessions)
    .set({ status: "complete", completedAt: new Date() })
    .where(
      and(
        eq(checkoutSessions.id, sessionId),
        eq(checkoutSessions.userId, userId),
        eq(checkoutSessions.status, "open"),
      ),
    )
    .returning({ tier: checkoutSessions.tier });
  if (!done[0]) return false;
  await tx.insert(activityLogs).values({ userId, activityType: "subscription_started" });
  return true;
}

type SyncInput = {
  userId: string;
  /** The provider's customer the change came from (webhook, checkout session). */
  customerId?: string | null;
  /** A paid checkout session of this user to mark complete in the same transaction. */
  paidCheckoutSessionId?: string;
  /** A webhook event id: recorded in the same transaction; a repeat changes nothing. */
  event?: { id: string; type: string };
};

export type SyncResult =
  | { outcome: "synced"; subscription: SubscriptionSummary; granted: boolean }
  | { outcome: "duplicate" | "no-profile" | "foreign-customer" };

/**
 * Convergent: re-reads the truth from the provider and writes it, never an increment, so a
 * duplicated or out-of-order trigger changes nothing twice. The profile row is locked for the
 * read-and-write, so two syncs of one user run one after the other and the later truth is
 * written last.
 */
export async function syncSubscription(
  db: Db,
  provider: BillingProvider,
  input: SyncInput,
): Promise<SyncResult> {
  return db.transaction(async (tx): Promise<SyncResult> => {
    if (input.event) {
      const fresh = await tx
        .insert(billingEvents)
        .values({ id: input.event.id, type: input.event.type })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id });
      if (!fresh[0]) return { outcome: "duplicate" };
    }
    const [row] = await tx
      .select()
      .from(profiles)
      .where(eq(profiles.id, input.userId))
      .for("update");
    if (!row) return { outcome: "no-profile" };
    const incoming = input.customerId ?? null;
    if (incoming && row.stripeCustomerId && incoming !== row.stripeCustomerId) {
      return { outcome: "foreign-customer" };
    }
    const customerId = row.stripeCustomerId ?? incoming;
    const truth = await provider.readSubscription({ customerId, current: snapshotOfProfile(row) });
    await writeSubscription(tx, input.userId, truth, row.stripeCustomerId ? null : customerId);
    const granted = input.paidCheckoutSessionId
      ? await completeCheckoutOnce(tx, input.paidCheckoutSessionId, input.userId)
      : false;
    return { outcome: "synced", subscription: summaryOf(truth), granted };
  });
}

/**
 * Sets a new subscription state decided by the app itself (demo billing: Pay, change plan,
 * cancel), in one transaction with the checkout session's completion.
 */
export async function applySubscription(
  db: Db,
  input: { userId: string; snapshot: SubscriptionSnapshot; paidCheckoutSessionId?: string },
): Promise<{ subscription: SubscriptionSummary; granted: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, input.userId))
      .for("update");
    if (!row) return undefined;
    await writeSubscription(tx, input.userId, input.snapshot, null);
    const granted = input.paidCheckoutSessionId
      ? await completeCheckoutOnce(tx, input.paidCheckoutSessionId, input.userId)
      : false;
    return { subscription: summaryOf(input.snapshot), granted };
  });
}

/** Records a webhook event that needs no change (so its repeat is recognised too). */
export async function recordEvent(db: Db, event: { id: string; type: string }): Promise<boolean> {
  const fresh = await db
    .insert(billingEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  return Boolean(fresh[0]);
}
