import { DateTime } from "luxon";
import { overlapLength } from "./intervals.ts";
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
};

/** The facts behind one placed block, read against the profile the scheduler used. */
export function whyFacts(
  block: PlacedBlock,
  task: Pick<SchedulerTask, "energy" | "deadline">,
  profile: SchedulerProfile,
): WhyFacts {
  const day = DateTime.fromMillis(block.start, { zone: profile.timezone }).startOf("day");
  let best:
    | { level: EnergyLevel; window: { start: number; end: number }; overlap: number }
    | undefined;
  for (const w of profile.energyWindows) {
    const overlap = overlapLength(block, {
      start: day.plus({ minutes: w.start }).toMillis(),
      end: day.plus({ minutes: w.end }).toMillis(),
    });
    if (overlap * 2 > block.end - block.start && (!best || overlap > best.overlap))
      best = { level: w.level, window: { start: w.start, end: w.end }, overlap };
  }
  return {
    level: best?.level ?? "good",
    ...(best ? { window: best.window } : {}),
    energy: task.energy,
    ...(task.deadline !== undefined && task.deadline - block.end < NEAR_DEADLINE
      ? { due: task.deadline }
      : {}),
    firstFit: block.firstFit,
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
  const peakName = opts.profiled ? "Your peak" : "Morning focus hours";
  const peakRange = opts.profiled ? range : `${range}, a default until you set yours`;
  let where: string;
  if (facts.firstFit) where = "The first free time long enough for it";
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
  if (facts.due === undefined) return where;
  const due = DateTime.fromMillis(facts.due, { zone: opts.zone }).setLocale(opts.locale);
  return `${where}; due ${due.toFormat("cccc")}`;
}
