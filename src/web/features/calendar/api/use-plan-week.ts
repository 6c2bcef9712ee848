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

/** A block of a proposal, as the person decides on it. */
export type Proposed = PlanResponse["placed"][number];

/** POST /api/plan with `preview`: where the blocks would go; nothing is written. */
export function usePreviewPlan() {
  return useMutation({
    mutationFn: () => withSession(() => call("plan", { body: { days: PLAN_DAYS, preview: true } })),
  });
}

/**
 * POST /api/plan/discard: the proposal is thrown away whole, so Sage's own re-plans (held
 * while it was on screen) go on — and the tasks are read again, which has the calendar read
 * the blocks again once that re-plan has run (calendar-screen's refreshSoon). Best effort: a
 * hold also lapses by itself.
 */
export function useDiscardPlan(userId: string): () => void {
  const queryClient = useQueryClient();
  return () =>
    void withSession(() => call("discardPlan"))
      .then(() => queryClient.invalidateQueries({ queryKey: tasksKey(userId) }))
      .catch(() => {});
}

/**
 * POST /api/plan/accept: the proposal as decided — the blocks kept stay where proposed, the
 * ones thrown back are never proposed there again for that task — written like a plan.
 */
export function useAcceptPlan(userId: string, onPlanned: (plan: PlanResponse) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { accept: Proposed[]; reject: Proposed[] }) => {
      const pick = ({ taskId, start, end }: Proposed) => ({ taskId, start, end });
      return withSession(() =>
        call("acceptPlan", {
          body: {
            days: PLAN_DAYS,
            accept: decision.accept.map(pick),
            reject: decision.reject.map(pick),
          },
        }),
      );
    },
    onSuccess: (plan) => {
      onPlanned(plan);
      void queryClient.invalidateQueries({ queryKey: tasksKey(userId) });
    },
  });
}
