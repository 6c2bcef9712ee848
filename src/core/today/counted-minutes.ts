import type { CheckInOutcome } from "../contract/today.ts";

/**
 * Minutes of a task's work one check-in counts as done, against the block's planned length:
 * "done" — the whole block (however long it really took: that is evidence for learning, not
 * work the plan still owes); "partly" — the minutes said, never more than the block;
 * "skipped" — none. The planner subtracts these from the task's need, so the next plan
 * places only the rest.
 */
export function countedMinutes(c: {
  outcome: CheckInOutcome;
  minutes: number | null;
  plannedMinutes: number;
}): number {
  switch (c.outcome) {
    case "done":
      return c.plannedMinutes;
    case "partly":
      return Math.min(c.minutes ?? 0, c.plannedMinutes);
    case "skipped":
      return 0;
  }
}
