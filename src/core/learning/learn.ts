import type { SchedulerProfile } from "../scheduler/types.ts";
import { hourRange, ratioWords } from "../scheduler/why.ts";
import { learnEstimate } from "./learn-estimate.ts";
import { learnHours } from "./learn-hours.ts";
import type { Learned, Prior, Signal, SignalKind, Steering, TaskEnergy } from "./types.ts";
import { TASK_ENERGIES } from "./types.ts";

/**
 * The model of how the person works, from what they said (`prior`) and what they did
 * (`signals`), under their steering: evidence from before an Undo no longer counts, and a
 * thing they said "don't learn this" to keeps the stated profile (its evidence still shows).
 * Pure and deterministic: the same inputs give the same model, and no evidence gives back
 * exactly what was stated.
 */
export function learn(
  prior: Prior,
  signals: readonly Signal[],
  opts: {
    now: number;
    steering: Steering;
    /** The learned peak the plan uses now (see learnHours): keeps it from flickering. */
    current?: { start: number; end: number } | null;
  },
): Learned {
  const { steering } = opts;
  const since = (s: Signal) =>
    s.kind === "finished" ? steering.estimate.since : steering.hours.since;
  const counted = signals.filter((s) => s.at >= (since(s) ?? Number.NEGATIVE_INFINITY));
  const hours = learnHours(prior, counted, opts);
  const estimate = learnEstimate(prior.padding, counted, opts);
  const counts = Object.fromEntries(
    (["done", "partly", "skipped", "moved", "untouched", "finished"] as SignalKind[]).map((k) => [
      k,
      counted.filter((s) => s.kind === k).length,
    ]),
  ) as Record<SignalKind, number>;
  return {
    hours: steering.hours.off
      ? {
          ...hours,
          windows: prior.energyWindows.map((w) => ({ ...w })),
          dayWindows: {},
          learnedPeak: null,
          peakSeen: false,
          dayPeaks: {},
          changed: false,
        }
      : hours,
    estimate: steering.estimate.off
      ? {
          ...estimate,
          learned: estimate.stated,
          byEnergy: Object.fromEntries(
            TASK_ENERGIES.map((e) => [e, { ...estimate.byEnergy[e], learned: estimate.stated }]),
          ) as typeof estimate.byEnergy,
          changed: false,
        }
      : estimate,
    counts,
  };
}

/** The scheduler's profile with what was learned: windows per day, block sizes per energy. */
export function withLearned(profile: SchedulerProfile, learned: Learned): SchedulerProfile {
  const padding = Object.fromEntries(
    TASK_ENERGIES.map((e) => [e, learned.estimate.byEnergy[e].learned]),
  ) as Record<TaskEnergy, number>;
  return {
    ...profile,
    energyWindows: learned.hours.windows.map((w) => ({ ...w })),
    dayWindows: learned.hours.dayWindows,
    paddingByEnergy: learned.estimate.changed ? padding : undefined,
    learned: { hours: learned.hours.changed, estimate: learned.estimate.changed },
  };
}

/** A change Sage made from evidence, in words, with what it rests on. */
export type Insight = {
  /** What Undo and "don't learn this" act on. */
  key: "hours" | "estimate";
  sentence: string;
  /** Check-ins' (or finished tasks') worth behind it. */
  evidence: number;
};

const WEEKDAY_NAMES = [
  "Mondays",
  "Tuesdays",
  "Wednesdays",
  "Thursdays",
  "Fridays",
  "Saturdays",
  "Sundays",
];

const trim = (r: number) => (Math.round(r * 100) / 100).toString();

const ENERGY_WORDS: Record<TaskEnergy, string> = {
  high: "hard work",
  medium: "steady work",
  low: "light work",
};
export const energyWord = (e: TaskEnergy) => ENERGY_WORDS[e];

/**
 * Every change the model makes to the plan, stated in words (nothing changes silently).
 * Times in the person's locale; the wording is English, like the rest of "How you work".
 */
export function describeLearned(learned: Learned, opts: { locale: string }): Insight[] {
  const out: Insight[] = [];
  const { hours, estimate } = learned;
  const range = (w: { start: number; end: number }) => hourRange(w, opts.locale);
  const evidenceIn = (w: { start: number; end: number }) => {
    let sum = 0;
    for (const c of hours.curves.high)
      if (c.hour * 60 < w.end && (c.hour + 1) * 60 > w.start) sum += c.evidence;
    return Math.round(sum * 10) / 10;
  };
  if (hours.learnedPeak) {
    const said = hours.statedPeak ? ` than in the peak you gave (${range(hours.statedPeak)})` : "";
    const low =
      hours.freedLow.length > 0
        ? ` The low hours you gave (${hours.freedLow.map(range).join(", ")}) are now ordinary time, to see how steady work goes there.`
        : "";
    out.push({
      key: "hours",
      sentence:
        (hours.peakSeen || !hours.statedPeak
          ? `You get hard work done more often ${range(hours.learnedPeak)}${said}: Sage now plans it there.`
          : `Hard work planned in the peak you gave (${range(hours.statedPeak)}) often doesn't get done: Sage now tries ${range(hours.learnedPeak)}.`) +
        low,
      evidence:
        evidenceIn(hours.learnedPeak) + (hours.statedPeak ? evidenceIn(hours.statedPeak) : 0),
    });
  }
  for (const [day, peak] of Object.entries(hours.dayPeaks)) {
    if (!peak) continue;
    const name = WEEKDAY_NAMES[Number(day) - 1]!;
    out.push({
      key: "hours",
      sentence: `On ${name} hard work goes best ${range(peak)}: Sage plans it there on ${name}.`,
      evidence: evidenceIn(peak),
    });
  }
  if (estimate.changed) {
    const parts = TASK_ENERGIES.filter(
      (e) =>
        estimate.byEnergy[e].evidence >= 1 && estimate.byEnergy[e].learned !== estimate.learned,
    ).map((e) => `${energyWord(e)} ${trim(estimate.byEnergy[e].learned)}×`);
    const detail = parts.length > 0 ? ` (${parts.join(", ")})` : "";
    const longer = estimate.learned > estimate.stated;
    out.push({
      key: "estimate",
      sentence: `Your tasks take ${ratioWords(estimate.learned)}${detail}, ${
        longer ? "more" : "less"
      } than the ${trim(estimate.stated)}× Sage allowed: it now plans ${
        longer ? "longer" : "shorter"
      } blocks.`,
      evidence: Math.round(estimate.evidence * 10) / 10,
    });
  }
  return out;
}
