import { useQuery } from "@tanstack/react-query";
import type { BillingMode, PlansResponse } from "../../../../core/contract/billing.ts";
import type { Profile } from "../../../../core/contract/profile.ts";
import type { UsageResponse } from "../../../../core/contract/usage.ts";
import { hasBillingToManage } from "../../../../core/plans.ts";
import { api } from "../../../lib/api.ts";

/** The same keys the chat and the profile view use, so one refetch updates every panel. */
export const usageKey = ["usage"] as const;
export const profileKey = ["profile"] as const;
export const plansKey = ["plans"] as const;

export function usePlans() {
  return useQuery({
    queryKey: plansKey,
    queryFn: () => api<PlansResponse>("/api/plans"),
    staleTime: 5 * 60_000,
  });
}

export function useUsage(enabled = true) {
  return useQuery({ queryKey: usageKey, queryFn: () => api<UsageResponse>("/api/usage"), enabled });
}

export function useProfile(enabled = true) {
  return useQuery({
    queryKey: profileKey,
    queryFn: async () => (await api<{ profile: Profile }>("/api/profile")).profile,
    enabled,
  });
}

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
