import {
  type Routine,
  type RoutineInput,
  routineInput,
} from "../../../../core/contract/routines.ts";
import type { RoutineDay } from "../../../../core/routines/routine-rules.ts";

export type RoutineFormValues = {
  title: string;
  minutes: string;
  timesPerWeek: string;
  days: RoutineDay[];
  from: string;
  to: string;
  energy: "low" | "medium" | "high";
  priority: "low" | "medium" | "high";
};
export type RoutineFormField = "title" | "minutes" | "timesPerWeek" | "days" | "from" | "to";
export type RoutineFormErrors = Partial<Record<RoutineFormField, string>>;

export const emptyRoutineForm = (): RoutineFormValues => ({
  title: "",
  minutes: "60",
  timesPerWeek: "3",
  days: ["MO", "TU", "WE", "TH", "FR"],
  from: "06:00",
  to: "09:00",
  energy: "medium",
  priority: "medium",
});

export const routineToForm = (r: Routine): RoutineFormValues => ({
  title: r.title,
  minutes: String(r.minutes),
  timesPerWeek: String(r.timesPerWeek),
  days: [...r.days],
  from: r.window.from,
  to: r.window.to,
  energy: r.energy,
  priority: r.priority,
});

/** Which form field a contract issue is about. */
function fieldOf(path: PropertyKey[]): RoutineFormField {
  const [head, sub] = path;
  if (head === "window") return sub === "from" ? "from" : "to";
  if (head === "minutes" || head === "timesPerWeek" || head === "days") return head;
  return "title";
}

/**
 * The form's values checked by the same rules the server keeps (the contract's schema), each
 * problem beside the field it is about; or the input to send.
 */
export function formToRoutineInput(
  v: RoutineFormValues,
): { input: RoutineInput; errors?: undefined } | { errors: RoutineFormErrors } {
  const input = {
    title: v.title,
    minutes: v.minutes.trim() === "" ? Number.NaN : Number(v.minutes),
    timesPerWeek: v.timesPerWeek.trim() === "" ? Number.NaN : Number(v.timesPerWeek),
    days: v.days,
    window: { from: v.from, to: v.to },
    energy: v.energy,
    priority: v.priority,
  };
  const parsed = routineInput.safeParse(input);
  if (parsed.success) return { input: parsed.data };
  const errors: RoutineFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path);
    errors[field] ??= inWords(issue.message);
  }
  return { errors };
}

/** The contract's names as the form's labels say them, at the start of a sentence. */
const LABELS: [RegExp, string][] = [
  [/\btimesPerWeek\b/g, "times a week"],
  [/^minutes\b/, "a session"],
  [/\bwindow\.from\b/g, "From"],
  [/\bwindow\.to\b/g, "To"],
  [/^title\b/, "the title"],
];

/**
 * A contract message as the person reads it beside the field: "timesPerWeek is 5, but only 2
 * days are allowed" → "Times a week is 5, but only 2 days are allowed" (the API keeps its
 * field names; the form speaks in its labels).
 */
export function inWords(message: string): string {
  const said = LABELS.reduce((m, [re, label]) => m.replace(re, label), message);
  return said.charAt(0).toUpperCase() + said.slice(1);
}
