import { useQuery } from "@tanstack/react-query";
import type { PaidTier } from "../../../../core/plans.ts";
import { call } from "../../../lib/client.ts";

export function useDemoCheckout(sessionId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ["demo-checkout", sessionId],
    queryFn: () => call("demoCheckoutSession", { params: { id: sessionId ?? "" } }),
    enabled: enabled && Boolean(sessionId),
    retry: false,
  });
}

export const completeDemoCheckout = (sessionId: string) =>
  call("demoCompleteCheckout", { body: { sessionId } });

export const changeDemoPlan = (tier: PaidTier) => call("demoChangePlan", { body: { tier } });

export const cancelDemoSubscription = () => call("demoCancelSubscription");
