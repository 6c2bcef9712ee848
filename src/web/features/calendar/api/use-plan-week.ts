import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PlanResponse } from "../../../../core/contract/tasks.ts";
import { call } from "../../../lib/client.ts";
import { tasksKey } from "./use-tasks.ts";
import { withSession } from "./with-session.ts";

export const PLAN_DAYS = 7;

/**
 * POST /api/plan for the next week. The blocks are written on the server as calendar events,
 * so `onPlanned` (the panel's sync) brings them into the local calendar.
 */
export function usePlanWeek(userId: string, onPlanned: (plan: PlanResponse) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withSession(() => call("plan", { body: { days: PLAN_DAYS } })),
    onSuccess: (plan) => {
      onPlanned(plan);
      void queryClient.invalidateQueries({ queryKey: tasksKey(userId) });
    },
  });
}
