import type {
  Avoidance,
  PeakTime,
  ProductivityAnswers,
  Struggle,
  TypicalDay,
  WorkStyle,
} from "../contract/productivity.ts";
import { formatHourRange } from "./hours.ts";
import { ENERGY_WINDOWS } from "./scheduling-profile.ts";

export type ChoiceOption<V extends string> = { value: V; label: string; description: string };

export type ChoiceStep = {
  [K in keyof ChoiceAnswers]: {
    kind: "choice";
    id: K;
    question: string;
    options: readonly ChoiceOption<ChoiceAnswers[K]>[];
  };
}[keyof ChoiceAnswers];

type ChoiceAnswers = Omit<ProductivityAnswers, "additional_info">;

export type TextStep = {
  kind: "text";
  id: "additional_info";
  question: string;
  hint: string;
  placeholder: string;
};

export type ProductivityStep = ChoiceStep | TextStep;

const PEAK_NOTES: Record<PeakTime, string> = {
  early_morning: "before the world wakes up",
  morning: "once I've settled in",
  midday: "once I'm warmed up",
  afternoon: "after lunch I hit my stride",
  evening: "when the day quiets down",
  night: "I'm a night owl",
  varies: "My energy changes from day to day",
};

/**
 * A peak-time option's description with its hours: "8–11 am, once I've settled in"; with the
 * person's `locale` (a screen in their browser), their own clock's format ("08:00–11:00, …").
 */
export function peakDescription(peak: PeakTime, locale?: string): string {
  const window = ENERGY_WINDOWS[peak].find((w) => w.level === "peak");
  const note = PEAK_NOTES[peak];
  return window ? `${formatHourRange(window.start, window.end, locale)}, ${note}` : note;
}

export const STRUGGLE_OPTIONS: readonly ChoiceOption<Struggle>[] = [
  {
    value: "procrastination",
    label: "Procrastination",
    description: "I know what to do but keep putting it off",
  },
  {
    value: "overwhelm",
    label: "Overwhelm",
    description: "Too much at once, and I don't know where to start",
  },
  {
    value: "focus",
    label: "Staying focused",
    description: "I get distracted and lose my train of thought",
  },
  {
    value: "time_blindness",
    label: "Time blindness",
    description: "Tasks take longer than I expect and time slips away",
  },
  {
    value: "motivation",
    label: "Motivation",
    description: "It's hard to get going on things that don't excite me",
  },
  {
    value: "energy",
    label: "Low energy",
    description: "I run out of steam before the day is done",
  },
];

export const PEAK_TIME_OPTIONS: readonly ChoiceOption<PeakTime>[] = [
  {
    value: "early_morning",
    label: "Early morning",
    description: peakDescription("early_morning"),
  },
  {
    value: "morning",
    label: "Morning",
    description: peakDescription("morning"),
  },
  {
    value: "midday",
    label: "Midday",
    description: peakDescription("midday"),
  },
  {
    value: "afternoon",
    label: "Afternoon",
    description: peakDescription("afternoon"),
  },
  {
    value: "evening",
    label: "Evening",
    description: peakDescription("evening"),
  },
  { value: "night", label: "Late night", description: peakDescription("night") },
  { value: "varies", label: "It varies", description: peakDescription("varies") },
];

export const TYPICAL_DAY_OPTIONS: readonly ChoiceOption<TypicalDay>[] = [
  { value: "structured_job", label: "Structured job", description: "Set hours, Monday to Friday" },
  {
    value: "remote_flexible",
    label: "Remote or flexible",
    description: "I work from home and set my own hours",
  },
  {
    value: "entrepreneur",
    label: "Entrepreneur",
    description: "I run my own business; work spills into Saturdays",
  },
  { value: "student", label: "Student", description: "Classes, study sessions and deadlines" },
  {
    value: "parent",
    label: "Parent",
    description: "My time is shaped around school hours and family",
  },
  {
    value: "creative",
    label: "Creative",
    description: "Projects that need long, uninterrupted stretches",
  },
  {
    value: "shift_work",
    label: "Shift work",
    description: "My hours change with my shifts, weekends included",
  },
];

export const WORK_STYLE_OPTIONS: readonly ChoiceOption<WorkStyle>[] = [
  {
    value: "quick_sprints",
    label: "Quick sprints",
    description: "25-minute bursts with short breaks",
  },
  {
    value: "medium_sessions",
    label: "Medium sessions",
    description: "About 50 minutes, then a proper break",
  },
  { value: "deep_work", label: "Deep work", description: "90 minutes or more of unbroken focus" },
  {
    value: "tiny_tasks",
    label: "Tiny tasks",
    description: "Small 15-minute pieces I can tick off",
  },
  {
    value: "one_thing",
    label: "One thing at a time",
    description: "One task per block until it's done",
  },
  {
    value: "variety",
    label: "Variety",
    description: "Switching between different kinds of work keeps me going",
  },
];

export const AVOIDANCE_OPTIONS: readonly ChoiceOption<Avoidance>[] = [
  {
    value: "anxious_avoid",
    label: "I get anxious and avoid it",
    description: "The longer I wait, the bigger it feels",
  },
  {
    value: "distract_easier",
    label: "I do easier things instead",
    description: "E-mail, tidying up, anything but that task",
  },
  {
    value: "force_miserable",
    label: "I force myself and feel miserable",
    description: "It gets done, but it drains me",
  },
  {
    value: "last_minute",
    label: "I wait until the last minute",
    description: "Deadline pressure is what finally gets me moving",
  },
  { value: "freeze", label: "I freeze", description: "I don't know where to start, so I don't" },
  {
    value: "power_through",
    label: "I power through",
    description: "I push on until it's done, breaks or not",
  },
];

/** The six steps of the Calendar Intelligence questionnaire, in order. */
export const PRODUCTIVITY_STEPS: readonly ProductivityStep[] = [
  {
    kind: "choice",
    id: "struggle",
    question: "What gets in the way of your productivity most?",
    options: STRUGGLE_OPTIONS,
  },
  {
    kind: "choice",
    id: "peak_time",
    question: "When do you have the most energy?",
    options: PEAK_TIME_OPTIONS,
  },
  {
    kind: "choice",
    id: "typical_day",
    question: "What does a typical day look like for you?",
    options: TYPICAL_DAY_OPTIONS,
  },
  {
    kind: "choice",
    id: "work_style",
    question: "How do you like to work?",
    options: WORK_STYLE_OPTIONS,
  },
  {
    kind: "choice",
    id: "avoidance",
    question: "When a task feels hard, what usually happens?",
    options: AVOIDANCE_OPTIONS,
  },
  {
    kind: "text",
    id: "additional_info",
    question: "Anything else Sage should know about your schedule?",
    hint: "Fixed commitments, recurring meetings, things that drain you. Optional.",
    placeholder:
      "e.g. School pickup at 3 pm, team meetings on Monday mornings, I train on Tuesday evenings",
  },
];

/** The human label of a chosen answer, e.g. ("work_style", "deep_work") → "Deep work". */
export function answerLabel<K extends keyof ChoiceAnswers>(id: K, value: ChoiceAnswers[K]): string {
  const step = PRODUCTIVITY_STEPS.find((s) => s.id === id);
  if (step?.kind !== "choice") return String(value);
  const options = step.options as readonly ChoiceOption<string>[];
  return options.find((o) => o.value === value)?.label ?? String(value);
}
