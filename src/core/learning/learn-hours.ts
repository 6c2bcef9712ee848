import type {
  HourCell,
  LearnedHours,
  Placement,
  Prior,
  Signal,
  TaskEnergy,
  Window,
} from "./types.ts";
import { TASK_ENERGIES } from "./types.ts";

const DAY = 86_400_000;
/** Evidence two months old counts half (recent behaviour matters more, old still counts). */
export const HALF_LIFE_DAYS = 60;
/**
 * The questionnaire counts as this many check-ins at every hour: one, because people misjudge
 * their own hours often (issue 27) — at two, a wrong questionnaire held hard work in the wrong
 * hours a week longer in `npm run bench:learning`, and a right one gained nothing.
 */
const PRIOR_STRENGTH = 1;
/** A move counts this many check-ins at the hour it moved the work to. */
const MOVED_TO_WEIGHT = 2;
/** A weekday's own hours count as this many check-ins of the pooled curve. */
const WEEKDAY_STRENGTH = 3;
/** A weekday's peak differs from the rest only where its hours are this much likelier. */
export const PEAK_MARGIN = 0.08;
/**
 * The peak moves only when another window explains what the person did e^1 ≈ 2.7 times better
 * than the one in use (so a day's noise does not move hard work back and forth)…
 */
const SWITCH_NATS = 1;
/**
 * …and, leaving the stated peak, when this much evidence (check-ins' worth) lies in the new
 * hours or in the stated peak: more than one day's (a day of hard work moved to the afternoon
 * and done there is about 4).
 */
export const MIN_PEAK_EVIDENCE = 5;
/**
 * Before any evidence, the peak the person gave is e^0.5 ≈ 1.6 times likelier than any other
 * window: a weak prior, because people misjudge their own hours often (issue 27).
 */
const STATED_PEAK_NATS = 0.5;
/** A weekday gets its own peak once about three such days (check-ins' worth) show it. */
const MIN_DAY_PEAK_EVIDENCE = 3;
/** The length of the peak Sage looks for when the person stated none. */
const DEFAULT_PEAK_MINUTES = 180;
/** Where a peak may start: every half hour. */
const STEP = 30;

/**
 * The chance work of each energy gets done, by the level of the hour the person stated.
 * Hard work suffers most outside the peak; light work hardly at all.
 */
const PRIOR_CHANCE: Record<TaskEnergy, Record<Window["level"], number>> = {
  high: { peak: 0.8, good: 0.6, low: 0.35 },
  medium: { peak: 0.8, good: 0.7, low: 0.5 },
  low: { peak: 0.75, good: 0.75, low: 0.7 },
};

/**
 * How much a signal about one energy of work says about another's: hard and steady work both
 * rest on the person's energy at that hour (0.6), light work hardly does. Steady work is planned
 * outside the stated peak, so it is also where the first evidence about the other hours comes
 * from.
 */
const SHARE: Record<TaskEnergy, Record<TaskEnergy, number>> = {
  high: { high: 1, medium: 0.6, low: 0 },
  medium: { high: 0.6, medium: 1, low: 0.3 },
  low: { high: 0, medium: 0.3, low: 1 },
};

/** Recency weight: 1 now, ½ after HALF_LIFE_DAYS. */
export const recency = (at: number, now: number): number =>
  0.5 ** (Math.max(0, now - at) / DAY / HALF_LIFE_DAYS);

/** Minutes of [a, b) inside hour cell h. */
function inCell(start: number, end: number, h: number): number {
  return Math.max(0, Math.min(end, (h + 1) * 60) - Math.max(start, h * 60));
}

/** The stated level's chance at each hour, minute-weighted over the windows it touches. */
function statedCurve(prior: Prior, energy: TaskEnergy): number[] {
  return Array.from({ length: 24 }, (_, h) => {
    let sum = 0;
    let covered = 0;
    for (const w of prior.energyWindows) {
      const m = inCell(w.start, w.end, h);
      sum += m * PRIOR_CHANCE[energy][w.level];
      covered += m;
    }
    return (sum + (60 - covered) * PRIOR_CHANCE[energy].good) / 60;
  });
}

type Observation = { weekday: number; minute: number; length: number; y: number; w: number };

