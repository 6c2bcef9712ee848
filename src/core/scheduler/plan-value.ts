import { overlapLength } from "./intervals.ts";
import type { Day } from "./schedule.ts";
import type { ScheduleResult, SchedulerTask } from "./types.ts";

export const PRIORITY_WEIGHT = { high: 3, medium: 2, low: 1 } as const;

/** How well an hour of work at this energy suits a window level: 1 agree, 0.5 one step off. */
const MATCH_RANK = { low: 0, medium: 1, high: 2 } as const;
const LEVEL_RANK = { low: 0, good: 1, peak: 2 } as const;

/**
 * The value of a plan by the product's goals: every task placed in full counts by its
 * priority (10 × 1/2/3), then each hour of work by how well it suits its hours (hard work in
 * peak, routine work in the dip), a little less the later it is.
 */
export function planValue(
  result: ScheduleResult,
  tasks: SchedulerTask[],
  days: Day[],
  from: number,
): number {
  const unplaced = new Set(result.unplaced.map((u) => u.taskId));
  const byId = new Map(tasks.map((t) => [t.id, t]));
  let value = 0;
  const counted = new Set<string>();
  for (const b of result.placed) {
    const task = byId.get(b.taskId);
    if (!task || unplaced.has(task.id)) continue;
    const w = PRIORITY_WEIGHT[task.priority];
    if (!counted.has(task.id)) {
      counted.add(task.id);
      value += 10 * w;
    }
    const day = days.find((d) => b.start >= d.work.start && b.start < d.work.end);
    const length = b.end - b.start;
    let matched = 0;
    let rest = length;
    for (const win of day?.windows ?? []) {
      const o = overlapLength(b, win);
      if (o === 0 || win.level === "good") continue;
      rest -= o;
      matched += o * (1 - 0.5 * Math.abs(MATCH_RANK[task.energy] - LEVEL_RANK[win.level]));
    }
    matched += rest * (1 - 0.5 * Math.abs(MATCH_RANK[task.energy] - LEVEL_RANK.good));
    const hoursLong = length / 3_600_000;
    value += matched / 3_600_000 - 0.02 * w * ((b.start - from) / 86_400_000) * hoursLong;
  }
  return value;
}

/**
 * The deadline rule between two plans. Every due task the first (earliest-deadline-first)
 * plan places on time stays placed — unless it gives way to a more important due task that
 * the first plan could not fit: a less important task never pushes a due task past its
 * deadline, and work without a deadline never pushes out one that has one.
 */
export function keepsDueTasks(
  base: ScheduleResult,
  candidate: ScheduleResult,
  tasks: SchedulerTask[],
) {
  const placed = (r: ScheduleResult) => {
    const missing = new Set(r.unplaced.map((u) => u.taskId));
    return new Set(r.placed.map((b) => b.taskId).filter((id) => !missing.has(id)));
  };
  const before = placed(base);
  const after = placed(candidate);
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const gainedDue = [...after]
    .filter((id) => !before.has(id))
    .map((id) => byId.get(id)!)
    .filter((t) => t.deadline !== undefined);
  for (const id of before) {
    const task = byId.get(id)!;
    if (task.deadline === undefined || after.has(id)) continue;
    const w = PRIORITY_WEIGHT[task.priority];
    if (!gainedDue.some((g) => PRIORITY_WEIGHT[g.priority] > w)) return false;
  }
  return true;
}
