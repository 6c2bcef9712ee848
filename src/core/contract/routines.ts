import { z } from "zod";
import { HHMM, ROUTINE_DAYS, routineProblems } from "../routines/routine-rules.ts";
import { TASK_LEVELS } from "./tasks.ts";

/** Routines (issue 29): "gym three times a week, mornings", placed each week by the planner. */

export const ROUTINE_LIMITS = {
  /** Routines one person keeps; the list and the planner read at most this many. */
  routinesPerUser: 50,
} as const;

const level = z.enum(TASK_LEVELS, "must be low, medium or high");
const time = (field: string) =>
  z
    .string(`${field} must be a time HH:MM`)
    .regex(HHMM, `${field} must be a time HH:MM (00:00–24:00)`);

const routineFields = z.strictObject({
  title: z
    .string("title is required")
    .trim()
    .min(1, "title is required")
    .max(200, "title must be at most 200 characters")
    .refine((s) => !s.includes("\u0000"), "title must not contain NUL characters"),
  minutes: z
    .number("minutes must be a number")
    .int("minutes must be whole minutes")
    .min(5, "minutes must be at least 5")
    .max(8 * 60, "minutes must be at most 8 hours"),
  timesPerWeek: z
    .number("timesPerWeek must be a number")
    .int("timesPerWeek must be a whole number")
    .min(1, "timesPerWeek must be at least 1")
    .max(7, "timesPerWeek must be at most 7 (one session a day)"),
  days: z
    .array(
      z.enum(ROUTINE_DAYS, `days must be day codes: ${ROUTINE_DAYS.join(", ")}`),
      "days must be a list of day codes",
    )
    .min(1, "days must name at least one day")
    .max(7, "days must name at most 7 days"),
  window: z.strictObject(
    { from: time("window.from"), to: time("window.to") },
    "window must be {from, to}",
  ),
  /** The energy the session takes: high goes to peak hours, low away from them. */
  energy: level.default("medium"),
  /** Against tasks: high and medium are placed before tasks, low after them. */
  priority: level.default("medium"),
});

/** POST /api/routines and PUT /api/routines/:id: the whole routine, checked as a whole. */
export const routineInput = routineFields.superRefine((r, ctx) => {
  for (const p of routineProblems(r))
    ctx.addIssue({ code: "custom", path: p.path, message: p.message });
});
export type RoutineInput = z.input<typeof routineInput>;

export const routine = z.object({
  id: z.uuid(),
  title: z.string(),
  minutes: z.number().int(),
  timesPerWeek: z.number().int(),
  days: z.array(z.enum(ROUTINE_DAYS)),
  window: z.object({ from: z.string(), to: z.string() }),
  energy: level,
  priority: level,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Routine = z.infer<typeof routine>;

export const routineResponse = z.object({ routine });
export const routinesResponse = z.object({ routines: z.array(routine) });

/**
 * POST /api/fitness/program/routines: the saved program's weekly structure as routines. `added`
 * are the new ones; a routine already there (same title and days) is not added twice.
 */
export const programRoutinesResponse = z.object({
  added: z.array(routine),
  skipped: z.number().int(),
});
export type ProgramRoutinesResponse = z.infer<typeof programRoutinesResponse>;
