import type {
  Avoidance,
  PeakTime,
  ProductivityAnswers,
  ProductivityProfile,
  SchedulingProfile,
  StrategyId,
  Struggle,
  TypicalDay,
  WorkStyle,
} from "../contract/productivity.ts";
import { NEXT_STEPS_MAX } from "../contract/productivity.ts";
import { formatHour, formatHourRange, formatMinutes, formatWeekdays } from "./hours.ts";
import {
  AVOIDANCE_STRATEGIES,
  bestWorkingWindow,
  buildSchedulingProfile,
  ENERGY_WINDOWS,
  STRUGGLE_STRATEGIES,
} from "./scheduling-profile.ts";

const DAY_PHRASES: Record<TypicalDay, string> = {
  structured_job: "follow set working hours",
  remote_flexible: "are yours to shape",
  entrepreneur: "belong to the business you run",
  student: "revolve around classes and deadlines",
  parent: "are shaped around school hours and family",
  creative: "need long, unbroken stretches for your projects",
  shift_work: "change with your shifts",
};

const PEAK_PHRASES: Record<PeakTime, string> = {
  early_morning: "early in the morning",
  morning: "in the morning",
  midday: "around midday",
  afternoon: "in the afternoon",
  evening: "in the evening",
  night: "late at night",
  varies: "at different times",
};

const STYLE_PHRASES: Record<WorkStyle, string> = {
  quick_sprints: "in quick sprints",
  medium_sessions: "in medium-length sessions",
  deep_work: "in long stretches of deep work",
  tiny_tasks: "in small, bite-sized tasks",
  one_thing: "on one thing at a time",
  variety: "with a varied mix of work",
};

const STRUGGLE_PHRASES: Record<Struggle, string> = {
  procrastination: "putting things off",
  overwhelm: "having too much on your plate at once",
  focus: "staying focused",
  time_blindness: "losing track of time",
  motivation: "finding the motivation to start",
  energy: "running out of energy",
};

const AVOIDANCE_PHRASES: Record<Avoidance, string> = {
  anxious_avoid: "you avoid it while it grows in your mind",
  distract_easier: "you reach for easier things instead",
  force_miserable: "you force yourself through it and feel miserable",
  last_minute: "you leave it until the last minute",
  freeze: "you freeze and don't know where to start",
  power_through: "you power through without a break",
};

const STRUGGLE_STEPS: Record<Struggle, string> = {
  procrastination:
    "Pick the task you've been putting off and write down a ten-minute first step you can do today.",
  overwhelm: "Write down your three most important tasks for tomorrow; everything else can wait.",
  focus:
    "Silence notifications for your next focus block and keep a notepad nearby for stray thoughts.",
  time_blindness: "Time one routine task this week to see how long it really takes, and tell Sage.",
  motivation: "Choose a five-minute task to open tomorrow with, so the day starts with a win.",
  energy: "Sort this week's tasks into demanding and light, so Sage can match them to your energy.",
};

export const ADDITIONAL_INFO_QUOTE_MAX = 300;

function peakSentence(
  answers: ProductivityAnswers,
  scheduling: SchedulingProfile,
  locale?: string,
): string {
  const peak = ENERGY_WINDOWS[answers.peak_time].find((w) => w.level === "peak");
  const days = DAY_PHRASES[answers.typical_day];
  if (!peak) return `Your energy changes from day to day, and your days ${days}.`;
  const when = PEAK_PHRASES[answers.peak_time];
  const said = `You have the most energy ${when} (${formatHourRange(peak.start, peak.end, locale)}), and your days ${days}.`;
  const planned = scheduling.energyWindows.find((w) => w.level === "peak");
  if (!planned || (planned.start === peak.start && planned.end === peak.end)) return said;
  // the peak was moved inside the working hours (buildSchedulingProfile): say so, never
  // promise the hours the person does not work
  const { start, end } = scheduling.workingHours;
  return `${said} Your working day runs ${formatHourRange(start, end, locale)}, so your hardest work goes to ${formatHourRange(planned.start, planned.end, locale)}.`;
}

