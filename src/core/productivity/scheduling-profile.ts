import type {
  EnergyLevel,
  PeakTime,
  ProductivityAnswers,
  SchedulingProfile,
  StrategyId,
  Struggle,
  TypicalDay,
  WorkStyle,
} from "../contract/productivity.ts";
import { STRATEGY_IDS } from "../contract/productivity.ts";
import { fitPeakIntoHours } from "../plan-profile/fit-peak.ts";
import { type NoteFacts, readNotes, workingDaysFromNotes } from "../plan-profile/read-notes.ts";

export type { SchedulingProfile } from "../contract/productivity.ts";

export type EnergyWindow = { start: number; end: number; level: EnergyLevel };

/** peak_time → energy windows by hour (sorted, non-overlapping, never past midnight). */
export const ENERGY_WINDOWS: Record<PeakTime, readonly EnergyWindow[]> = {
  early_morning: [
    { start: 5, end: 8, level: "peak" },
    { start: 8, end: 11, level: "good" },
    { start: 13, end: 16, level: "low" },
  ],
  morning: [
    { start: 8, end: 11, level: "peak" },
    { start: 11, end: 13, level: "good" },
    { start: 14, end: 16, level: "low" },
  ],
  midday: [
    { start: 9, end: 11, level: "good" },
    { start: 11, end: 14, level: "peak" },
    { start: 15, end: 17, level: "low" },
  ],
  afternoon: [
    { start: 8, end: 10, level: "low" },
    { start: 10, end: 13, level: "good" },
    { start: 13, end: 17, level: "peak" },
  ],
  evening: [
    { start: 8, end: 11, level: "low" },
    { start: 13, end: 17, level: "good" },
    { start: 17, end: 21, level: "peak" },
  ],
  night: [
    { start: 9, end: 12, level: "low" },
    { start: 16, end: 20, level: "good" },
    { start: 20, end: 24, level: "peak" },
  ],
  // no fixed peak: two good windows, and a daily check-in decides where demanding work goes
  varies: [
    { start: 9, end: 12, level: "good" },
    { start: 14, end: 17, level: "good" },
  ],
};

type DayShape = {
  days: readonly number[];
  hours: { start: number; end: number };
  /** The person sets their own hours, so the working window may move to cover the peak. */
  flexible: boolean;
};

/** typical_day → working days (ISO weekdays) and hours. */
export const WORKING_PATTERNS: Record<TypicalDay, DayShape> = {
  structured_job: { days: [1, 2, 3, 4, 5], hours: { start: 9, end: 17 }, flexible: false },
  remote_flexible: { days: [1, 2, 3, 4, 5], hours: { start: 9, end: 17 }, flexible: true },
  entrepreneur: { days: [1, 2, 3, 4, 5, 6], hours: { start: 8, end: 18 }, flexible: true },
  student: { days: [1, 2, 3, 4, 5], hours: { start: 9, end: 18 }, flexible: true },
  parent: { days: [1, 2, 3, 4, 5], hours: { start: 9, end: 15 }, flexible: false },
  creative: { days: [1, 2, 3, 4, 5], hours: { start: 10, end: 18 }, flexible: true },
  // shifts are calendar events; the wide window lets the scheduler use the time around them
  shift_work: { days: [1, 2, 3, 4, 5, 6, 7], hours: { start: 7, end: 22 }, flexible: false },
};

type Rhythm = { focus: number; max: number; breakMinutes: number };

/** work_style → focus block length and break rhythm. */
export const FOCUS_RHYTHMS: Record<WorkStyle, Rhythm> = {
  quick_sprints: { focus: 25, max: 50, breakMinutes: 5 },
  medium_sessions: { focus: 50, max: 60, breakMinutes: 10 },
  deep_work: { focus: 90, max: 120, breakMinutes: 20 },
  tiny_tasks: { focus: 15, max: 30, breakMinutes: 5 },
  one_thing: { focus: 60, max: 120, breakMinutes: 15 },
  variety: { focus: 30, max: 45, breakMinutes: 5 },
};

