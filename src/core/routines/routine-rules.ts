/**
 * What makes a routine possible at all (issue 29), as pure rules the contract checks and the
 * planner trusts: a routine is "n sessions a week of m minutes, on some of these days, inside
 * this daily window".
 */

/** Day codes as iCalendar writes them (RFC 5545 BYDAY), Monday first. */
export const ROUTINE_DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type RoutineDay = (typeof ROUTINE_DAYS)[number];

/** The ISO weekday (1 = Monday … 7 = Sunday) of a day code. */
export const isoWeekday = (day: RoutineDay): number => ROUTINE_DAYS.indexOf(day) + 1;

/** "06:30" → 390 minutes from local midnight; "24:00" is the end of the day. */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return h * 60 + m;
}

/** 390 → "06:30". */
export function hhmmOf(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** A time of day as HH:MM (00:00 … 23:59, and 24:00 for a window that ends at midnight). */
export const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

export type RoutineShape = {
  minutes: number;
  timesPerWeek: number;
  days: readonly RoutineDay[];
  window: { from: string; to: string };
};

/**
 * What is wrong with a routine's shape, each with the field it is about; empty when it can be
 * planned. Assumes each field is well-formed on its own (the contract checks that first).
 */
export function routineProblems(r: RoutineShape): { path: string[]; message: string }[] {
  const problems: { path: string[]; message: string }[] = [];
  const from = minutesOf(r.window.from);
  const to = minutesOf(r.window.to);
  if (new Set(r.days).size !== r.days.length)
    problems.push({ path: ["days"], message: "days must not repeat a day" });
  if (to <= from) {
    problems.push({ path: ["window", "to"], message: "window.to must be after window.from" });
  } else if (r.minutes > to - from) {
    problems.push({
      path: ["minutes"],
      message: `a ${r.minutes}-minute session does not fit in the ${r.window.from}–${r.window.to} window`,
    });
  }
  const allowed = new Set(r.days).size;
  if (r.timesPerWeek > allowed)
    problems.push({
      path: ["timesPerWeek"],
      message: `timesPerWeek is ${r.timesPerWeek}, but only ${allowed} ${allowed === 1 ? "day is" : "days are"} allowed (one session a day)`,
    });
  return problems;
}
