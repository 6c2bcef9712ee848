import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { PaidTier } from "../../../core/plans.ts";
import type { Db } from "../../db/client.ts";
import { checkoutSessions } from "../../db/schema.ts";
import type { BillingProvider, CheckoutSnapshot } from "./billing-provider.ts";

export const DEMO_PRICE_IDS: Record<PaidTier, string> = {
  starter: "demo_price_starter",
  pro: "demo_price_pro",
};

/** Like Stripe's, an unpaid demo checkout session expires after a day. */
export const DEMO_CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

export function demoCheckoutStatus(
  row: { status: string; createdAt: Date },
  now: Date,
): CheckoutSnapshot["status"] {
  if (row.status === "complete") return "complete";
  if (row.status === "expired") return "expired";
  return now.getTime() - row.createdAt.getTime() > DEMO_CHECKOUT_TTL_MS ? "expired" : "open";
}

/**
 * Demo billing: runs only on localhost without Stripe. Checkout and portal are pages of the
 * app itself (clearly labelled "no real charge"); the subscription's truth is the profile row,
 * changed by the demo use cases in the same way a Stripe webhook changes it.
 */
export function createDemoBilling(opts: {
  db: Db;
  publicUrl: URL;
  now: () => Date;
}): BillingProvider {
  const { db, publicUrl, now } = opts;
  return {
    kind: "demo",
    priceIds: DEMO_PRICE_IDS,

    createCheckout: async () => {
      const id = `demo_cs_${randomBytes(18).toString("base64url")}`;
      const url = new URL("/billing/demo-checkout", publicUrl);
      url.searchParams.set("session_id", id);
      return { id, url: url.href };
    },

    createPortal: async ({ returnUrl }) => {
      const url = new URL("/billing/demo-portal", publicUrl);
      url.searchParams.set("return_url", returnUrl);
      return url.href;
    },

    readCheckout: async (sessionId) => {
      const [row] = await db
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.id, sessionId));
      if (row?.provider !== "demo") return undefined;
      const status = demoCheckoutStatus(row, now());
      return {
        id: row.id,
        status,
        paid: status === "complete",
        customerId: null,
        userId: row.userId,
        tier: row.tier === "starter" || row.tier === "pro" ? row.tier : null,
      };
    },

    readSubscription: async ({ current }) => current,

    cancelSubscription: async () => {
      // nothing outside the app to cancel: deleting the profile ends a demo subscription
    },
  };
}
