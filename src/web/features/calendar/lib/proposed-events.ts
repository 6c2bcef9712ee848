import type { LocalEvent } from "../../../../core/calendar/local-event.ts";
import type { PlanResponse } from "../../../../core/contract/tasks.ts";

/** A proposed block's key: a task's block at a start (what "throw back" remembers). */
export const proposalKey = (b: { taskId: string; start: string }) => `${b.taskId}|${b.start}`;

/**
 * The new blocks of a proposal as read-only calendar items (source "proposed"): drawn dashed,
 * never stored, gone when the proposal is accepted or discarded.
 */
export function proposedEvents(
  plan: PlanResponse,
  thrown: ReadonlySet<string>,
  titles: ReadonlyMap<string, string>,
): LocalEvent[] {
  return plan.placed
    .filter((b) => !b.kept && !thrown.has(proposalKey(b)))
    .map((b) => {
      const event = {
        id: `proposed-${proposalKey(b)}`,
        title: titles.get(b.taskId) ?? "A task",
        startTime: b.start,
        endTime: b.end,
        allDay: false,
        priority: "medium" as const,
        version: 0,
        why: b.why,
        taskId: b.taskId,
      };
      return Object.assign(event, { source: "proposed", readOnly: true }) as unknown as LocalEvent;
    });
}
