import { MONTHLY_LIMITS } from "../../../../core/plans.ts";
import { Button } from "../../../components/button.tsx";

/**
 * Stands in for the pricing screen until the billing issue delivers it: it is shown wherever
 * the real one will be (showPricing, every upgrade button) and says plainly that upgrading is
 * not available yet. Swap this component for the real screen.
 */
export function PricingPlaceholder({ onClose }: { onClose: () => void }) {
  const plans = [
    { name: "Free", price: "$0", detail: `${MONTHLY_LIMITS.free} messages a month` },
    {
      name: "Starter",
      price: "$5/month",
      detail: `${MONTHLY_LIMITS.starter} conversations a month and calendar integration`,
    },
    { name: "Pro", price: "$10/month", detail: "Unlimited conversations and premium models" },
  ];
  return (
    <section aria-labelledby="pricing-heading" className="px-4 py-16">
      <div className="mx-auto max-w-3xl rounded-3xl border border-stone-200 bg-white p-6 sm:p-10">
        <h1 id="pricing-heading" className="text-3xl font-bold text-stone-900">
          Plans
        </h1>
        <ul className="mt-6 divide-y divide-stone-200">
          {plans.map((p) => (
            <li key={p.name} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
              <span className="font-semibold text-stone-900">{p.name}</span>
              <span className="text-stone-700">
                {p.price} · {p.detail}
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-6 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900">
          Upgrading isn't available in this build yet. Nothing will be charged.
        </p>
        <Button variant="secondary" className="mt-6" onClick={onClose}>
          Continue with current plan
        </Button>
      </div>
    </section>
  );
}
