import { eq } from "drizzle-orm";
import type { InsightsResponse, LearnedKey, SteerRequest } from "../../core/contract/insights.ts";
import { hoursOn, type PlanProfile } from "../../core/contract/plan-profile.ts";
import { describeLearned, type Insight, learn } from "../../core/learning/learn.ts";
import type { Learned, Prior, Steering } from "../../core/learning/types.ts";
import type { Db } from "../db/client.ts";
import { planStates } from "../db/schema.ts";
import { readSignals } from "./signals.ts";

export type StoredLearning = NonNullable<(typeof planStates.$inferSelect)["learned"]>;
type StoredSteering = (typeof planStates.$inferSelect)["steering"];

/** What the person said, as the model's prior. */
export function priorOf(plan: PlanProfile, padding: number): Prior {
  const hours: Prior["hours"] = {};
  for (let d = 1; d <= 7; d++) {
    const h = hoursOn(plan, d);
    if (h) hours[d] = h;
  }
  return { energyWindows: plan.energyWindows, hours, usualHours: plan.workingHours, padding };
}

const steeringOf = (stored: StoredSteering | undefined): Steering => ({
  hours: {
    off: stored?.hours.off ?? false,
    ...(stored?.hours.since ? { since: Date.parse(stored.hours.since) } : {}),
  },
  estimate: {
    off: stored?.estimate.off ?? false,
    ...(stored?.estimate.since ? { since: Date.parse(stored.estimate.since) } : {}),
  },
});

/**
 * The person's learned model as of `now`: their evidence (bounded, signals.ts), their
 * steering, and the peak the last plan used (so it does not flicker). Also answers what the
 * last plan stored, to tell whether the model changed since.
 */
export async function learnedModel(
  db: Db,
  opts: { userId: string; plan: PlanProfile; padding: number; now: Date },
): Promise<{ learned: Learned; steering: Steering; stored: StoredLearning | null }> {
  const [state] = await db
    .select({ steering: planStates.steering, learned: planStates.learned })
    .from(planStates)
    .where(eq(planStates.userId, opts.userId));
  const signals = await readSignals(db, opts.userId, opts.now);
  const steering = steeringOf(state?.steering);
  const learned = learn(priorOf(opts.plan, opts.padding), signals, {
    now: opts.now.getTime(),
    steering,
    current: state?.learned?.peak ?? null,
  });
  return { learned, steering, stored: state?.learned ?? null };
}

/** A fingerprint of everything learned that the plan uses: a new one re-plans every task. */
export function signatureOf(learned: Learned): string {
  return JSON.stringify({
    w: learned.hours.windows,
    d: learned.hours.dayWindows,
    p: learned.estimate.changed ? learned.estimate.byEnergy : null,
  });
}

/**
 * Remembers what this plan took from the model, and answers the changes that are new since
 * the last plan (each said once, as a plan note, by the caller).
 */
export async function rememberLearning(
  db: Db,
  opts: { userId: string; learned: Learned; insights: Insight[]; stored: StoredLearning | null },
): Promise<Insight[]> {
  const sentences = opts.insights.map((i) => i.sentence);
  const said = new Set(opts.stored?.sentences ?? []);
  const value: StoredLearning = {
    peak: opts.learned.hours.learnedPeak,
    signature: signatureOf(opts.learned),
    sentences,
  };
  await db
    .insert(planStates)
    .values({ userId: opts.userId, learned: value })
    .onConflictDoUpdate({ target: planStates.userId, set: { learned: value } });
  return opts.insights.filter((i) => !said.has(i.sentence));
}

/** The person's steering after one request ("undo", "off", "on") about `key`. */
export async function steer(
  db: Db,
  opts: { userId: string; key: LearnedKey; action: SteerRequest["action"]; now: Date },
): Promise<void> {
  const [state] = await db
    .select({ steering: planStates.steering })
    .from(planStates)
    .where(eq(planStates.userId, opts.userId))
    .for("update");
  const current: StoredSteering = state?.steering ?? {
    hours: { off: false },
    estimate: { off: false },
  };
  const one = { ...current[opts.key] };
  if (opts.action === "undo") one.since = opts.now.toISOString();
  else one.off = opts.action === "off";
  const next = { ...current, [opts.key]: one };
  await db
    .insert(planStates)
    .values({ userId: opts.userId, steering: next })
    .onConflictDoUpdate({ target: planStates.userId, set: { steering: next } });
}

const round = (x: number, step = 0.001) => Math.round(x / step) * step;

/** GET /api/insights' answer from a model (the person's only). */
export function insightsAnswer(
  model: { learned: Learned; steering: Steering },
  opts: { plan: PlanProfile; locale: string },
): InsightsResponse {
  const { learned, steering } = model;
  const { hours, estimate } = learned;
  const since = (t: number | undefined) => (t === undefined ? null : new Date(t).toISOString());
  const cells = (list: Learned["hours"]["curves"]["high"]) =>
    list.map((c) => ({
      hour: c.hour,
      stated: round(c.stated),
      learned: round(c.learned),
      evidence: round(c.evidence, 0.01),
    }));
  return {
    hours: {
      curves: {
        high: cells(hours.curves.high),
        medium: cells(hours.curves.medium),
        low: cells(hours.curves.low),
      },
      workingHours: opts.plan.workingHours,
      statedPeak: hours.statedPeak,
      learnedPeak: hours.learnedPeak,
      dayPeaks: Object.fromEntries(
        Object.entries(hours.dayPeaks).filter((e): e is [string, { start: number; end: number }] =>
          Boolean(e[1]),
        ),
      ),
      windows: hours.windows,
      dayWindows: Object.fromEntries(
        Object.entries(hours.dayWindows).filter(
          (e): e is [string, (typeof hours.windows)[number][]] => Boolean(e[1]),
        ),
      ),
      steer: { off: steering.hours.off, since: since(steering.hours.since) },
    },
    estimate: {
      stated: estimate.stated,
      learned: estimate.learned,
      seen: round(estimate.raw, 0.01),
      evidence: round(estimate.evidence, 0.01),
      byEnergy: {
        high: energyRow(estimate.byEnergy.high),
        medium: energyRow(estimate.byEnergy.medium),
        low: energyRow(estimate.byEnergy.low),
      },
      steer: { off: steering.estimate.off, since: since(steering.estimate.since) },
    },
    insights: describeLearned(learned, { locale: opts.locale }),
    counts: learned.counts,
  };
}

const energyRow = (e: { learned: number; raw: number; evidence: number }) => ({
  learned: e.learned,
  seen: round(e.raw, 0.01),
  evidence: round(e.evidence, 0.01),
});