function quote(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length > ADDITIONAL_INFO_QUOTE_MAX
    ? `${clean.slice(0, ADDITIONAL_INFO_QUOTE_MAX - 1).trimEnd()}…`
    : clean;
}

/** The three strategies that answer this person's own struggle and avoidance first. */
function keyStrategies(answers: ProductivityAnswers, scheduling: SchedulingProfile): string[] {
  const order: StrategyId[] = [
    STRUGGLE_STRATEGIES[answers.struggle][0]!,
    AVOIDANCE_STRATEGIES[answers.avoidance][0]!,
    ...STRUGGLE_STRATEGIES[answers.struggle],
    ...AVOIDANCE_STRATEGIES[answers.avoidance],
    ...scheduling.strategies.map((s) => s.id),
  ];
  const picked = [...new Set(order)].slice(0, 3);
  return picked.map((id) => scheduling.strategies.find((s) => s.id === id)!.description);
}

/**
 * The summary a person reads: who they are, how Sage will plan for them. Paragraphs split by
 * a blank line. Hours are written as `locale` writes them ("8–11 AM", "08:00–11:00"); without
 * one, in plain English words ("8–11 am").
 */
export function composeSummary(
  answers: ProductivityAnswers,
  scheduling: SchedulingProfile,
  locale?: string,
): string {
  const { workingHours, workingDays } = scheduling;
  const first = [
    peakSentence(answers, scheduling, locale),
    `Sage plans your work ${formatWeekdays(workingDays)}, between ${formatHour(workingHours.start, locale)} and ${formatHour(workingHours.end, locale)}.`,
    `You work best ${STYLE_PHRASES[answers.work_style]}: about ${scheduling.focusBlockMinutes} minutes of focus, then a ${scheduling.breakMinutes}-minute break.`,
  ].join(" ");
  const second = [
    `What gets in your way most is ${STRUGGLE_PHRASES[answers.struggle]}, and when a task feels hard, ${AVOIDANCE_PHRASES[answers.avoidance]}. That's common, and your calendar can be built around it.`,
    ...keyStrategies(answers, scheduling),
    `Sage keeps a ${scheduling.bufferMinutes}-minute buffer around every block and plans no more than ${formatMinutes(scheduling.dailyLoadCapMinutes)} of work a day.`,
  ].join(" ");
  const paragraphs = [first, second];
  const extra = quote(answers.additional_info);
  if (extra) paragraphs.push(`You also told Sage: "${extra}"`);
  return paragraphs.join("\n\n");
}

/** At most three concrete things to do next, the first one in the best working window. */
export function composeNextSteps(
  answers: ProductivityAnswers,
  scheduling: SchedulingProfile,
  locale?: string,
): string[] {
  const best = bestWorkingWindow(scheduling);
  const first =
    answers.peak_time === "varies"
      ? "For the next few days, note when you feel sharpest and tell Sage, so demanding work can move there."
      : `Block ${formatHourRange(best.start, best.end, locale)} on your next working day for your most important task, and keep it free of meetings.`;
  return [
    first,
    STRUGGLE_STEPS[answers.struggle],
    `Tell Sage this week's tasks and deadlines in the chat; it will place them around your existing events with ${scheduling.bufferMinutes}-minute buffers.`,
  ].slice(0, NEXT_STEPS_MAX);
}

/**
 * The whole profile composed from the answers alone: no model, no network, deterministic.
 * `locale` is the person's (their browser's) for the hours in the text.
 */
export function composeProductivityProfile(
  answers: ProductivityAnswers,
  locale?: string,
): ProductivityProfile {
  const scheduling = buildSchedulingProfile(answers);
  return {
    summary: composeSummary(answers, scheduling, locale),
    nextSteps: composeNextSteps(answers, scheduling, locale),
    scheduling,
  };
}

/** Spec §4: what the result screen shows when no profile could be built at all. */
export const UNAVAILABLE_SUMMARY = "Context summary unavailable";
export const GENERIC_NEXT_STEPS: readonly string[] = [
  "Block time on your next working day for your most important task.",
  "Break your biggest task into a small first step you can start today.",
  "Tell Sage this week's tasks in the chat so it can plan them with you.",
];
