import { z } from "zod";
import { ENERGY_LEVELS } from "./productivity.ts";

/** What a piece of evidence is (issue 27; src/core/learning/types.ts reads them). */
export const SIGNAL_KINDS = [
  "done",
  "partly",
  "skipped",
  "moved",
  "untouched",
  "finished",
] as const;
/** Where it came from: Today, the week view, the assistant, the person's own calendar, Sage. */
export const SIGNAL_SOURCES = ["today", "week", "assistant", "calendar", "tasks", "sage"] as const;
export type SignalSource = (typeof SIGNAL_SOURCES)[number];

/** The two things Sage learns, each of which the person can undo or switch off. */
export const LEARNED_KEYS = ["hours", "estimate"] as const;
export type LearnedKey = (typeof LEARNED_KEYS)[number];
export const learnedKey = z.enum(LEARNED_KEYS, { error: "must be hours or estimate" });

/**
 * POST /api/insights/:key — "undo": forget the evidence so far (Sage plans as stated until it
 * sees more); "off": don't learn this; "on": learn it again.
 */
export const STEER_ACTIONS = ["undo", "off", "on"] as const;
export const steerRequest = z.strictObject({
  action: z.enum(STEER_ACTIONS, { error: "action must be one of undo, off, on" }),
});
export type SteerRequest = z.infer<typeof steerRequest>;

const TASK_ENERGY = ["high", "medium", "low"] as const;
const minuteOfDay = z.number().int().min(0).max(1440);
const span = z.object({ start: minuteOfDay, end: minuteOfDay });
const hourCell = z.object({
  hour: z.number().int().min(0).max(23),
  stated: z.number().min(0).max(1),
  learned: z.number().min(0).max(1),
  evidence: z.number().min(0),
});
const steer = z.object({ off: z.boolean(), since: z.string().nullable() });

/** GET /api/insights: what Sage has learned of how the person works, and what it rests on. */
export const insightsResponse = z.object({
  hours: z.object({
    /** The chance each energy of work gets done at each hour 0–23: said, and seen. */
    curves: z.record(z.enum(TASK_ENERGY), z.array(hourCell).length(24)),
    workingHours: span,
    statedPeak: span.nullable(),
    learnedPeak: span.nullable(),
    /** ISO weekday ("1"–"7") → that day's own learned peak. */
    dayPeaks: z.partialRecord(z.enum(["1", "2", "3", "4", "5", "6", "7"]), span),
    /** The windows Sage plans with every working day (learned, or as stated)… */
    windows: z.array(span.extend({ level: z.enum(ENERGY_LEVELS) })),
    /** …and on weekdays with a learned peak of their own (ISO weekday "1"–"7"). */
    dayWindows: z.partialRecord(
      z.enum(["1", "2", "3", "4", "5", "6", "7"]),
      z.array(span.extend({ level: z.enum(ENERGY_LEVELS) })),
    ),
    steer,
  }),
  estimate: z.object({
    stated: z.number(),
    learned: z.number(),
    /** What the evidence says, before thresholds (shown beside what Sage plans with). */
    seen: z.number(),
    evidence: z.number().min(0),
    byEnergy: z.record(
      z.enum(TASK_ENERGY),
      z.object({ learned: z.number(), seen: z.number(), evidence: z.number().min(0) }),
    ),
    steer,
  }),
  /** Every change the evidence made to the plan, in words. */
  insights: z.array(
    z.object({ key: learnedKey, sentence: z.string(), evidence: z.number().min(0) }),
  ),
  /** The evidence behind the model, by kind (after Undo). */
  counts: z.record(z.enum(SIGNAL_KINDS), z.number().int().min(0)),
});
export type InsightsResponse = z.infer<typeof insightsResponse>;
