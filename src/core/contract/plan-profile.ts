import { z } from "zod";
import { ENERGY_LEVELS } from "./productivity.ts";

/**
 * "How you work" as the person sees and edits it (GET/PUT /api/plan/profile, issue 26).
 * Times are minutes from local midnight (540 = 9:00) in the person's time zone, the unit
 * the scheduler plans in; a range is [start, end) inside one day (end 1440 = midnight).
 */
export const DAY_MINUTES = 1440;
export const WEEKDAYS = ["1", "2", "3", "4", "5", "6", "7"] as const;
export type WeekdayKey = (typeof WEEKDAYS)[number];

export const PLAN_PROFILE_LIMITS = {
  focusBlockMinutes: { min: 10, max: 240 },
  bufferMinutes: { min: 0, max: 120 },
  breakMinutes: { min: 0, max: 120 },
  dailyLoadCapMinutes: { min: 15, max: DAY_MINUTES },
  energyWindows: 12,
} as const;

const minuteOfDay = z
  .number("must be minutes from midnight")
  .int("must be whole minutes")
  .min(0, "must be 0 (midnight) or later")
  .max(DAY_MINUTES, `must be ${DAY_MINUTES} (midnight) or earlier`);

const span = z
  .strictObject({ start: minuteOfDay, end: minuteOfDay })
  .refine((s) => s.end > s.start, { message: "must end after it starts", path: ["end"] });
export type Span = z.infer<typeof span>;

const minutes = (name: keyof typeof PLAN_PROFILE_LIMITS & `${string}Minutes`) => {
  const { min, max } = PLAN_PROFILE_LIMITS[name];
  return z
    .number("must be a number of minutes")
    .int("must be whole minutes")
    .min(min, `must be at least ${min} minutes`)
    .max(max, `must be at most ${max} minutes`);
};

export const energyWindow = z.strictObject({
  start: minuteOfDay,
  end: minuteOfDay,
  level: z.enum(ENERGY_LEVELS, { error: () => `must be one of ${ENERGY_LEVELS.join(", ")}` }),
});
export type EnergyWindowMinutes = z.infer<typeof energyWindow>;

const planProfileFields = z.strictObject({
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  workingDays: z
    .array(
      z
        .number("must be a weekday number")
        .int("must be a weekday number 1–7")
        .min(1, "must be a weekday number 1–7")
        .max(7, "must be a weekday number 1–7"),
    )
    .min(1, "must name at least one working day")
    .max(7),
  /** Hours of every working day without its own entry in `dayHours`. */
  workingHours: span,
  /** Hours of one weekday that differ from `workingHours` ("Fridays 9 to 1"). */
  dayHours: z.partialRecord(z.enum(WEEKDAYS), span),
  /** Hours outside every window count as "good". Sorted on save; never overlapping. */
  energyWindows: z.array(energyWindow).max(PLAN_PROFILE_LIMITS.energyWindows),
  focusBlockMinutes: minutes("focusBlockMinutes"),
  bufferMinutes: minutes("bufferMinutes"),
  breakMinutes: minutes("breakMinutes"),
  dailyLoadCapMinutes: minutes("dailyLoadCapMinutes"),
  /** No meeting offered before / after this time (the assistant's free-time search). */
  noMeetingsBefore: minuteOfDay.nullable(),
  noMeetingsAfter: minuteOfDay.nullable(),
});

/** The hours of `weekday` (ISO 1–7), or null on a day off. */
export function hoursOn(
  profile: Pick<PlanProfile, "workingDays" | "workingHours" | "dayHours">,
  weekday: number,
): Span | null {
  if (!profile.workingDays.includes(weekday)) return null;
  return profile.dayHours[String(weekday) as WeekdayKey] ?? profile.workingHours;
}

const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/**
 * The profile the person edits. Field rules are in the schema; the rules between fields
 * (days unique, windows apart, a peak inside some working hours) below, each naming its
 * field, so a 400 says which one is wrong.
 */
export const planProfile = planProfileFields.superRefine((p, ctx) => {
  const seen = new Set<number>();
  p.workingDays.forEach((d, i) => {
    if (seen.has(d))
      ctx.addIssue({ code: "custom", path: ["workingDays", i], message: "is listed twice" });
    seen.add(d);
  });
  for (const key of Object.keys(p.dayHours)) {
    if (!p.workingDays.includes(Number(key))) {
      ctx.addIssue({
        code: "custom",
        path: ["dayHours", key],
        message: `${DAY_NAMES[Number(key) - 1]} is not a working day`,
      });
    }
  }
  const order = p.energyWindows.map((w, i) => ({ ...w, i })).sort((a, b) => a.start - b.start);
  for (let k = 0; k < order.length; k++) {
    const w = order[k]!;
    if (w.end <= w.start) {
      ctx.addIssue({
        code: "custom",
        path: ["energyWindows", w.i, "end"],
        message: "must end after it starts",
      });
    }
    const prev = order[k - 1];
    if (prev && w.start < prev.end) {
      ctx.addIssue({
        code: "custom",
        path: ["energyWindows", w.i, "start"],
        message: "overlaps another window",
      });
    }
    if (w.level === "peak" && w.end > w.start) {
      const inside = p.workingDays.some((d) => {
        const h = hoursOn(p, d);
        return h !== null && w.start < h.end && w.end > h.start;
      });
      if (!inside) {
        ctx.addIssue({
          code: "custom",
          path: ["energyWindows", w.i],
          message: "a peak window must fall inside your working hours",
        });
      }
    }
  }
  if (
    p.noMeetingsBefore !== null &&
    p.noMeetingsAfter !== null &&
    p.noMeetingsAfter <= p.noMeetingsBefore
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["noMeetingsAfter"],
      message: "must be later than noMeetingsBefore",
    });
  }
});
export type PlanProfile = z.infer<typeof planProfile>;

export const PLAN_PROFILE_SOURCES = ["default", "questionnaire", "edited"] as const;
export type PlanProfileSource = (typeof PLAN_PROFILE_SOURCES)[number];

/** GET /api/plan/profile, and the answer of a PUT. */
export const planProfileResponse = z.object({
  profile: planProfile,
  /** Rises on every save (and when the questionnaire is answered again); a PUT names it. */
  version: z.number().int().nonnegative(),
  /** default: nothing answered yet; questionnaire: seeded from the answers; edited: saved here. */
  source: z.enum(PLAN_PROFILE_SOURCES),
  /** The profile in plain sentences. */
  explained: z.array(z.string()),
  /** What was read from the questionnaire's free-text answer and used (empty once edited). */
  fromNotes: z.array(z.string()),
  /** Contradictions in the answers and how they were resolved (empty once edited). */
  resolved: z.array(z.string()),
});
export type PlanProfileResponse = z.infer<typeof planProfileResponse>;

/** PUT /api/plan/profile?version=N: the version the edit was made from (409 if it moved on). */
export const planProfileVersionQuery = z.strictObject({
  version: z.coerce
    .number("version must be a number")
    .int("version must be a whole number")
    .nonnegative("version must be 0 or more"),
});
