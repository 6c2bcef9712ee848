import type { Routine, RoutineInput } from "../../core/contract/routines.ts";
import {
  hhmmOf,
  isoWeekday,
  minutesOf,
  ROUTINE_DAYS,
  type RoutineDay,
} from "../../core/routines/routine-rules.ts";
import type { routines } from "../db/schema.ts";

type Row = typeof routines.$inferSelect;

/** A stored routine as the API answers it: days as codes, the window as HH:MM. */
export function toRoutineDto(row: Row): Routine {
  return {
    id: row.id,
    title: row.title,
    minutes: row.minutes,
    timesPerWeek: row.timesPerWeek,
    days: [...row.days].sort((a, b) => a - b).map((d) => ROUTINE_DAYS[d - 1]!),
    window: { from: hhmmOf(row.windowStart), to: hhmmOf(row.windowEnd) },
    energy: row.energy,
    priority: row.priority,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A checked routine input as columns. */
export function routineColumns(
  input: Required<Omit<RoutineInput, "days">> & { days: RoutineDay[] },
) {
  return {
    title: input.title,
    minutes: input.minutes,
    timesPerWeek: input.timesPerWeek,
    days: input.days.map(isoWeekday).sort((a, b) => a - b),
    windowStart: minutesOf(input.window.from),
    windowEnd: minutesOf(input.window.to),
    energy: input.energy,
    priority: input.priority,
  };
}
