import { useQuery } from "@tanstack/react-query";
import type {
  DemoCheckoutSession,
  SubscriptionSummary,
} from "../../../../core/contract/billing.ts";
import type { PaidTier } from "../../../../core/plans.ts";
import { api } from "../../../lib/api.ts";

export function useDemoCheckout(sessionId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ["demo-checkout", sessionId],
    queryFn: () =>
      api<DemoCheckoutSession>(`/api/demo-billing/sessions/${encodeURIComponent(sessionId ?? "")}`),
    enabled: enabled && Boolean(sessionId),
    retry: false,
  });
}

export const completeDemoCheckout = (sessionId: string) =>
  api<{ redirectUrl: string }>("/api/demo-billing/complete", { body: { sessionId } });

export const changeDemoPlan = (tier: PaidTier) =>
  api<{ subscription: SubscriptionSummary }>("/api/demo-billing/change-plan", { body: { tier } });

export const cancelDemoSubscription = () =>
  api<{ subscription: SubscriptionSummary }>("/api/demo-billing/cancel-subscription", {
    method: "POST",
  });
