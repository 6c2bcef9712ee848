import type { Plan } from "../../../../core/contract/billing.ts";
import { formatPrice } from "../../../../core/plans.ts";

export type PlanAction =
  | { kind: "none"; note?: string }
  | { kind: "button"; label: string; onClick: () => void; pending?: boolean; disabled?: boolean };

function Check() {
  return (
    <svg viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 text-sage-700" aria-hidden="true">
      <path
        d="M4 10.5l4 4 8-9"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  );
}

function Cross() {
  return (
    <svg viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 text-stone-500" aria-hidden="true">
      <path
        d="M5 5l10 10M15 5L5 15"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** One plan: name, price, what it includes (and does not) — written by core/plans.ts — and its action. */
export function PlanCard({
  plan,
  current,
  action,
}: {
  plan: Plan;
  current: boolean;
  action: PlanAction;
}) {
  const headingId = `plan-${plan.id}-name`;
  return (
    <li
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-3xl border bg-white p-6 ${
        plan.recommended ? "border-sage-600 shadow-lg ring-1 ring-sage-600" : "border-stone-200"
      } ${current ? "outline outline-2 outline-offset-2 outline-sage-300" : ""}`}
    >
      <div
        className={
          plan.recommended || current
            ? "flex min-h-7 flex-wrap items-center gap-2"
            : "hidden min-h-7 md:block"
        }
      >
        {plan.recommended && (
          <span className="rounded-full bg-sage-700 px-3 py-1 text-xs font-bold uppercase tracking-wide text-white">
            Most Popular
          </span>
        )}
        {current && (
          <span className="rounded-full bg-stone-900 px-3 py-1 text-xs font-bold uppercase tracking-wide text-white">
            Current Plan
          </span>
        )}
      </div>
      <h2 id={headingId} className="mt-3 text-xl font-bold text-stone-900">
        {plan.name}
        {plan.alias && (
          <span className="ml-2 text-sm font-medium text-stone-600">({plan.alias})</span>
        )}
      </h2>
      <p className="mt-2 flex items-baseline gap-1">
        <span className="text-4xl font-black text-stone-900">${plan.price}</span>
        <span className="text-stone-600">/{plan.interval}</span>
        <span className="sr-only">({formatPrice(plan)})</span>
      </p>
      <ul className="mt-5 flex flex-1 flex-col gap-2 text-sm text-stone-800">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check />
            <span>{f}</span>
          </li>
        ))}
        {plan.unavailableFeatures.map((f) => (
          <li key={f} className="flex gap-2 text-stone-600">
            <Cross />
            <span>
              <span className="line-through">{f}</span>
              <span className="sr-only"> (not included)</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-6">
        {action.kind === "button" ? (
          <button
            type="button"
            onClick={action.onClick}
            disabled={action.disabled || action.pending}
            className={`w-full rounded-xl px-4 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${
              plan.recommended
                ? "bg-sage-700 text-white hover:bg-sage-800 disabled:bg-stone-300 disabled:text-stone-700"
                : "border border-stone-300 bg-white text-stone-900 hover:bg-stone-100 disabled:text-stone-500"
            }`}
          >
            {action.pending ? "Redirecting…" : action.label}
          </button>
        ) : (
          action.note && <p className="text-center text-sm text-stone-600">{action.note}</p>
        )}
      </div>
    </li>
  );
}
