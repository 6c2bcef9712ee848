import { usageLevel } from "../../../../core/allowance.ts";
import type { UsageResponse } from "../../../../core/contract/usage.ts";
import { MONTHLY_LIMITS } from "../../../../core/plans.ts";
import { shortDayLabel } from "../../../lib/date-label.ts";

/** Compact plan-usage indicator: a bar, 'used of limit', and an upgrade link when useful. */
export function UsageIndicator({
  usage,
  lastSeen,
  onUpgrade,
}: {
  usage: UsageResponse;
  /** Set when `usage` is only the device's copy: the count is said as last seen online. */
  lastSeen?: { at: Date | undefined } | undefined;
  onUpgrade: () => void;
}) {
  const unlimited = usage.limit >= MONTHLY_LIMITS.pro;
  const level = usageLevel(usage.used, usage.limit);
  const bar =
    level === "exhausted" ? "bg-red-600" : level === "warning" ? "bg-amber-500" : "bg-sage-500";
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-3 text-sm">
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold capitalize">{usage.tier} plan</span>
        <span className="text-stone-600">
          {unlimited ? "Unlimited" : `${usage.used} of ${usage.limit} this month`}
        </span>
      </div>
      {!unlimited && (
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200"
          role="progressbar"
          aria-label="Monthly messages used"
          aria-valuemin={0}
          aria-valuemax={usage.limit}
          aria-valuenow={usage.used}
        >
          <div className={`h-full ${bar}`} style={{ width: `${usage.percent}%` }} />
        </div>
      )}
      {lastSeen ? (
        <p className="mt-1 text-xs text-stone-600">
          As last seen online
          {lastSeen.at ? ` (${shortDayLabel(lastSeen.at, {}, { time: true })})` : ""}
        </p>
      ) : null}
      {usage.tier !== "pro" && (
        <button
          type="button"
          onClick={onUpgrade}
          className="mt-2 text-sm font-semibold text-sage-700 underline-offset-2 hover:underline"
        >
          Upgrade
        </button>
      )}
    </div>
  );
}
