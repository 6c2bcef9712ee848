import { and, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { billingEvents, checkoutSessions, profiles } from "../db/schema.ts";
import type { BillingEvent, BillingProvider } from "../integrations/billing/billing-provider.ts";
import { recordEvent, syncSubscription } from "./subscription-state.ts";

type Deps = { db: Db; billing: BillingProvider; log: FastifyBaseLogger };

export type EventOutcome = "synced" | "duplicate" | "ignored" | "unknown-customer";

/** The user a checkout event belongs to: only sessions this app created count. */
async function userOfCheckout(db: Db, sessionId: string) {
  const [row] = await db
    .select({ userId: checkoutSessions.userId })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, sessionId));
  return row?.userId;
}

/**
 * The user a customer belongs to: the profile that stored the customer id, or — before it
 * was stored — the user the provider object names, provided that profile has no other customer.
 */
async function userOfCustomer(db: Db, customerId: string, hint: string | null) {
  const [owner] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.stripeCustomerId, customerId));
  if (owner) return owner.id;
  if (!hint || !/^[0-9a-f-]{36}$/i.test(hint)) return undefined;
  const [hinted] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, hint), isNull(profiles.stripeCustomerId)));
  return hinted?.id;
}

/**
 * Acts on a verified webhook event. Convergent and idempotent: the event only says *whose*
 * subscription to look at; the state written is re-read from the provider, and the event id is
 * recorded in the same transaction, so duplicates and out-of-order deliveries change nothing
 * twice. Throws BillingProviderError when the provider cannot be read (the delivery is then
 * answered with an error and retried by the provider).
 */
export async function handleBillingEvent(deps: Deps, event: BillingEvent): Promise<EventOutcome> {
  if (event.kind === "ignored") return "ignored";
  const [seen] = await deps.db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(eq(billingEvents.id, event.id));
  if (seen) return "duplicate";

  let userId: string | undefined;
  let paidCheckoutSessionId: string | undefined;
  let customerId = event.customerId;
  if (event.kind === "checkout" && event.checkoutSessionId) {
    userId = await userOfCheckout(deps.db, event.checkoutSessionId);
    if (userId) {
      const checkout = await deps.billing.readCheckout(event.checkoutSessionId);
      if (checkout?.paid) paidCheckoutSessionId = checkout.id;
      customerId = checkout?.customerId ?? customerId;
      if (checkout?.status === "expired") {
        await deps.db
          .update(checkoutSessions)
          .set({ status: "expired" })
          .where(
            and(
              eq(checkoutSessions.id, event.checkoutSessionId),
              eq(checkoutSessions.status, "open"),
            ),
          );
      }
    }
  } else if (customerId) {
    userId = await userOfCustomer(deps.db, customerId, event.userIdHint);
  }

  if (!userId) {
    deps.log.info({ eventId: event.id, type: event.type }, "billing webhook: not one of ours");
    return (await recordEvent(deps.db, event)) ? "unknown-customer" : "duplicate";
  }
  const result = await syncSubscription(deps.db, deps.billing, {
    userId,
    customerId,
    paidCheckoutSessionId,
    event: { id: event.id, type: event.type },
  });
  if (result.outcome === "duplicate") return "duplicate";
  if (result.outcome !== "synced") {
    // recorded by the transaction all the same: a repeat is recognised
    deps.log.warn({ eventId: event.id, outcome: result.outcome }, "billing webhook: not applied");
    return "unknown-customer";
  }
  return "synced";
}
