import type { ProductivityAnswers } from "../contract/productivity.ts";
import type { RoutineInput } from "../contract/routines.ts";

/**
 * Habits that fit the person's answers (issue 29), as routines to add with one click each:
 * a daily planning slot before their peak, a weekly review, and for the ones who struggle
 * with energy, short breaks after lunch. At most three; each is valid by the contract's
 * rules. Pure; nothing is added without the person's click.
 */
export type SuggestedRoutine = { why: string; routine: RoutineInput };

const PLANNING_WINDOW: Record<ProductivityAnswers["peak_time"], { from: string; to: string }> = {
  early_morning: { from: "06:00", to: "07:30" },
  morning: { from: "07:30", to: "09:00" },
  midday: { from: "08:30", to: "10:30" },
  afternoon: { from: "09:00", to: "11:00" },
  evening: { from: "09:00", to: "11:00" },
  night: { from: "10:00", to: "12:00" },
  varies: { from: "08:00", to: "10:00" },
};
const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR"] as const;

export function suggestRoutines(answers: ProductivityAnswers): SuggestedRoutine[] {
  const out: SuggestedRoutine[] = [
    {
      why: "Ten minutes before your best hours to choose the one thing that matters today.",
      routine: {
        title: "Plan the day",
        minutes: 10,
        timesPerWeek: 5,
        days: [...WEEKDAYS],
        window: PLANNING_WINDOW[answers.peak_time],
        energy: "low",
        priority: "high",
      },
    },
  ];
  if (answers.struggle === "energy")
    out.push({
      why: "You said energy is what runs out: a short walk away from the screen after lunch.",
      routine: {
        title: "Walk break",
        minutes: 15,
        timesPerWeek: 5,
        days: [...WEEKDAYS],
        window: { from: "12:30", to: "15:00" },
        energy: "low",
        priority: "high",
      },
    });
  const looseEnds =
    answers.struggle === "overwhelm" ||
    answers.struggle === "procrastination" ||
    answers.avoidance === "last_minute";
  out.push({
    why: looseEnds
      ? "A weekly look at what's open, so nothing waits for the last minute."
      : "Half an hour on Friday to close the week and set up the next.",
    routine: {
      title: "Weekly review",
      minutes: 30,
      timesPerWeek: 1,
      days: ["FR"],
      window: { from: "14:00", to: "18:00" },
      energy: "low",
      priority: "medium",
    },
  });
  return out.slice(0, 3);
}
