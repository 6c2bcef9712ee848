import type { BillingMode, Plan } from "../../core/contract/billing.ts";
import { PLANS } from "../../core/plans.ts";
import type { BillingProvider } from "../integrations/billing/billing-provider.ts";

/** The plan table with the active provider's price ids (none when billing is unavailable). */
export function listPlans(provider: BillingProvider | undefined): {
  plans: Plan[];
  billing: BillingMode;
} {
  return {
    billing: provider?.kind ?? "unavailable",
    plans: PLANS.map((p) => ({
      id: p.id,
      name: p.name,
      alias: p.alias,
      price: p.price,
      currency: p.currency,
      interval: p.interval,
      features: [...p.features],
      unavailableFeatures: [...p.unavailableFeatures],
      stripePriceId: p.id === "free" || !provider ? null : provider.priceIds[p.id],
      recommended: p.recommended,
      monthlyLimit: p.monthlyLimit,
      lifeAreaCount: p.lifeAreaCount,
      lifeAreas: [...p.lifeAreas],
      nextTier: p.nextTier,
    })),
  };
}
