import { recency } from "./learn-hours.ts";
import type { LearnedEstimate, Signal, TaskEnergy } from "./types.ts";
import { TASK_ENERGIES } from "./types.ts";

/** The stated ratio counts as this many finished tasks. */
const PRIOR_STRENGTH = 2;
/** Sage plans with a learned ratio once this many finished tasks' worth stand behind it… */
export const MIN_ESTIMATE_EVIDENCE = 3;
/** …and it differs from the stated one by at least this much. */
const MIN_CHANGE = 0.1;
/** A learned ratio stays within these bounds (one wild task cannot triple every block). */
export const RATIO_BOUNDS = { min: 0.75, max: 3 } as const;
/** Ratios are rounded to this step, so one more task does not resize every block. */
const ROUND = 0.05;

const clampLog = (r: number) => Math.log(Math.min(4, Math.max(0.25, r)));
const rounded = (r: number) =>
  Math.min(RATIO_BOUNDS.max, Math.max(RATIO_BOUNDS.min, Math.round(r / ROUND) * ROUND));

/**
 * How long the person's tasks really take against their estimates (issue 27): the geometric
 * mean of actual ÷ estimated minutes over finished tasks, shrunk toward the stated padding
 * (PRIOR_STRENGTH tasks' worth), recent tasks weighing more; per energy of work, shrunk toward
 * that overall ratio. Sage plans with it once MIN_ESTIMATE_EVIDENCE tasks' worth stand behind
 * it and it differs from the stated ratio by MIN_CHANGE; until then, with the stated one.
 */
export function learnEstimate(
  stated: number,
  signals: readonly Signal[],
  opts: { now: number },
): LearnedEstimate {
  let sum = 0;
  let weight = 0;
  const per = Object.fromEntries(TASK_ENERGIES.map((e) => [e, { sum: 0, weight: 0 }])) as Record<
    TaskEnergy,
    { sum: number; weight: number }
  >;
  for (const s of signals) {
    if (s.kind !== "finished" || s.estimateMinutes <= 0 || s.actualMinutes <= 0) continue;
    const w = recency(s.at, opts.now);
    const r = clampLog(s.actualMinutes / s.estimateMinutes);
    sum += w * r;
    weight += w;
    per[s.energy].sum += w * r;
    per[s.energy].weight += w;
  }
  const overall = (PRIOR_STRENGTH * Math.log(stated) + sum) / (PRIOR_STRENGTH + weight);
  const enough = weight >= MIN_ESTIMATE_EVIDENCE;
  const apply = (log: number) => {
    const r = rounded(Math.exp(log));
    return enough && Math.abs(r - stated) >= MIN_CHANGE - 1e-9 ? r : stated;
  };
  const byEnergy = Object.fromEntries(
    TASK_ENERGIES.map((e) => {
      const t = per[e];
      const log = (PRIOR_STRENGTH * overall + t.sum) / (PRIOR_STRENGTH + t.weight);
      return [e, { learned: apply(log), evidence: t.weight, raw: Math.exp(log) }];
    }),
  ) as LearnedEstimate["byEnergy"];
  return {
    stated,
    learned: apply(overall),
    raw: Math.exp(overall),
    evidence: weight,
    byEnergy,
    changed: TASK_ENERGIES.some((e) => byEnergy[e].learned !== stated),
  };
}