export const STRATEGY_DESCRIPTIONS: Record<StrategyId, string> = {
  hardest_task_at_peak: "Your most demanding task goes into your peak energy window.",
  daily_energy_check:
    "Your energy varies, so each day demanding work moves to the window where you feel sharpest.",
  tiny_first_step:
    "A task you're avoiding starts with a ten-minute first step, small enough to begin today.",
  single_next_action: "Every block names one concrete next action, so there's never a blank page.",
  top_three_priorities:
    "At most three priority tasks a day; everything else waits for a free slot.",
  reduced_daily_load:
    "Planned work stays well under your working hours, leaving slack for the unexpected.",
  protected_focus_blocks: "Focus blocks are marked busy, with distractions parked until the break.",
  extra_buffers: "Longer buffers between blocks absorb tasks that run over.",
  early_reminders: "A reminder arrives before every block, so time never slips past unnoticed.",
  quick_win_first: "The day opens with a short, easy task to build momentum.",
  energy_matching: "Demanding work goes to high-energy hours; light tasks fill the low ones.",
  recovery_breaks: "Breaks are planned like meetings: real, protected and not skipped.",
  early_deadlines:
    "Each deadline gets an internal one a day earlier, so the pressure comes sooner and smaller.",
  alternate_task_types: "Back-to-back blocks alternate between different kinds of work.",
  one_task_per_block: "One task per block, never several at once.",
};

export const STRUGGLE_STRATEGIES: Record<Struggle, readonly StrategyId[]> = {
  procrastination: ["tiny_first_step"],
  overwhelm: ["top_three_priorities", "reduced_daily_load"],
  focus: ["protected_focus_blocks"],
  time_blindness: ["extra_buffers", "early_reminders"],
  motivation: ["quick_win_first", "tiny_first_step"],
  energy: ["energy_matching", "reduced_daily_load"],
};

export const AVOIDANCE_STRATEGIES: Record<ProductivityAnswers["avoidance"], readonly StrategyId[]> =
  {
    anxious_avoid: ["tiny_first_step"],
    distract_easier: ["protected_focus_blocks"],
    force_miserable: ["recovery_breaks", "reduced_daily_load"],
    last_minute: ["early_deadlines"],
    freeze: ["tiny_first_step", "single_next_action"],
    power_through: ["recovery_breaks"],
  };

const WORK_STYLE_STRATEGIES: Partial<Record<WorkStyle, readonly StrategyId[]>> = {
  variety: ["alternate_task_types"],
  one_thing: ["one_task_per_block"],
};

export const BASE_BUFFER_MINUTES = 10;
export const PARENT_BUFFER_MINUTES = 15;
export const EXTRA_BUFFER_MINUTES = 20;
/** Share of the working window that may be planned; the rest is slack. */
export const BASE_LOAD_RATIO = 0.75;
export const REDUCED_LOAD_RATIO = 0.6;
/** Nobody does more than seven hours of real focus work a day, however long the window. */
export const MAX_DAILY_LOAD_MINUTES = 420;
export const FIRST_STEP_MINUTES = 10;
export const EARLY_DEADLINE_LEAD_HOURS = 24;

/** Hours a note states, when they are whole hours and make a day (the profile counts hours). */
function hoursFromNotes(
  facts: NoteFacts,
  base: { start: number; end: number },
): { start: number; end: number } | null {
  if (facts.start === undefined && facts.end === undefined) return null;
  const start = facts.start ?? base.start * 60;
  const end = facts.end ?? base.end * 60;
  if (start % 60 !== 0 || end % 60 !== 0 || end <= start) return null;
  return { start: start / 60, end: end / 60 };
}

/** The working window, moved (same length) to cover the peak when the person sets their hours. */
function workingHoursFor(typicalDay: TypicalDay, windows: readonly EnergyWindow[]) {
  const pattern = WORKING_PATTERNS[typicalDay];
  let { start, end } = pattern.hours;
  const peak = windows.find((w) => w.level === "peak");
  if (!pattern.flexible || !peak) return { start, end };
  const length = end - start;
  if (peak.start < start) {
    start = peak.start;
    end = start + length;
  } else if (peak.end > end) {
    end = peak.end;
    start = end - length;
  }
  return { start, end };
}

