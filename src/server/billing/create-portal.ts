import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { hasBillingToManage, parseTier } from "../../core/plans.ts";
import type { Db } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import {
  type BillingProvider,
  BillingProviderError,
} from "../integrations/billing/billing-provider.ts";
import { serviceUnavailable } from "./create-checkout.ts";

type Deps = {
  db: Db;
  billing: BillingProvider | undefined;
  publicUrl: URL;
  log: FastifyBaseLogger;
};

/**
 * Where the portal sends the user back: a URL on our own origin as given (relative ones are
 * resolved against it); anything else — another host, another scheme — becomes the app's URL.
 */
export function safeReturnUrl(requested: string | null | undefined, publicUrl: URL): string {
  const fallback = new URL("/", publicUrl).href;
  if (!requested) return fallback;
  try {
    const url = new URL(requested, publicUrl);
    return url.origin === publicUrl.origin ? url.href : fallback;
  } catch {
    return fallback;
  }
}

const noSubscription = () => new AppError(404, "not_found", "No active subscription found");

/** A Billing Portal session for the signed-in user's own customer (the body's is ignored). */
export async function createPortal(
  deps: Deps,
  user: { id: string },
  input: { returnUrl?: string | null },
): Promise<{ url: string }> {
  const provider = deps.billing;
  if (!provider) throw serviceUnavailable();
  const [profile] = await deps.db.select().from(profiles).where(eq(profiles.id, user.id));
  if (!profile) throw new AppError(404, "not_found", "User profile not found");
  const account = {
    tier: parseTier(profile.subscriptionTier) ?? "free",
    customerId: profile.stripeCustomerId,
  };
  if (!hasBillingToManage(account, provider.kind)) throw noSubscription();
  try {
    const url = await provider.createPortal({
      customerId: profile.stripeCustomerId,
      returnUrl: safeReturnUrl(input.returnUrl, deps.publicUrl),
    });
    return { url };
  } catch (err) {
    if (!(err instanceof BillingProviderError)) throw err;
    deps.log.error({ err, userId: user.id }, "portal: provider call failed");
    throw new AppError(502, "service_unavailable", "Failed to access billing portal");
  }
}