/** What one signal says about the hours it touched: y = 1 work got done there, 0 it didn't. */
function observations(s: Signal): Observation[] {
  if (s.kind === "finished") return [];
  const at = (b: Pick<Placement, "weekday" | "minute">, y: number, w: number): Observation => ({
    weekday: b.weekday,
    minute: b.minute,
    length: Math.max(5, s.block.lengthMinutes),
    y,
    w,
  });
  switch (s.kind) {
    case "done":
      return [at(s.block, 1, 1)];
    case "skipped":
      return [at(s.block, 0, 1)];
    case "partly":
      return [at(s.block, Math.min(1, s.minutes / Math.max(1, s.block.lengthMinutes)), 1)];
    case "untouched":
      // not moved, not skipped, not said: weak evidence that the time worked
      return [at(s.block, 1, 0.25)];
    case "moved":
      // not then, but then: the person chose the new hour for this work, which says more about
      // it than a check-in of an hour Sage chose (MOVED_TO_WEIGHT)
      return [at(s.block, 0, 1), at(s.to, 1, MOVED_TO_WEIGHT)];
  }
}

type Tally = { sum: number; weight: number };
const tally = (): Tally => ({ sum: 0, weight: 0 });

/**
 * How the person's energy through the day looks from what they do (issue 27): for each energy
 * of work and each hour, the chance it gets done there — the questionnaire as the prior
 * (PRIOR_STRENGTH check-ins' worth), evidence moving it, recent evidence weighing more. The
 * peak the scheduler plans hard work in moves to the hours where hard work gets done most,
 * once they are clearly (PEAK_MARGIN) better than the stated peak and enough evidence lies
 * there; a weekday with evidence of its own gets its own peak. Pure and deterministic;
 * without evidence the stated windows come back unchanged.
 */
