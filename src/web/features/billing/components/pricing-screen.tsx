import { useState } from "react";
import type { Plan } from "../../../../core/contract/billing.ts";
import {
  isLifeArea,
  planFor,
  requiredTierForArea,
  type Tier,
  tierRank,
  WHAT_COUNTS,
} from "../../../../core/plans.ts";
import { useAuth } from "../../../lib/auth-context.ts";
import { hasBillingAccount, usePlans, useProfile, useUsage } from "../api/billing-queries.ts";
import { openBillingPortal, startCheckout } from "../api/checkout.ts";
import { ManageBillingButton } from "./manage-billing-button.tsx";
import { type PlanAction, PlanCard } from "./plan-card.tsx";
import { UsagePanel } from "./usage-panel.tsx";

type Props = {
  /** 'Continue with current plan': back to what the user was doing. */
  onClose?: () => void;
  /** A life area the user asked for (e.g. 'writing'): a notice says which plan includes it. */
  requestedArea?: string;
};

/**
 * The plans: three cards ('Most Popular' on starter, 'Current Plan' on the user's), checkout
 * for an upgrade, the billing portal for subscribers, and errors in a red banner.
 */
export function PricingScreen({ onClose, requestedArea }: Props) {
  const { status, signIn } = useAuth();
  const signedIn = status === "signedIn";
  const plans = usePlans();
  const usage = useUsage(signedIn);
  const profile = useProfile(signedIn);
  const [error, setError] = useState<string | null>(null);
  const [pendingTier, setPendingTier] = useState<Tier | null>(null);

  const currentTier: Tier | undefined = signedIn
    ? (usage.data?.tier ?? profile.data?.subscription_tier)
    : undefined;
  const subscribed = hasBillingAccount(profile.data, plans.data?.billing);
  const area = requestedArea && isLifeArea(requestedArea) ? requestedArea : undefined;
  const required = area ? requiredTierForArea(area) : undefined;
  const needsUpgrade =
    area !== undefined &&
    required !== undefined &&
    tierRank(required) > tierRank(currentTier ?? "free");

  async function choose(plan: Plan) {
    setError(null);
    if (!signedIn) return setError("User not authenticated");
    if (plans.data?.billing === "unavailable") return setError("Service unavailable");
    if (!plan.stripePriceId) return setError("Invalid plan selected");
    setPendingTier(plan.id);
    try {
      if (currentTier && currentTier !== "free") {
        // a subscriber changes plan in the billing portal, never with a second checkout
        await openBillingPortal(window.location.href);
        setPendingTier(null);
      } else {
        await startCheckout(plan.stripePriceId); // the page is left on success
      }
    } catch (err) {
      setError((err as Error).message);
      setPendingTier(null);
    }
  }

  function actionFor(plan: Plan): PlanAction {
    if (plan.id === currentTier) return { kind: "none", note: "You're on this plan" };
    if (plan.id === "free") {
      return {
        kind: "none",
        note: signedIn ? "Cancel anytime in Manage Billing" : "Free to start, no card needed",
      };
    }
    const higher = tierRank(plan.id) > tierRank(currentTier ?? "free");
    const label = !signedIn
      ? `Choose ${plan.name}`
      : higher
        ? `Upgrade to ${plan.name}`
        : `Switch to ${plan.name}`;
    return {
      kind: "button",
      label,
      onClick: () => void choose(plan),
      pending: pendingTier === plan.id,
      disabled: pendingTier !== null,
    };
  }

  return (
    <section aria-labelledby="pricing-heading" className="px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-5xl">
        <div className="text-center">
          <h1
            id="pricing-heading"
            className="text-3xl font-black tracking-tight text-stone-900 sm:text-4xl"
          >
            Choose your plan
          </h1>
          <p className="mx-auto mt-3 max-w-2xl text-stone-700">
            Start free, upgrade when Sage earns it. Cancel anytime — we never sell your data; Sage
            is paid for by subscriptions.
          </p>
        </div>

        {plans.data?.billing === "demo" && (
          <p className="mx-auto mt-6 max-w-2xl rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <strong>Demo mode — no real charge.</strong> Payments here use Sage's built-in demo
            billing: no card is asked for and nothing is charged.
          </p>
        )}
        {needsUpgrade && area && required && (
          <p
            role="status"
            className="mx-auto mt-6 max-w-2xl rounded-2xl border border-sage-300 bg-sage-50 px-4 py-3 text-sm text-sage-900"
          >
            <strong className="capitalize">{area}</strong> is part of the{" "}
            <strong>{planFor(required).name}</strong> plan. Upgrade to get help with it.
          </p>
        )}
        {error && (
          <div
            role="alert"
            className="mx-auto mt-6 flex max-w-2xl flex-wrap items-center justify-between gap-3 rounded-2xl bg-red-50 px-4 py-3 text-sm text-red-800"
          >
            <span>{error}</span>
            <span className="flex gap-3">
              {error === "User not authenticated" && (
                <button
                  type="button"
                  className="font-semibold underline"
                  onClick={() => void signIn()}
                >
                  Sign in
                </button>
              )}
              <button
                type="button"
                className="font-semibold underline"
                onClick={() => setError(null)}
              >
                Dismiss
              </button>
            </span>
          </div>
        )}
        {signedIn && usage.data && (
          <div className="mx-auto mt-6 max-w-sm rounded-2xl border border-stone-200 bg-white px-4 py-3">
            <UsagePanel usage={usage.data} variant="compact" />
          </div>
        )}

        {plans.isError ? (
          <div role="alert" className="mt-10 text-center text-red-800">
            <p>The plans could not be loaded.</p>
            <button
              type="button"
              className="mt-2 font-semibold underline"
              onClick={() => void plans.refetch()}
            >
              Try again
            </button>
          </div>
        ) : !plans.data ? (
          <p role="status" className="mt-10 text-center text-stone-600">
            {/* asked while offline, the query waits for the connection (and then asks) */}
            {plans.fetchStatus === "paused"
              ? "You're offline. The plans will appear when you're back online."
              : "Loading plans…"}
          </p>
        ) : (
          <ul className="mt-10 grid gap-6 md:grid-cols-3" aria-label="Plans">
            {plans.data.plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                current={plan.id === currentTier}
                action={actionFor(plan)}
              />
            ))}
          </ul>
        )}

        <p className="mx-auto mt-8 max-w-2xl text-center text-sm text-stone-700">
          {WHAT_COUNTS.counts} {WHAT_COUNTS.always} {WHAT_COUNTS.builtIn}
        </p>

        <div className="mt-10 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
          {signedIn && subscribed && <ManageBillingButton onError={setError} />}
          {onClose && (
            <button
              type="button"
              onClick={onClose}
              className="rounded-xl px-4 py-2 text-sm font-semibold text-sage-800 underline underline-offset-4 hover:bg-sage-50"
            >
              Continue with current plan
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
