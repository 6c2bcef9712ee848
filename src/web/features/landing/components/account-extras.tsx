import type { BillingMode } from "../../../../core/contract/billing.ts";
import { hasBillingToManage } from "../../../../core/plans.ts";
import { useProfile, useUsage } from "../api/use-account-summary.ts";

const UNLIMITED = 999_999;

/**
 * The header's plan-usage indicator and manage-subscription button. Each appears only when
 * its data is there: a failed or missing usage or profile call hides it, never breaks the page.
 */
export function AccountExtras({
  signedIn,
  onUpgrade,
  onManageSubscription,
  billing,
}: {
  signedIn: boolean;
  /** The server's billing mode: the button shows only where the portal has something. */
  billing: BillingMode | undefined;
  /** Upgrade buttons open the pricing screen. */
  onUpgrade: () => void;
  /** Opens the billing portal. */
  onManageSubscription: () => void;
}) {
  const usage = useUsage(signedIn);
  const profile = useProfile(signedIn);
  if (!signedIn) return null;

  const u = usage.data;
  const subscribed = Boolean(
    profile.data &&
      billing &&
      hasBillingToManage(
        { tier: profile.data.subscription_tier, customerId: profile.data.stripe_customer_id },
        billing,
      ),
  );
  const unlimited = u ? u.limit >= UNLIMITED : false;
  const tone = !u
    ? ""
    : u.percent >= 100
      ? "bg-red-50 text-red-800"
      : u.percent >= 80
        ? "bg-amber-50 text-amber-900"
        : "bg-sage-50 text-sage-900";

  return (
    <>
      {/* on a phone the header keeps one row: the count without words, shorter buttons */}
      {u && (
        <span className={`inline-flex items-center gap-2 rounded-full px-3 py-1.5 ${tone}`}>
          <span className="hidden font-semibold capitalize sm:inline">{u.tier}</span>
          <span>
            {unlimited ? (
              // a phone's one header row has room for the sign, not the word
              <>
                <span aria-hidden="true" className="sm:hidden">
                  ∞
                </span>
                <span className="max-sm:sr-only">Unlimited</span>
              </>
            ) : (
              <>
                {u.used}/{u.limit}
                <span className="sr-only sm:not-sr-only"> messages</span>
              </>
            )}
          </span>
        </span>
      )}
      {/* Pro has nothing to upgrade to. A subscriber changes plan in the billing portal (the
          pricing screen sends them there too), so on a phone, where the header has room for
          one account button, Subscription is the one shown. */}
      {u && u.tier !== "pro" && (
        <button
          type="button"
          onClick={onUpgrade}
          className={`rounded-xl px-2 py-2 font-semibold text-sage-800 underline-offset-2 hover:underline sm:px-3 ${
            subscribed ? "max-sm:hidden" : ""
          }`}
        >
          Upgrade
        </button>
      )}
      {subscribed && (
        <button
          type="button"
          onClick={onManageSubscription}
          aria-label="Manage Subscription"
          className="rounded-xl border border-stone-300 bg-white px-2 py-2 font-semibold text-stone-800 hover:bg-stone-100 sm:px-3"
        >
          <span className="hidden sm:inline">Manage </span>Subscription
        </button>
      )}
    </>
  );
}
