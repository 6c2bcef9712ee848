import { DateTime } from "luxon";
import { paddedMinutes, paddingFor, windowsOn } from "./schedule.ts";
import type { EnergyLevel, PlacedBlock, SchedulerProfile, SchedulerTask } from "./types.ts";

const MINUTE = 60_000;
/** A deadline this close to a block is named in its reason. */
const NEAR_DEADLINE = 2 * 86_400_000;

/** What the scheduler weighed for one block, as facts (no wording). */
export type WhyFacts = {
  /** The energy window the block mostly sits in ("good" outside every window). */
  level: EnergyLevel;
  /** That window, minutes from local midnight (absent for "good" outside every window). */
  window?: { start: number; end: number };
  energy: SchedulerTask["energy"];
  /** The task's deadline when it is near enough to matter to this block. */
  due?: number;
  /** Placed in the first free time long enough: no better-scored spot had room. */
  firstFit: boolean;
  /** The window was learned from what the person does, not what they said (issue 27). */
  learnedWindow?: boolean;
  /** The task was sized by a learned estimate ratio: the ratio and the minutes planned. */
  sized?: { ratio: number; minutes: number };
};

/**
 * The window holding most of a block that starts `minute` minutes into its day and lasts
 * `length` minutes (more than half of it), or undefined: a block from 10:50 to 11:50 is in
 * the hours after an 8–11 peak, not in it.
 */
export function windowHolding<W extends { start: number; end: number }>(
  windows: readonly W[],
  minute: number,
  length: number,
): W | undefined {
  let best: { w: W; overlap: number } | undefined;
  for (const w of windows) {
    const overlap = Math.min(w.end, minute + length) - Math.max(w.start, minute);
    if (overlap * 2 > length && (!best || overlap > best.overlap)) best = { w, overlap };
  }
  return best?.w;
}

/** The facts behind one placed block, read against the profile the scheduler used. */
export function whyFacts(
  block: PlacedBlock,
  task: Pick<SchedulerTask, "energy" | "deadline"> & { estimatedMinutes?: number },
  profile: SchedulerProfile,
): WhyFacts {
  const local = DateTime.fromMillis(block.start, { zone: profile.timezone });
  const learnedPeak = profile.learned?.hours === true;
  const ratio = paddingFor(profile, task.energy);
  // wall-clock minutes, as the windows are (a day that changes clocks keeps its hours)
  const best = windowHolding(
    windowsOn(profile, local.weekday),
    local.hour * 60 + local.minute,
    (block.end - block.start) / MINUTE,
  );
  return {
    level: best?.level ?? "good",
    ...(best ? { window: { start: best.start, end: best.end } } : {}),
    energy: task.energy,
    ...(task.deadline !== undefined && task.deadline - block.end < NEAR_DEADLINE
      ? { due: task.deadline }
      : {}),
    firstFit: block.firstFit,
    ...(learnedPeak && best?.level === "peak" ? { learnedWindow: true } : {}),
    ...(profile.learned?.estimate && task.estimatedMinutes !== undefined
      ? { sized: { ratio, minutes: paddedMinutes(task.estimatedMinutes, ratio) } }
      : {}),
  };
}

/** "8 – 11 AM" / "08–11" in the person's locale (minutes from midnight). */
export function hourRange(window: { start: number; end: number }, locale: string): string {
  const at = (minutes: number) => new Date(Date.UTC(2000, 0, 1) + minutes * MINUTE);
  const withMinutes = window.start % 60 !== 0 || window.end % 60 !== 0;
  const format = new Intl.DateTimeFormat(locale, {
    hour: "numeric",
    ...(withMinutes ? { minute: "2-digit" } : {}),
    timeZone: "UTC",
  });
  // 24:00 ends the day: a range into the next day would print both dates
  if (window.end >= 24 * 60) return `${format.format(at(window.start))}–${format.format(at(0))}`;
  return format.formatRange(at(window.start), at(window.end));
}

const FIRST_FIT = "The first free time long enough for it";

/**
 * Whether a reason says the block took the first free time that fit: that is where it was
 * placed, not what its hours are, so a kept block keeps it (a re-plan's facts cannot tell).
 */
export const tookFirstFit = (why: string): boolean => why.startsWith(FIRST_FIT);

/**
 * One true sentence from the facts: where the block sits and what that meant for this kind of
 * work, and the deadline when it is near. `profiled` is false before the questionnaire: the
 * hours are a default, and the sentence says so.
 */
export function whySentence(
  facts: WhyFacts,
  opts: { locale: string; zone: string; profiled: boolean },
): string {
  const range = facts.window ? ` (${hourRange(facts.window, opts.locale)})` : "";
  // before the questionnaire the windows are a default, and the sentence says so
  // a learned peak is the person's own, whatever they said (or didn't)
  const peakName = opts.profiled || facts.learnedWindow ? "Your peak" : "Morning focus hours";
  const peakRange = facts.learnedWindow
    ? `${range}, as Sage has seen you work`
    : opts.profiled
      ? range
      : `${range}, a default until you set yours`;
  let where: string;
  if (facts.firstFit) where = FIRST_FIT;
  else if (facts.level === "peak")
    where =
      facts.energy === "high"
        ? `${peakName}${peakRange} — the hardest work of the day`
        : facts.energy === "low"
          ? `${peakName}${peakRange} — the best free time left for it`
          : `${peakName}${peakRange}`;
  else if (facts.level === "low")
    where =
      facts.energy === "low"
        ? `A lighter time of day${range} — easy work, kept out of your peak`
        : `A lower-energy time of day${range} — the best free time left for it`;
  else
    where =
      facts.energy === "high"
        ? `Good hours${range} — the best free time left for hard work`
        : facts.energy === "low"
          ? `Good hours${range} — light work, kept out of your peak`
          : `Good hours${range} for steady work`;
  const sized = facts.sized
    ? `; planned ${duration(facts.sized.minutes)} — your ${ENERGY_WORDS[facts.energy]} usually takes ${ratioWords(facts.sized.ratio)}`
    : "";
  if (facts.due === undefined) return `${where}${sized}`;
  const due = DateTime.fromMillis(facts.due, { zone: opts.zone }).setLocale(opts.locale);
  return `${where}; due ${due.toFormat("cccc")}${sized}`;
}

const ENERGY_WORDS = { high: "hard work", medium: "work", low: "light work" } as const;

/** "1 h 30", "45 min", "2 h". */
function duration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, "0")}`;
}

/** "half again your guess", "twice your guess", "about 1.3× your guess". */
export function ratioWords(ratio: number): string {
  if (Math.abs(ratio - 1.5) < 0.03) return "half again your guess";
  if (Math.abs(ratio - 2) < 0.03) return "twice your guess";
  if (Math.abs(ratio - 1) < 0.03) return "what you guess";
  if (ratio < 1) return `less than your guess (about ${Math.round(ratio * 100) / 100}×)`;
  return `about ${Math.round(ratio * 100) / 100}× your guess`;
}
