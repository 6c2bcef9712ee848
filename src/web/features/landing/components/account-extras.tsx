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
}: {
  signedIn: boolean;
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
    profile.data && (profile.data.stripe_customer_id || profile.data.subscription_tier !== "free"),
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
      {u && (
        <span className={`inline-flex items-center gap-2 rounded-full px-3 py-1.5 ${tone}`}>
          <span className="font-semibold capitalize">{u.tier}</span>
          <span>{unlimited ? "Unlimited messages" : `${u.used} / ${u.limit} messages`}</span>
        </span>
      )}
      {u && u.tier !== "pro" && (
        <button
          type="button"
          onClick={onUpgrade}
          className="rounded-xl px-3 py-2 font-semibold text-sage-800 underline-offset-2 hover:underline"
        >
          Upgrade
        </button>
      )}
      {subscribed && (
        <button
          type="button"
          onClick={onManageSubscription}
          className="rounded-xl border border-stone-300 bg-white px-3 py-2 font-semibold text-stone-800 hover:bg-stone-100"
        >
          Manage Subscription
        </button>
      )}
    </>
  );
}
