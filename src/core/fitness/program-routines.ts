import type { FitnessProgram } from "../contract/fitness.ts";
import type { RoutineInput } from "../contract/routines.ts";
import { ROUTINE_DAYS, type RoutineDay } from "../routines/routine-rules.ts";
import { WEEKDAYS } from "./questions.ts";

/** The window a program's sessions start in: the day's waking hours; the person narrows it. */
export const PROGRAM_WINDOW = { from: "07:00", to: "21:00" } as const;

/** "Tuesday" (any case, or "Tue") → "TU"; undefined for anything else ("Day 1"). */
function dayCode(day: string): RoutineDay | undefined {
  const word = day.trim().toLowerCase();
  const i = WEEKDAYS.findIndex((w) => {
    const name = w.toLowerCase();
    return word.length >= 3 && name.startsWith(word);
  });
  return i < 0 ? undefined : ROUTINE_DAYS[i];
}

/** "45 minutes" → 45, "1 hour" → 60, "45–60 min" → 60; undefined when it names no time. */
export function durationMinutes(text: string): number | undefined {
  const hours = /(\d+(?:\.\d+)?)\s*(?:h|hour|hours|hr)\b/i.exec(text);
  if (hours) return Math.round(Number(hours[1]) * 60);
  const numbers = [...text.matchAll(/\d+/g)].map((m) => Number(m[0]));
  if (numbers.length === 0) return /\bhour\b/i.test(text) ? 60 : undefined;
  return Math.max(...numbers);
}

/**
 * The program's weekly structure (its first week) as routines the person can then adjust:
 * one per kind of session — the days with the same focus and length become one routine with
 * as many sessions a week — in a wide daytime window. Days that name no weekday are left
 * out (the planner needs a day). Each routine is valid by the contract's rules.
 */
export function routinesFromProgram(program: FitnessProgram): RoutineInput[] {
  const byKind = new Map<string, { title: string; minutes: number; days: RoutineDay[] }>();
  for (const d of program.firstWeekPreview.days) {
    const code = dayCode(d.day);
    if (!code) continue;
    const minutes = Math.min(8 * 60, Math.max(5, durationMinutes(d.duration) ?? 45));
    const title = d.focus.trim().slice(0, 200);
    const key = `${title.toLowerCase()}|${minutes}`;
    const kind = byKind.get(key) ?? { title, minutes, days: [] };
    if (!kind.days.includes(code)) kind.days.push(code);
    byKind.set(key, kind);
  }
  return [...byKind.values()].map((k) => ({
    title: k.title,
    minutes: k.minutes,
    timesPerWeek: k.days.length,
    days: [...k.days].sort((a, b) => ROUTINE_DAYS.indexOf(a) - ROUTINE_DAYS.indexOf(b)),
    window: { ...PROGRAM_WINDOW },
    // medium: the planner keeps it off the person's peak hours, which their work needs
    energy: "medium",
    priority: "medium",
  }));
}