function strategiesFor(answers: ProductivityAnswers): StrategyId[] {
  const chosen = new Set<StrategyId>([
    answers.peak_time === "varies" ? "daily_energy_check" : "hardest_task_at_peak",
    ...STRUGGLE_STRATEGIES[answers.struggle],
    ...AVOIDANCE_STRATEGIES[answers.avoidance],
    ...(WORK_STYLE_STRATEGIES[answers.work_style] ?? []),
  ]);
  // a fixed catalogue order, so the same answers always give the same list
  return STRATEGY_IDS.filter((id) => chosen.has(id));
}

const roundDownTo = (value: number, step: number) => Math.floor(value / step) * step;

/**
 * The deterministic answers → scheduling-profile mapping. Pure and total: every allowed
 * combination of answers gives a valid profile (the free-text answer does not change it).
 */
export function buildSchedulingProfile(answers: ProductivityAnswers): SchedulingProfile {
  // the free-text answer is more specific than the choices: days it names and whole-hour
  // hours it states win (core/plan-profile/read-notes.ts; finer times live in the plan profile)
  const { facts } = readNotes(answers.additional_info);
  const workingHours =
    hoursFromNotes(facts, WORKING_PATTERNS[answers.typical_day].hours) ??
    workingHoursFor(answers.typical_day, ENERGY_WINDOWS[answers.peak_time]);
  const noteDays = workingDaysFromNotes(WORKING_PATTERNS[answers.typical_day].days, facts);
  // a peak the working hours cannot reach (5–8 AM for a 9-to-3 day) moves inside them, so
  // the profile never promises hard work at an hour the person does not work (issue 26)
  const energyWindows = fitPeakIntoHours(ENERGY_WINDOWS[answers.peak_time], workingHours).windows;
  const rhythm = FOCUS_RHYTHMS[answers.work_style];
  const strategies = strategiesFor(answers);
  const has = (id: StrategyId) => strategies.includes(id);

  const bufferMinutes = has("extra_buffers")
    ? EXTRA_BUFFER_MINUTES
    : answers.typical_day === "parent"
      ? PARENT_BUFFER_MINUTES
      : BASE_BUFFER_MINUTES;
  const windowMinutes = (workingHours.end - workingHours.start) * 60;
  const ratio = has("reduced_daily_load") ? REDUCED_LOAD_RATIO : BASE_LOAD_RATIO;
  const dailyLoadCapMinutes = Math.min(
    MAX_DAILY_LOAD_MINUTES,
    roundDownTo(windowMinutes * ratio, 15),
  );

  return {
    version: 1,
    energyWindows,
    workingDays: noteDays.length > 0 ? noteDays : [...WORKING_PATTERNS[answers.typical_day].days],
    workingHours,
    focusBlockMinutes: rhythm.focus,
    maxFocusBlockMinutes: rhythm.max,
    breakMinutes: rhythm.breakMinutes,
    bufferMinutes,
    dailyLoadCapMinutes,
    firstStepMinutes: has("tiny_first_step") ? FIRST_STEP_MINUTES : null,
    deadlineLeadHours: has("early_deadlines") ? EARLY_DEADLINE_LEAD_HOURS : 0,
    reminderMinutes: has("early_reminders") ? 15 : 10,
    strategies: strategies.map((id) => ({ id, description: STRATEGY_DESCRIPTIONS[id] })),
  };
}

/**
 * The best energy window inside the working hours (peak before good, then the longest),
 * clipped to them; the first two working hours when no window falls inside.
 */
export function bestWorkingWindow(profile: SchedulingProfile): EnergyWindow {
  const { start: ws, end: we } = profile.workingHours;
  const rank: Record<EnergyLevel, number> = { peak: 0, good: 1, low: 2 };
  const inside = profile.energyWindows
    .filter((w) => w.level !== "low")
    .map((w) => ({ ...w, start: Math.max(w.start, ws), end: Math.min(w.end, we) }))
    .filter((w) => w.end > w.start)
    .sort((a, b) => rank[a.level] - rank[b.level] || b.end - b.start - (a.end - a.start));
  return inside[0] ?? { start: ws, end: Math.min(we, ws + 2), level: "good" };
}
