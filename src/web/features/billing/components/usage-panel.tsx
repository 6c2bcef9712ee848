import { type UsageLevel, usageLevel } from "../../../../core/allowance.ts";
import type { UsageResponse } from "../../../../core/contract/usage.ts";
import { isUnlimited, nextTier, planFor, WHAT_COUNTS } from "../../../../core/plans.ts";

const BAR: Record<UsageLevel, string> = {
  ok: "bg-sage-600",
  warning: "bg-amber-500",
  exhausted: "bg-red-600",
};

const MESSAGE: Record<UsageLevel, string> = {
  ok: "",
  warning: "You're close to your monthly limit.",
  exhausted: "You've reached your monthly limit.",
};

const resetDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { month: "long", day: "numeric", timeZone: "UTC" });

type Props = {
  usage: UsageResponse;
  /** full: the whole panel; compact: one line and a bar. */
  variant?: "full" | "compact";
  /** Shown when a higher plan exists. */
  onUpgrade?: () => void;
};

/**
 * The plan's monthly allowance: used of limit, a bar, a warning at 80 % and "exhausted" at
 * 100 % (spec §4, §9), and the way up while there is a higher plan.
 */
export function UsagePanel({ usage, variant = "full", onUpgrade }: Props) {
  const unlimited = isUnlimited(usage.limit);
  const level = unlimited ? "ok" : usageLevel(usage.used, usage.limit);
  const plan = planFor(usage.tier);
  const canUpgrade = Boolean(onUpgrade && nextTier(usage.tier));
  const amount = unlimited
    ? `${usage.used} messages · Unlimited`
    : `${usage.used} of ${usage.limit} messages`;
  const bar = !unlimited && (
    <div
      className={`${variant === "full" ? "mt-3 h-2.5" : "mt-1.5 h-1.5"} overflow-hidden rounded-full bg-stone-200`}
      role="progressbar"
      aria-label="Monthly messages used"
      aria-valuemin={0}
      aria-valuemax={usage.limit}
      aria-valuenow={usage.used}
      aria-valuetext={`${usage.used} of ${usage.limit} messages used`}
    >
      <div className={`h-full ${BAR[level]}`} style={{ width: `${usage.percent}%` }} />
    </div>
  );

  if (variant === "compact") {
    return (
      <div className="text-sm" data-usage-level={level}>
        <div className="flex items-center justify-between gap-3">
          <span className="font-semibold">{plan.name} plan</span>
          <span className="text-stone-700">{amount}</span>
        </div>
        {bar}
        {level !== "ok" && (
          <p
            className={`mt-1 text-xs font-medium ${level === "exhausted" ? "text-red-800" : "text-amber-900"}`}
          >
            {MESSAGE[level]}
          </p>
        )}
        {canUpgrade && (
          <button
            type="button"
            onClick={onUpgrade}
            className="mt-1 text-sm font-semibold text-sage-700 underline-offset-2 hover:underline"
          >
            Upgrade
          </button>
        )}
      </div>
    );
  }

  return (
    <section
      aria-labelledby="usage-panel-heading"
      className="rounded-2xl border border-stone-200 bg-white p-5"
      data-usage-level={level}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="usage-panel-heading" className="text-base font-bold text-stone-900">
          Monthly usage
        </h2>
        <span className="rounded-full bg-sage-50 px-2.5 py-0.5 text-sm font-semibold text-sage-800">
          {plan.name} plan
        </span>
      </div>
      <p className="mt-2 text-2xl font-bold text-stone-900">{amount}</p>
      {bar}
      <p className="mt-2 text-sm text-stone-700">
        {unlimited
          ? "Your plan has no monthly limit."
          : `${usage.remaining} left this month · resets on ${resetDate(usage.resetsAt)}`}
      </p>
      {/* the count is lower than the messages sent when some were free: say which are */}
      {unlimited ? null : (
        <details className="mt-2 text-sm text-stone-700">
          <summary className="cursor-pointer font-medium text-sage-800">
            What counts as a message?
          </summary>
          <p className="mt-1">
            {WHAT_COUNTS.counts} {WHAT_COUNTS.always} {WHAT_COUNTS.builtIn}
          </p>
        </details>
      )}
      {level !== "ok" && (
        <p
          role="status"
          className={`mt-3 rounded-xl px-3 py-2 text-sm font-medium ${
            level === "exhausted" ? "bg-red-50 text-red-800" : "bg-amber-50 text-amber-900"
          }`}
        >
          {MESSAGE[level]}
          {canUpgrade && ` Upgrade to ${planFor(nextTier(usage.tier)!).name} for more messages.`}
        </p>
      )}
      {canUpgrade && (
        <button
          type="button"
          onClick={onUpgrade}
          className="mt-4 rounded-xl bg-sage-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sage-800"
        >
          Upgrade
        </button>
      )}
    </section>
  );
}
