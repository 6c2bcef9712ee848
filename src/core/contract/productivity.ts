import { z } from "zod";

/** The allowed answers of the Calendar Intelligence questionnaire (spec §3). */
export const STRUGGLES = [
  "procrastination",
  "overwhelm",
  "focus",
  "time_blindness",
  "motivation",
  "energy",
] as const;
export const PEAK_TIMES = [
  "early_morning",
  "morning",
  "midday",
  "afternoon",
  "evening",
  "night",
  "varies",
] as const;
export const TYPICAL_DAYS = [
  "structured_job",
  "remote_flexible",
  "entrepreneur",
  "student",
  "parent",
  "creative",
  "shift_work",
] as const;
export const WORK_STYLES = [
  "quick_sprints",
  "medium_sessions",
  "deep_work",
  "tiny_tasks",
  "one_thing",
  "variety",
] as const;
export const AVOIDANCES = [
  "anxious_avoid",
  "distract_easier",
  "force_miserable",
  "last_minute",
  "freeze",
  "power_through",
] as const;

export type Struggle = (typeof STRUGGLES)[number];
export type PeakTime = (typeof PEAK_TIMES)[number];
export type TypicalDay = (typeof TYPICAL_DAYS)[number];
export type WorkStyle = (typeof WORK_STYLES)[number];
export type Avoidance = (typeof AVOIDANCES)[number];

export const ADDITIONAL_INFO_MAX = 2000;

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: () => `must be one of ${values.join(", ")}` });

/** POST /api/productivity/generate body. Unknown keys are refused, so typos name their field. */
export const productivityAnswers = z.strictObject({
  struggle: choice(STRUGGLES),
  peak_time: choice(PEAK_TIMES),
  typical_day: choice(TYPICAL_DAYS),
  work_style: choice(WORK_STYLES),
  avoidance: choice(AVOIDANCES),
  additional_info: z
    .string({ error: "must be text" })
    .max(ADDITIONAL_INFO_MAX, `must be at most ${ADDITIONAL_INFO_MAX} characters`)
    .default(""),
});
export type ProductivityAnswers = z.output<typeof productivityAnswers>;

export const ENERGY_LEVELS = ["peak", "good", "low"] as const;
export type EnergyLevel = (typeof ENERGY_LEVELS)[number];

const hour = z.number().int().min(0).max(24);

/** Stable ids of the scheduling strategies; the scheduler switches on these. */
export const STRATEGY_IDS = [
  "hardest_task_at_peak",
  "daily_energy_check",
  "tiny_first_step",
  "single_next_action",
  "top_three_priorities",
  "reduced_daily_load",
  "protected_focus_blocks",
  "extra_buffers",
  "early_reminders",
  "quick_win_first",
  "energy_matching",
  "recovery_breaks",
  "early_deadlines",
  "alternate_task_types",
  "one_task_per_block",
] as const;
export type StrategyId = (typeof STRATEGY_IDS)[number];

/**
 * What the calendar engine plans with. Hours are local wall-clock hours of the user's time
 * zone; a range is [start, end) and never crosses midnight.
 */
export const schedulingProfile = z.object({
  version: z.literal(1),
  /** Sorted and non-overlapping. Hours outside every window are off-peak (avoid focus work). */
  energyWindows: z.array(z.object({ start: hour, end: hour, level: z.enum(ENERGY_LEVELS) })),
  /** ISO weekday numbers: 1 = Monday … 7 = Sunday. */
  workingDays: z.array(z.number().int().min(1).max(7)).min(1),
  workingHours: z.object({ start: hour, end: hour }),
  /** Preferred length of one focus block and the longest one worth planning. */
  focusBlockMinutes: z.number().int().positive(),
  maxFocusBlockMinutes: z.number().int().positive(),
  /** Break after each focus block. */
  breakMinutes: z.number().int().nonnegative(),
  /** Free time kept before and after every planned block and event (a hard constraint). */
  bufferMinutes: z.number().int().nonnegative(),
  /** Most planned work per day; the rest of the working hours stay as slack. */
  dailyLoadCapMinutes: z.number().int().positive(),
  /** Length of the first-step block placed before a task that is being avoided; null = none. */
  firstStepMinutes: z.number().int().positive().nullable(),
  /** Internal deadline this many hours before the real one. */
  deadlineLeadHours: z.number().int().nonnegative(),
  /** Reminder before each planned block. */
  reminderMinutes: z.number().int().nonnegative(),
  strategies: z.array(z.object({ id: z.enum(STRATEGY_IDS), description: z.string() })),
});
export type SchedulingProfile = z.infer<typeof schedulingProfile>;

export const NEXT_STEPS_MAX = 3;

export const productivityProfile = z.object({
  summary: z.string(),
  nextSteps: z.array(z.string()).max(NEXT_STEPS_MAX),
  scheduling: schedulingProfile,
});
export type ProductivityProfile = z.infer<typeof productivityProfile>;

export const generateProductivityResponse = z.object({
  profile: productivityProfile,
  /** True when the caller was signed in and the profile became their productivity context. */
  saved: z.boolean(),
});
export type GenerateProductivityResponse = z.infer<typeof generateProductivityResponse>;

/** Route state /productivity hands to /chat (spec §2). */
export type ProductivityChatState = {
  contextSummary: string;
  domain: "productivity";
  responses: ProductivityAnswers;
};
