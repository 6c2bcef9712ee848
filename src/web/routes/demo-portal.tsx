import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatPrice, PAID_TIERS, type PaidTier, planFor, tierLabel } from "../../core/plans.ts";
import { Button, buttonClass } from "../components/button.tsx";
import { PageShell } from "../components/page-shell.tsx";
import { useProfile, useUsage } from "../features/billing/api/billing-queries.ts";
import { cancelDemoSubscription, changeDemoPlan } from "../features/billing/api/demo-billing.ts";
import { UsagePanel } from "../features/billing/components/usage-panel.tsx";
import { ApiError } from "../lib/api.ts";
import { useAuth } from "../lib/auth-context.ts";
import { Link, useSearchParams } from "../lib/router.tsx";

/** Only a path on this site is followed back; anything else returns to the app's home. */
function sameOriginPath(value: string | null): string {
  if (!value) return "/";
  try {
    const url = new URL(value, window.location.origin);
    return url.origin === window.location.origin ? url.pathname + url.search + url.hash : "/";
  } catch {
    return "/";
  }
}

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });

/** The demo provider's billing portal: current plan, change plan, cancel subscription. */
export default function DemoPortalPage() {
  const [params] = useSearchParams();
  const back = sameOriginPath(params.get("return_url"));
  const { status, signIn } = useAuth();
  const signedIn = status === "signedIn";
  const profile = useProfile(signedIn);
  const usage = useUsage(signedIn);
  const queryClient = useQueryClient();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<unknown>, done: string) {
    setPending(true);
    setError(null);
    setNotice(null);
    try {
      await action();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["profile"] }),
        queryClient.invalidateQueries({ queryKey: ["usage"] }),
      ]);
      setNotice(done);
      setConfirmCancel(false);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "An unexpected error occurred");
    } finally {
      setPending(false);
    }
  }

  const p = profile.data;
  let body: React.ReactNode;
  if (status === "signedOut") {
    body = (
      <>
        <p role="alert">User not authenticated</p>
        <Button className="mt-4" onClick={() => void signIn()}>
          Sign In
        </Button>
      </>
    );
  } else if (!p) {
    body = <p role="status">Loading your subscription…</p>;
  } else if (p.subscription_tier === "free") {
    body = (
      <div className="rounded-2xl border border-stone-200 bg-white p-5">
        <p className="font-semibold">You're on the Free plan.</p>
        <p className="mt-1 text-sm text-stone-700">You have no active subscription.</p>
        <Link to="/" state={{ showPricing: true }} className={buttonClass("primary", "mt-4")}>
          See plans
        </Link>
      </div>
    );
  } else {
    const tier = p.subscription_tier as PaidTier;
    const others = PAID_TIERS.filter((t) => t !== tier);
    body = (
      <div className="flex flex-col gap-6">
        <section
          aria-labelledby="current-plan-heading"
          className="rounded-2xl border border-stone-200 bg-white p-5"
        >
          <h2 id="current-plan-heading" className="text-lg font-bold">
            Current plan
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-stone-600">Plan</dt>
            <dd className="font-semibold">
              {tierLabel(tier)} · {formatPrice(planFor(tier))}
            </dd>
            <dt className="text-stone-600">Status</dt>
            <dd className="capitalize">{p.subscription_status}</dd>
            <dt className="text-stone-600">Renews on</dt>
            <dd>{p.current_period_end ? longDate(p.current_period_end) : "—"}</dd>
          </dl>
          {usage.data && (
            <div className="mt-4 border-t border-stone-200 pt-4">
              <UsagePanel usage={usage.data} variant="compact" />
            </div>
          )}
        </section>
        <section
          aria-labelledby="change-plan-heading"
          className="rounded-2xl border border-stone-200 bg-white p-5"
        >
          <h2 id="change-plan-heading" className="text-lg font-bold">
            Change plan
          </h2>
          <div className="mt-3 flex flex-col gap-2">
            {others.map((t) => (
              <Button
                key={t}
                variant="secondary"
                disabled={pending}
                onClick={() =>
                  void run(() => changeDemoPlan(t), `Your plan is now ${planFor(t).name}.`)
                }
              >
                Switch to {planFor(t).name} ({formatPrice(planFor(t))})
              </Button>
            ))}
          </div>
        </section>
        <section
          aria-labelledby="cancel-heading"
          className="rounded-2xl border border-stone-200 bg-white p-5"
        >
          <h2 id="cancel-heading" className="text-lg font-bold">
            Cancel subscription
          </h2>
          {confirmCancel ? (
            <div className="mt-3">
              <p className="text-sm text-stone-800">
                Cancel your subscription? You'll be back on the Free plan (15 messages a month)
                right away.
              </p>
              <div className="mt-3 flex flex-col gap-2 sm:flex-row">
                <button
                  type="button"
                  disabled={pending}
                  onClick={() =>
                    void run(
                      cancelDemoSubscription,
                      "Your subscription is cancelled. You're on the Free plan.",
                    )
                  }
                  className="rounded-xl bg-red-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-red-800"
                >
                  Yes, cancel subscription
                </button>
                <Button variant="secondary" onClick={() => setConfirmCancel(false)}>
                  Keep subscription
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="secondary" className="mt-3" onClick={() => setConfirmCancel(true)}>
              Cancel subscription
            </Button>
          )}
        </section>
      </div>
    );
  }

  return (
    <PageShell>
      <section className="mx-auto flex max-w-lg flex-col gap-6 px-4 py-12">
        <h1 className="text-2xl font-bold">Billing</h1>
        <p className="rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <strong>Demo mode — no real charge.</strong> This portal is part of Sage's built-in demo
          billing; plan changes apply at once and nothing is charged.
        </p>
        {notice && (
          <p role="status" className="rounded-xl bg-sage-50 px-4 py-2 text-sm text-sage-900">
            {notice}
          </p>
        )}
        {error && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        {body}
        <Link to={back} className="text-sm font-semibold text-sage-800 underline">
          Return to Sage
        </Link>
      </section>
    </PageShell>
  );
}
