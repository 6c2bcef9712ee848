import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { forgetSessionLiveness } from "../auth/sessions.ts";
import type { Config } from "../config.ts";
import { releaseConnections } from "../connections/release-connections.ts";
import type { Db } from "../db/client.ts";
import { profiles, users } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import {
  type BillingProvider,
  BillingProviderError,
} from "../integrations/billing/billing-provider.ts";
import type { GoogleSignIn } from "../integrations/identity/google.ts";
import { rememberUsage, usageEmailKey } from "../usage/usage-carryover.ts";

const ENDED_STATUSES = new Set(["canceled", "incomplete_expired", "inactive"]);

type Deps = {
  db: Db;
  billing: BillingProvider | undefined;
  log: FastifyBaseLogger;
  /** Keys the remembered usage (usage-carryover.ts). */
  sessionSecret: string;
  now: () => Date;
  /** For letting go of the connected calendars at their providers. */
  config: Config;
  google: GoogleSignIn | undefined;
};

/**
 * Deletes the account and everything stored about it. A running Stripe subscription is
 * cancelled first; when that fails nothing is deleted (an account must not vanish while its
 * card keeps being charged). Then the connected calendars are let go of at their providers,
 * as a disconnect does (push channels stopped, grants revoked once the rows are gone; best
 * effort, never blocking the deletion). Then one transaction removes the user row — every table
 * cascades from it: profile, sessions (so issued access tokens and the refresh cookie die),
 * calendar feed token, events, conversations and messages, logs, checkout sessions — and
 * the user's rate-limit counters. This month's usage alone is remembered, keyed by a hash of
 * the e-mail, until the month ends.
 */
export async function deleteAccount(deps: Deps, userId: string): Promise<void> {
  const [profile] = await deps.db.select().from(profiles).where(eq(profiles.id, userId));
  const subscriptionId = profile?.stripeSubscriptionId;
  if (
    subscriptionId &&
    !subscriptionId.startsWith("demo_") &&
    !ENDED_STATUSES.has(profile.subscriptionStatus)
  ) {
    if (deps.billing?.kind !== "stripe") {
      deps.log.error({ userId }, "delete account: Stripe subscription but Stripe not configured");
      throw new AppError(
        503,
        "service_unavailable",
        "We couldn't cancel your subscription, so your account was not deleted. Please contact support.",
      );
    }
    try {
      await deps.billing.cancelSubscription(subscriptionId);
    } catch (err) {
      if (!(err instanceof BillingProviderError)) throw err;
      deps.log.error({ err, userId }, "delete account: could not cancel the subscription");
      throw new AppError(
        502,
        "service_unavailable",
        "We couldn't cancel your subscription, so your account was not deleted. Please try again or contact support.",
      );
    }
  }
  const connections = await releaseConnections(deps, { userId });
  await deps.db.transaction(async (tx) => {
    // this month's usage outlives the account, under a hash of its e-mail only, so deleting
    // and signing up again does not reset the allowance
    if (profile) {
      await rememberUsage(tx, {
        userId,
        emailKey: usageEmailKey(deps.sessionSecret, profile.email),
        now: deps.now(),
      });
    }
    // counters keyed by user ('<name>:u:<id>') are the only rows not tied by a foreign key
    await tx.execute(sql`delete from rate_limits where key like ${`%:u:${userId}`}`);
    await tx.delete(users).where(eq(users.id, userId));
  });
  // the sessions are gone with the user; their tokens must stop working here at once
  forgetSessionLiveness({ userId });
  await connections.revoke();
}
