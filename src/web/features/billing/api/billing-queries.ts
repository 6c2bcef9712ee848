import { useQuery } from "@tanstack/react-query";
import type { BillingMode } from "../../../../core/contract/billing.ts";
import type { Profile } from "../../../../core/contract/profile.ts";
import { hasBillingToManage } from "../../../../core/plans.ts";
import { call } from "../../../lib/client.ts";
import {
  queryKeys,
  useProfile as useSharedProfile,
  useUsage as useSharedUsage,
} from "../../../lib/server-state.ts";

/** The same keys the chat and the profile view use, so one refetch updates every panel. */
export const usageKey = queryKeys.usage;
export const profileKey = queryKeys.profile;
export const plansKey = ["plans"] as const;

export function usePlans() {
  return useQuery({
    queryKey: plansKey,
    queryFn: () => call("listPlans"),
    staleTime: 5 * 60_000,
  });
}

export const useUsage = (enabled = true) => useSharedUsage({ enabled });

export const useProfile = (enabled = true) => useSharedProfile({ enabled });

/** Has the user something to manage in the billing portal? (the server's rule, core/plans.ts) */
export function hasBillingAccount(
  profile: Profile | undefined,
  billing: BillingMode | undefined,
): boolean {
  if (!profile || !billing) return false;
  return hasBillingToManage(
    { tier: profile.subscription_tier, customerId: profile.stripe_customer_id },
    billing,
  );
}
