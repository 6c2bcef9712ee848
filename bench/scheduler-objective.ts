/**
 * The one objective both our scheduler's plan and the exact optimum are scored by, and an
 * independent check of the rules a plan must keep. Written from the product rules, not from
 * schedule.ts, so a bug there cannot hide here.
 *
 * score = Σ over tasks placed in full, every block ending by the deadline:
 *           PLACE_WEIGHT × priority weight                      (1 low, 2 medium, 3 high)
 *         + Σ over their blocks, per hour of work:
 *           energy match − DELAY_WEIGHT × priority weight × days from now to the block's start
 *
 * Energy match per minute: the work's level against the hour's level (peak > good > low,
 * high > medium > low energy): 1 when they agree, 0.5 one step apart, 0 two steps apart —
 * hard work in peak hours, routine work in the afternoon dip, and peak hours kept free of
 * routine work. A task placed partly or late earns nothing.
 */
import { DateTime } from "luxon";
import { paddedMinutes } from "../src/core/scheduler/schedule.ts";
import type { Block, Interval, ScheduleInput, SchedulerTask } from "../src/core/scheduler/types.ts";
import { MINUTE } from "./scheduler-instances.ts";

export const PLACE_WEIGHT = 10;
export const DELAY_WEIGHT = 0.02;
const PRIORITY = { low: 1, medium: 2, high: 3 } as const;
const ENERGY_RANK = { low: 0, medium: 1, high: 2 } as const;
const DAY = 86_400_000;

export type WorkDay = {
  key: string;
  work: Interval;
  peak: Interval[];
  low: Interval[];
};

/** Working hours and energy windows of each working day in the horizon, in the zone. */
export function workDays(input: ScheduleInput): WorkDay[] {
  const p = input.profile;
  const first = DateTime.fromMillis(input.now, { zone: p.timezone }).startOf("day");
  const out: WorkDay[] = [];
  for (let d = 0; d < input.horizonDays; d++) {
    const date = first.plus({ days: d });
    if (!p.workingDays.includes(date.weekday)) continue;
    const at = (m: number) => date.plus({ minutes: m }).toMillis();
    const windows = (level: string) =>
      p.energyWindows
        .filter((w) => w.level === level)
        .map((w) => ({ start: at(w.start), end: at(w.end) }));
    out.push({
      key: date.toISODate()!,
      work: { start: at(p.workingHours.start), end: at(p.workingHours.end) },
      peak: windows("peak"),
      low: windows("low"),
    });
  }
  return out;
}

const overlap = (a: Interval, b: Interval) =>
  Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

/** Minutes of `block` in peak and low windows (the rest of the working day is "good"). */
export function levelMinutes(block: Interval, day: WorkDay) {
  const peak = day.peak.reduce((s, w) => s + overlap(block, w), 0) / MINUTE;
  const low = day.low.reduce((s, w) => s + overlap(block, w), 0) / MINUTE;
  return { peak, low, good: (block.end - block.start) / MINUTE - peak - low };
}

/** The objective's value of one block of `task` (without the placement weight). */
export function blockValue(
  input: ScheduleInput,
  task: SchedulerTask,
  block: Interval,
  day: WorkDay,
) {
  const { peak, low, good } = levelMinutes(block, day);
  const e = ENERGY_RANK[task.energy];
  const match = (rank: number) => 1 - 0.5 * Math.abs(e - rank);
  const matched = (peak * match(2) + good * match(1) + low * match(0)) / 60;
  const hours = (block.end - block.start) / MINUTE / 60;
  const days = (block.start - input.now) / DAY;
  return matched - DELAY_WEIGHT * PRIORITY[task.priority] * days * hours;
}

export const placeValue = (task: SchedulerTask) => PLACE_WEIGHT * PRIORITY[task.priority];

export const needMinutes = (input: ScheduleInput, task: SchedulerTask) =>
  paddedMinutes(task.estimatedMinutes, input.profile.estimatePadding);

export type Evaluation = {
  score: number;
  tasks: number;
  onTime: number;
  highMinutes: number;
  highPeakMinutes: number;
};

/** Scores a plan by the objective above. */
export function evaluate(input: ScheduleInput, placed: Block[]): Evaluation {
  const days = workDays(input);
  const dayOf = (b: Interval) => days.find((d) => b.start >= d.work.start && b.end <= d.work.end);
  const result: Evaluation = {
    score: 0,
    tasks: input.tasks.length,
    onTime: 0,
    highMinutes: 0,
    highPeakMinutes: 0,
  };
  for (const task of input.tasks) {
    const blocks = placed.filter((b) => b.taskId === task.id);
    const minutes = blocks.reduce((s, b) => s + (b.end - b.start) / MINUTE, 0);
    const inTime = blocks.every((b) => task.deadline === undefined || b.end <= task.deadline);
    if (blocks.length === 0 || minutes !== needMinutes(input, task) || !inTime) continue;
    result.onTime++;
    result.score += placeValue(task);
    for (const b of blocks) {
      const day = dayOf(b);
      if (!day) throw new Error(`block of ${task.id} outside working hours`);
      result.score += blockValue(input, task, b, day);
      if (task.energy === "high") {
        result.highMinutes += (b.end - b.start) / MINUTE;
        result.highPeakMinutes += levelMinutes(b, day).peak;
      }
    }
  }
  return result;
}

export type Violations = { buffer: number; other: string[] };

/** Every rule a plan must keep, checked pair by pair; buffer violations counted apart. */
export function violations(input: ScheduleInput, placed: Block[]): Violations {
  const p = input.profile;
  const days = workDays(input);
  const out: Violations = { buffer: 0, other: [] };
  const load = new Map<string, number>();
  for (const b of placed) {
    for (const e of input.busy) {
      const padded = {
        start: e.start - p.bufferMinutes * MINUTE,
        end: e.end + p.bufferMinutes * MINUTE,
      };
      if (overlap(b, padded) > 0) out.buffer++;
    }
    const day = days.find((d) => b.start >= d.work.start && b.end <= d.work.end);
    if (!day) out.other.push(`${b.taskId} outside working hours`);
    else load.set(day.key, (load.get(day.key) ?? 0) + (b.end - b.start) / MINUTE);
    if (b.start < input.now) out.other.push(`${b.taskId} in the past`);
    const task = input.tasks.find((t) => t.id === b.taskId);
    if (task?.deadline !== undefined && b.end > task.deadline) out.other.push(`${b.taskId} late`);
  }
  const sorted = [...placed].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.start - sorted[i - 1]!.end < p.breakMinutes * MINUTE)
      out.other.push(`no break before ${sorted[i]!.taskId}`);
  }
  for (const [key, minutes] of load)
    if (minutes > p.dailyLoadCapMinutes) out.other.push(`${key} over the load cap`);
  return out;
}