export function learnHours(
  prior: Prior,
  signals: readonly Signal[],
  opts: {
    now: number;
    /**
     * The learned peak the plan is using now, if any: it stays until the stated peak is at
     * least as good again or another window beats it by the margin, so a day's noise around
     * the threshold does not move hard work back and forth.
     */
    current?: { start: number; end: number } | null;
  },
): LearnedHours {
  // pooled[energy][hour], byDay[energy][weekday][hour]
  const pooled = {} as Record<TaskEnergy, Tally[]>;
  const byDay = {} as Record<TaskEnergy, Record<number, Tally[]>>;
  for (const e of TASK_ENERGIES) {
    pooled[e] = Array.from({ length: 24 }, tally);
    byDay[e] = {};
    for (let d = 1; d <= 7; d++) byDay[e][d] = Array.from({ length: 24 }, tally);
  }
  for (const s of signals) {
    const r = recency(s.at, opts.now);
    for (const o of observations(s)) {
      const end = Math.min(1440, o.minute + o.length);
      for (let h = Math.floor(o.minute / 60); h < 24 && h * 60 < end; h++) {
        const part = inCell(o.minute, end, h) / o.length;
        if (part <= 0) continue;
        for (const e of TASK_ENERGIES) {
          const w = o.w * r * part * SHARE[s.energy][e];
          if (w <= 0) continue;
          for (const t of [pooled[e][h]!, byDay[e][o.weekday]![h]!]) {
            t.sum += w * o.y;
            t.weight += w;
          }
        }
      }
    }
  }

  const curves = {} as Record<TaskEnergy, HourCell[]>;
  for (const e of TASK_ENERGIES) {
    const stated = statedCurve(prior, e);
    curves[e] = stated.map((p0, hour) => {
      const t = pooled[e][hour]!;
      return {
        hour,
        stated: p0,
        learned: t.weight === 0 ? p0 : (PRIOR_STRENGTH * p0 + t.sum) / (PRIOR_STRENGTH + t.weight),
        evidence: t.weight,
      };
    });
  }

  const high = curves.high;
  const statedPeakWindow = prior.energyWindows.find((w) => w.level === "peak");
  const statedPeak = statedPeakWindow ? clampInto(statedPeakWindow, prior.usualHours) : null;
  const length = statedPeak
    ? statedPeak.end - statedPeak.start
    : Math.min(DEFAULT_PEAK_MINUTES, prior.usualHours.end - prior.usualHours.start);
  const chance = high.map((c) => c.learned);
  const evidence = high.map((c) => c.evidence);
  // evidence for the move: hard work done in the new hours, or not done in the stated peak
  // (a peak where hard work keeps being skipped is reason enough to try the best other hours)
  const statedEvidence = statedPeak ? evidenceOver(evidence, statedPeak) : 0;
  const current =
    opts.current &&
    opts.current.end - opts.current.start === length &&
    opts.current.start >= prior.usualHours.start &&
    opts.current.end <= prior.usualHours.end &&
    (!statedPeak || opts.current.start !== statedPeak.start)
      ? opts.current
      : null;
  const fits = peakFits(prior.usualHours, signals, opts.now, length, statedPeak, current);
  const fitOf = (w: { start: number } | null) =>
    w ? (fits.find((f) => f.start === w.start)?.fit ?? Number.NEGATIVE_INFINITY) : fits.none;
  // the best fit; where evidence cannot tell windows apart (work done 14–16 fits 13–16 and
  // 14–17 alike), the one whose hours the curves rate higher
  const rate = (f: PeakFit) => meanOver(chance, { start: f.start, end: f.start + length });
  const best = fits.reduce<PeakFit | null>(
    (b, f) => (!b || f.fit > b.fit + 1e-9 || (f.fit > b.fit - 1e-9 && rate(f) > rate(b)) ? f : b),
    null,
  );
  // the peak in use: the learned one while it explains what the person did better than the
  // stated one (without evidence, or after Undo, the stated one's prior wins), else the stated
  const kept = current && fitOf(current) > fitOf(statedPeak) ? current : null;
  const inUse = kept ?? statedPeak;
  let learnedPeak: { start: number; end: number } | null = kept ? { ...kept } : null;
  if (best && best.start !== inUse?.start && best.fit - fitOf(inUse) >= SWITCH_NATS) {
    const next = { start: best.start, end: best.start + length };
    const enough = kept || evidenceOver(evidence, next) + statedEvidence >= MIN_PEAK_EVIDENCE;
    if (statedPeak && next.start === statedPeak.start) learnedPeak = null;
    else if (enough) learnedPeak = next;
  }
  // once what the person does has moved their peak, the low hours they gave beside it are no
  // better a guess than the peak was: they become ordinary time, so Sage plans steady work
  // there too and sees how it goes (kept low, Sage would only ever plan light work there,
  // which says nothing about the person's energy, and a peak beside them could never grow
  // into them)
  const given = learnedPeak
    ? prior.energyWindows.filter((w) => w.level !== "low")
    : prior.energyWindows;
  const windows = learnedPeak ? withPeak(given, learnedPeak) : given.map((w) => ({ ...w }));
  const pooledPeak = learnedPeak ?? statedPeak;

  // a weekday with evidence of its own can differ from the rest ("Fridays, mornings")
  const dayWindows: LearnedHours["dayWindows"] = {};
  const dayPeaks: LearnedHours["dayPeaks"] = {};
  for (let d = 1; d <= 7; d++) {
    const span = prior.hours[d];
    if (!span || length > span.end - span.start) continue;
    const tallies = byDay.high[d]!;
    const dayChance = chance.map(
      (p, h) => (WEEKDAY_STRENGTH * p + tallies[h]!.sum) / (WEEKDAY_STRENGTH + tallies[h]!.weight),
    );
    const dayEvidence = tallies.map((t) => t.weight);
    const dayBest = bestWindow(dayChance, dayEvidence, span, length);
    if (!dayBest || dayBest.evidence < MIN_DAY_PEAK_EVIDENCE) continue;
    const usual = pooledPeak ? clampInto(pooledPeak, span) : null;
    if (usual && dayBest.start === usual.start) continue;
    const usualMean = usual ? meanOver(dayChance, usual) : meanOver(dayChance, span);
    if (dayBest.mean - usualMean < PEAK_MARGIN) continue;
    const peak = { start: dayBest.start, end: dayBest.end };
    dayPeaks[d] = peak;
    dayWindows[d] = withPeak(given, peak);
  }

  return {
    curves,
    windows,
    dayWindows,
    statedPeak,
    learnedPeak,
    peakSeen: learnedPeak !== null && evidenceOver(evidence, learnedPeak) >= MIN_PEAK_EVIDENCE,
    // the stated low hours in the working day the new peak does not cover
    freedLow: learnedPeak
      ? prior.energyWindows
          .filter((w) => w.level === "low")
          .flatMap((w) =>
            outside(
              {
                start: Math.max(w.start, prior.usualHours.start),
                end: Math.min(w.end, prior.usualHours.end),
              },
              learnedPeak,
            ),
          )
      : [],
    dayPeaks,
    changed: learnedPeak !== null || Object.keys(dayPeaks).length > 0,
  };
}

type PeakFit = { start: number; fit: number };

/**
 * How well each window of `length` minutes, taken as the peak, explains what the person did:
 * the log-likelihood of every check-in and move if work in that window went as in a peak hour
 * and work outside it as in a low one (the questionnaire's own chances, in between by the share
 * of a block inside the window), plus the stated peak's prior. `none` is the fit of no peak at
 * all (every hour ordinary), the reference when the person gave no peak. Windows start on the
 * hour within the usual hours `span`, and at the stated and current peaks' own starts.
 *
 * Judging whole windows by everything the person did, rather than hour by hour, is what lets
 * a peak an hour late move: the hour it would gain and the hour it would lose are weighed by
 * every block that touched either (issue 27, `npm run bench:learning`).
 */
