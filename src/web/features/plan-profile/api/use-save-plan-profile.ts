import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PlanProfile, PlanProfileResponse } from "../../../../core/contract/plan-profile.ts";
import { call } from "../../../lib/client.ts";
import { queryKeys } from "../../../lib/server-state.ts";

/**
 * PUT /api/plan/profile from `version`: the answer becomes the shared "How you work", so the
 * week view's shading follows at once. Errors (400 naming a field, 409 with the current
 * profile) are the caller's to show.
 */
export function useSavePlanProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { version: number; profile: PlanProfile }) =>
      call("updatePlanProfile", { query: { version: input.version }, body: input.profile }),
    onSuccess: (saved: PlanProfileResponse) => {
      queryClient.setQueryData(queryKeys.planProfile, saved);
    },
  });
}
