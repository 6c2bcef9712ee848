import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { VerifyPaymentResponse } from "../../core/contract/billing.ts";
import type { Db } from "../db/client.ts";
import { checkoutSessions } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import {
  type BillingProvider,
  BillingProviderError,
} from "../integrations/billing/billing-provider.ts";
import { readSubscriptionSummary, syncSubscription } from "./subscription-state.ts";

type Deps = { db: Db; billing: BillingProvider | undefined; log: FastifyBaseLogger };

export const SESSION_NOT_FOUND = "Payment session not found";

/**
 * Confirms a checkout on the success page. Only the session's own user may verify it; an
 * unknown, foreign, unpaid or expired session upgrades nothing. A paid one re-reads the
 * subscription from the provider and writes it — the same convergent write as the webhook —
 * so verify and webhook together grant exactly once.
 */
export async function verifyPayment(
  deps: Deps,
  user: { id: string },
  sessionId: string,
): Promise<VerifyPaymentResponse> {
  const provider = deps.billing;
  if (!provider) {
    throw new AppError(503, "service_unavailable", "Service unavailable. Please try again later.");
  }
  const [row] = await deps.db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.userId, user.id)));
  // another user's session reads exactly like an unknown one
  if (!row || row.provider !== provider.kind) {
    throw new AppError(404, "not_found", SESSION_NOT_FOUND);
  }

  try {
    const checkout = await provider.readCheckout(sessionId);
    if (!checkout || (checkout.userId !== null && checkout.userId !== user.id)) {
      throw new AppError(404, "not_found", SESSION_NOT_FOUND);
    }
    const current = async () => (await readSubscriptionSummary(deps.db, user.id))!;
    if (checkout.status === "expired") {
      if (row.status === "open") {
        await deps.db
          .update(checkoutSessions)
          .set({ status: "expired" })
          .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, "open")));
      }
      return {
        success: false,
        error: "This payment session has expired. Nothing was charged.",
        subscription: await current(),
      };
    }
    if (!checkout.paid) {
      return {
        success: false,
        error: "The payment has not been completed.",
        subscription: await current(),
      };
    }
    const result = await syncSubscription(deps.db, provider, {
      userId: user.id,
      customerId: checkout.customerId,
      paidCheckoutSessionId: sessionId,
    });
    if (result.outcome !== "synced") {
      deps.log.warn({ userId: user.id, outcome: result.outcome }, "verify-payment: not synced");
      return {
        success: false,
        error: "Payment verification failed",
        subscription: await current(),
      };
    }
    return { success: true, subscription: result.subscription };
  } catch (err) {
    if (!(err instanceof BillingProviderError)) throw err;
    deps.log.error({ err, userId: user.id }, "verify-payment: provider call failed");
    throw new AppError(502, "service_unavailable", "Payment verification failed");
  }
}