function peakFits(
  span: { start: number; end: number },
  signals: readonly Signal[],
  now: number,
  length: number,
  /** The stated peak, already inside `span` (it starts ahead by the questionnaire's prior). */
  stated: { start: number } | null,
  current: { start: number } | null,
): PeakFit[] & { none: number } {
  const starts = new Set<number>([span.start, span.end - length]);
  for (let s = Math.ceil(span.start / 60) * 60; s + length <= span.end; s += 60) starts.add(s);
  for (const w of [stated, current]) if (w) starts.add(w.start);
  const fits = [...starts]
    .filter((s) => s >= span.start && s + length <= span.end)
    .sort((a, b) => a - b)
    .map((start) => ({ start, fit: stated?.start === start ? STATED_PEAK_NATS : 0 }));
  let none = 0;
  const log = (p: number, y: number) => y * Math.log(p) + (1 - y) * Math.log(1 - p);
  for (const s of signals) {
    if (s.kind === "finished") continue;
    const r = recency(s.at, now);
    const { peak, low, good } = PRIOR_CHANCE[s.energy];
    for (const o of observations(s)) {
      const w = o.w * r;
      none += w * log(good, o.y);
      for (const f of fits) {
        const inside =
          Math.max(
            0,
            Math.min(o.minute + o.length, f.start + length) - Math.max(o.minute, f.start),
          ) / o.length;
        f.fit += w * log(inside * peak + (1 - inside) * low, o.y);
      }
    }
  }
  return Object.assign(fits, { none });
}

/** `w` moved inside `span` (its overlap, or the span's nearest end of the same length). */
function clampInto(w: { start: number; end: number }, span: { start: number; end: number }) {
  const start = Math.max(w.start, span.start);
  const end = Math.min(w.end, span.end);
  if (end > start) return { start, end };
  const length = Math.min(w.end - w.start, span.end - span.start);
  return w.end <= span.start
    ? { start: span.start, end: span.start + length }
    : { start: span.end - length, end: span.end };
}

/** The minute-weighted mean of an hourly curve over [start, end). */
function meanOver(curve: readonly number[], w: { start: number; end: number }): number {
  let sum = 0;
  for (let h = Math.floor(w.start / 60); h < 24 && h * 60 < w.end; h++)
    sum += curve[h]! * inCell(w.start, w.end, h);
  return sum / Math.max(1, w.end - w.start);
}

/** The evidence in the hour cells [start, end) covers, each weighed by how much it covers. */
function evidenceOver(evidence: readonly number[], w: { start: number; end: number }): number {
  let sum = 0;
  for (let h = Math.floor(w.start / 60); h < 24 && h * 60 < w.end; h++)
    sum += (evidence[h]! * inCell(w.start, w.end, h)) / 60;
  return sum;
}

/** The window of `length` minutes inside `span` with the highest mean (earliest on a tie). */
function bestWindow(
  curve: readonly number[],
  evidence: readonly number[],
  span: { start: number; end: number },
  length: number,
): { start: number; end: number; mean: number; evidence: number } | null {
  if (length <= 0 || span.end - span.start < length) return null;
  let best: { start: number; end: number; mean: number; evidence: number } | null = null;
  const first = Math.ceil(span.start / STEP) * STEP;
  const starts = new Set([span.start, span.end - length]);
  for (let s = first; s + length <= span.end; s += STEP) starts.add(s);
  for (const start of [...starts].sort((a, b) => a - b)) {
    const w = { start, end: start + length };
    const mean = meanOver(curve, w);
    if (!best || mean > best.mean + 1e-9)
      best = { ...w, mean, evidence: evidenceOver(evidence, w) };
  }
  return best;
}

/** The pieces of `w` outside `cut` (none, one or two; none when `w` is empty). */
function outside<T extends { start: number; end: number }>(
  w: T,
  cut: { start: number; end: number },
): T[] {
  if (w.end <= w.start) return [];
  if (w.end <= cut.start || w.start >= cut.end) return [{ ...w }];
  const pieces: T[] = [];
  if (w.start < cut.start) pieces.push({ ...w, end: cut.start });
  if (w.end > cut.end) pieces.push({ ...w, start: cut.end });
  return pieces;
}

/**
 * The stated windows with the peak at `peak`: other windows give way where it now lies, and
 * the old peak becomes ordinary ("good") time. Sorted.
 */
function withPeak(windows: Prior["energyWindows"], peak: { start: number; end: number }): Window[] {
  const rest = windows.filter((w) => w.level !== "peak").flatMap((w) => outside(w, peak));
  return [...rest, { ...peak, level: "peak" as const }].sort((a, b) => a.start - b.start);
}
