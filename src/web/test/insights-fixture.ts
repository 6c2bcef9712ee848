import type { InsightsResponse } from "../../core/contract/insights.ts";

/** GET /api/insights for the web tests: a person with no evidence yet, and helpers to vary it. */
export const cells = (learned: (h: number) => number, evidence: (h: number) => number) =>
  Array.from({ length: 24 }, (_, hour) => ({
    hour,
    stated: hour >= 9 && hour < 12 ? 0.8 : 0.6,
    learned: learned(hour),
    evidence: evidence(hour),
  }));
export const none = { done: 0, partly: 0, skipped: 0, moved: 0, untouched: 0, finished: 0 };
export const stated: InsightsResponse = {
  hours: {
    curves: {
      high: cells(
        (h) => (h >= 9 && h < 12 ? 0.8 : 0.6),
        () => 0,
      ),
      medium: cells(
        () => 0.7,
        () => 0,
      ),
      low: cells(
        () => 0.75,
        () => 0,
      ),
    },
    workingHours: { start: 540, end: 1020 },
    statedPeak: { start: 540, end: 720 },
    learnedPeak: null,
    dayPeaks: {},
    windows: [{ start: 540, end: 720, level: "peak" }],
    dayWindows: {},
    steer: { off: false, since: null },
  },
  estimate: {
    stated: 1.25,
    learned: 1.25,
    seen: 1.25,
    evidence: 0,
    byEnergy: {
      high: { learned: 1.25, seen: 1.25, evidence: 0 },
      medium: { learned: 1.25, seen: 1.25, evidence: 0 },
      low: { learned: 1.25, seen: 1.25, evidence: 0 },
    },
    steer: { off: false, since: null },
  },
  insights: [],
  counts: none,
};
