import type { UsageResponse } from "../../../../core/contract/usage.ts";
import { nextTier, planFor } from "../../../../core/plans.ts";

const resetDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { month: "long", day: "numeric", timeZone: "UTC" });

/**
 * Shown when the allowance is used up: 'Keep Getting Help' leads to the plans, 'Not Now'
 * dismisses it (the limit box and the disabled input still say why sending is off).
 */
export function UsageExceededBanner({
  usage,
  onKeepGettingHelp,
  onNotNow,
}: {
  usage: UsageResponse;
  onKeepGettingHelp: () => void;
  onNotNow: () => void;
}) {
  const next = nextTier(usage.tier);
  return (
    <section
      role="alert"
      aria-labelledby="usage-exceeded-heading"
      className="mx-auto mb-2 w-full max-w-3xl rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900"
    >
      <h2 id="usage-exceeded-heading" className="font-bold">
        You've used all {usage.limit} messages this month
      </h2>
      <p className="mt-1 text-sm">
        {next
          ? `Upgrade to ${planFor(next).name} to keep getting help now, or wait until ${resetDate(usage.resetsAt)} when your allowance resets.`
          : `Your allowance resets on ${resetDate(usage.resetsAt)}.`}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onKeepGettingHelp}
          className="rounded-xl bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
        >
          Keep Getting Help
        </button>
        <button
          type="button"
          onClick={onNotNow}
          className="rounded-xl border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-900 hover:bg-red-100"
        >
          Not Now
        </button>
      </div>
    </section>
  );
}
