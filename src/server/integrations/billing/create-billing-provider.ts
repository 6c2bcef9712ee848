import type Stripe from "stripe";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { BillingProvider } from "./billing-provider.ts";
import { createDemoBilling } from "./demo-billing.ts";
import { createStripeBilling } from "./stripe-billing.ts";

/**
 * Stripe when STRIPE_SECRET_KEY is set; demo billing only on a localhost PUBLIC_URL without
 * Stripe; otherwise none ('Service unavailable'): a public deployment never hands out free
 * upgrades.
 */
export async function createBillingProvider(opts: {
  config: Config;
  db: Db;
  now: () => Date;
  stripeClient?: Stripe;
}): Promise<BillingProvider | undefined> {
  const { stripe } = opts.config;
  if (stripe.secretKey) {
    // config.ts refuses a secret key without the webhook secret and both price ids
    return createStripeBilling({
      secretKey: stripe.secretKey,
      webhookSecret: stripe.webhookSecret ?? "",
      priceIds: { starter: stripe.priceStarter ?? "", pro: stripe.pricePro ?? "" },
      client: opts.stripeClient,
    });
  }
  if (opts.config.isLocal) {
    return createDemoBilling({ db: opts.db, publicUrl: opts.config.publicUrl, now: opts.now });
  }
  return undefined;
}
