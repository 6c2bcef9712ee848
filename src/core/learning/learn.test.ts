import { describe, expect, it } from "vitest";
import { schedule } from "../scheduler/schedule.ts";
import type { SchedulerProfile } from "../scheduler/types.ts";
import { whyFacts, whySentence } from "../scheduler/why.ts";
import { describeLearned, learn, withLearned } from "./learn.ts";
import { learnEstimate } from "./learn-estimate.ts";
import { learnHours } from "./learn-hours.ts";
import { NO_STEERING, type Prior, type Signal, type TaskEnergy } from "./types.ts";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 26, 12);
const HOURS = { start: 540, end: 1020 }; // 9–17
const PRIOR: Prior = {
  energyWindows: [
    { start: 540, end: 720, level: "peak" }, // 9–12, as stated
    { start: 780, end: 900, level: "low" }, // 13–15
  ],
  hours: { 1: HOURS, 2: HOURS, 3: HOURS, 4: HOURS, 5: HOURS },
  usualHours: HOURS,
  padding: 1.25,
};

/** A small deterministic generator (mulberry32), for property checks without a library. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const ENERGIES: TaskEnergy[] = ["high", "medium", "low"];
function randomSignal(r: () => number): Signal {
  const energy = ENERGIES[Math.floor(r() * 3)]!;
  const block = {
    weekday: 1 + Math.floor(r() * 5),
    minute: 480 + Math.floor(r() * 20) * 30,
    lengthMinutes: 30 + Math.floor(r() * 4) * 30,
  };
  const at = NOW - Math.floor(r() * 40) * DAY;
  const k = r();
  if (k < 0.3) return { kind: "done", at, energy, block };
  if (k < 0.5) return { kind: "skipped", at, energy, block };
  if (k < 0.6) return { kind: "untouched", at, energy, block };
  if (k < 0.75) return { kind: "partly", at, energy, block, minutes: 10 + Math.floor(r() * 60) };
  if (k < 0.9)
    return {
      kind: "moved",
      at,
      energy,
      block,
      to: { weekday: block.weekday, minute: 480 + Math.floor(r() * 20) * 30 },
    };
  return {
    kind: "finished",
    at,
    energy,
    estimateMinutes: 30 + Math.floor(r() * 6) * 15,
    actualMinutes: 20 + Math.floor(r() * 12) * 15,
  };
}

const afternoonDone = (days: number, energy: TaskEnergy = "high"): Signal[] =>
  Array.from({ length: days }, (_, i) => [
    {
      kind: "done" as const,
      at: NOW - i * DAY,
      energy,
      block: { weekday: 1 + (i % 5), minute: 840, lengthMinutes: 120 },
    },
    {
      kind: "moved" as const,
      at: NOW - i * DAY,
      energy,
      block: { weekday: 1 + (i % 5), minute: 540, lengthMinutes: 120 },
      to: { weekday: 1 + (i % 5), minute: 840 },
    },
  ]).flat();

describe("learnHours", () => {
  it("gives back exactly what was stated without evidence", () => {
    const h = learnHours(PRIOR, [], { now: NOW });
    expect(h.windows).toEqual(PRIOR.energyWindows);
    expect(h.learnedPeak).toBeNull();
    expect(h.changed).toBe(false);
    for (const c of h.curves.high) expect(c.learned).toBe(c.stated);
    expect(h.curves.high[10]!.stated).toBeCloseTo(0.8);
    expect(h.curves.high[13]!.stated).toBeCloseTo(0.35);
    // a learned peak in use does not outlive its evidence (after Undo, there is none)
    const after = learnHours(PRIOR, [], { now: NOW, current: { start: 840, end: 1020 } });
    expect(after.learnedPeak).toBeNull();
    expect(after.windows).toEqual(PRIOR.energyWindows);
  });

  it("moves the peak to where hard work keeps getting done, the old peak and low hours becoming ordinary time", () => {
    const h = learnHours(PRIOR, afternoonDone(5), { now: NOW });
    expect(h.learnedPeak).toEqual({ start: 840, end: 1020 });
    // the stated low hour (13–14) is no better a guess than the stated peak was
    expect(h.windows).toEqual([{ start: 840, end: 1020, level: "peak" }]);
    expect(h.changed).toBe(true);
  });

  it("needs enough evidence: one afternoon does not move the peak", () => {
    const h = learnHours(PRIOR, afternoonDone(1), { now: NOW });
    expect(h.learnedPeak).toBeNull();
    expect(h.windows).toEqual(PRIOR.energyWindows);
  });

  it("keeps the stated peak when the evidence agrees with it", () => {
    const agree: Signal[] = Array.from({ length: 12 }, (_, i) => ({
      kind: "done",
      at: NOW - i * DAY,
      energy: "high",
      block: { weekday: 1 + (i % 5), minute: 570, lengthMinutes: 90 },
    }));
    const h = learnHours(PRIOR, agree, { now: NOW });
    expect(h.learnedPeak).toBeNull();
    expect(h.windows).toEqual(PRIOR.energyWindows);
  });

  it("moves a peak that sits an hour late: the whole window is judged by every block, not hour by hour", () => {
    // said afternoons, and mornings hard work low; Sage has moved hard work to 10–13, and since
    // then the person's 90-minute blocks from 10:00 get done, the ones from 11:30 run into a
    // bad hour and get skipped or moved to 9:00 and done there
    const said: Prior = {
      ...PRIOR,
      energyWindows: [
        { start: 540, end: 630, level: "low" },
        { start: 840, end: 1020, level: "peak" },
      ],
    };
    const days = (i: number): Signal[] => {
      const weekday = 1 + (i % 5);
      const at = NOW - i * DAY;
      return [
        { kind: "done", at, energy: "high", block: { weekday, minute: 600, lengthMinutes: 90 } },
        i % 2 === 0
          ? {
              kind: "moved",
              at,
              energy: "high",
              block: { weekday, minute: 690, lengthMinutes: 90 },
              to: { weekday, minute: 540 },
            }
          : {
              kind: "skipped",
              at,
              energy: "high",
              block: { weekday, minute: 690, lengthMinutes: 90 },
            },
        { kind: "skipped", at, energy: "high", block: { weekday, minute: 870, lengthMinutes: 90 } },
      ];
    };
    const signals = Array.from({ length: 8 }, (_, i) => days(i)).flat();
    const h = learnHours(said, signals, { now: NOW, current: { start: 600, end: 780 } });
    expect(h.learnedPeak).toEqual({ start: 540, end: 720 });
  });

  it("keeps a learned peak through a day's noise", () => {
    const settled: Signal[] = Array.from({ length: 10 }, (_, i) => ({
      kind: "done",
      at: NOW - (i + 1) * DAY,
      energy: "high",
      block: { weekday: 1 + (i % 5), minute: 840, lengthMinutes: 120 },
    }));
    const noise: Signal[] = [
      {
        kind: "skipped",
        at: NOW,
        energy: "high",
        block: { weekday: 4, minute: 840, lengthMinutes: 120 },
      },
      {
        kind: "done",
        at: NOW,
        energy: "high",
        block: { weekday: 4, minute: 600, lengthMinutes: 60 },
      },
    ];
    const h = learnHours(PRIOR, [...settled, ...noise], {
      now: NOW,
      current: { start: 840, end: 1020 },
    });
    expect(h.learnedPeak).toEqual({ start: 840, end: 1020 });
  });

  it("without a stated peak, finds one only from evidence", () => {
    const none: Prior = { ...PRIOR, energyWindows: [] };
    expect(learnHours(none, [], { now: NOW }).learnedPeak).toBeNull();
    expect(learnHours(none, afternoonDone(1), { now: NOW }).learnedPeak).toBeNull();
    // work done 14–16, moved there from the morning: a three-hour window holding it
    const found = learnHours(none, afternoonDone(5), { now: NOW }).learnedPeak;
    expect(found!.start).toBeLessThanOrEqual(840);
    expect(found!.end).toBeGreaterThanOrEqual(960);
    expect(found!.end - found!.start).toBe(180);
  });

  it("gives a weekday its own peak once that day has evidence of its own", () => {
    const fridays: Signal[] = Array.from({ length: 6 }, (_, i) => [
      {
        kind: "done" as const,
        at: NOW - i * 7 * DAY,
        energy: "high" as const,
        block: { weekday: 5, minute: 840, lengthMinutes: 120 },
      },
      {
        kind: "skipped" as const,
        at: NOW - i * 7 * DAY,
        energy: "high" as const,
        block: { weekday: 5, minute: 540, lengthMinutes: 120 },
      },
      // the other days, mornings work as the person said
      ...[1, 2, 3, 4].map((weekday) => ({
        kind: "done" as const,
        at: NOW - i * 7 * DAY,
        energy: "high" as const,
        block: { weekday, minute: 540, lengthMinutes: 120 },
      })),
    ]).flat();
    const h = learnHours(PRIOR, fridays, { now: NOW });
    expect(h.dayPeaks[5]).toEqual({ start: 840, end: 1020 });
    expect(h.dayWindows[5]?.find((w) => w.level === "peak")).toEqual({
      start: 840,
      end: 1020,
      level: "peak",
    });
    expect(h.dayPeaks[1]).toBeUndefined();
    expect(h.learnedPeak).toBeNull();
  });

  it("never moves an hour the wrong way: a done raises it, a skip lowers it (property)", () => {
    for (let seed = 1; seed <= 60; seed++) {
      const r = rng(seed);
      const base = Array.from({ length: Math.floor(r() * 40) }, () => randomSignal(r));
      const energy = ENERGIES[Math.floor(r() * 3)]!;
      const block = { weekday: 2, minute: 600 + Math.floor(r() * 10) * 30, lengthMinutes: 60 };
      const hour = Math.floor(block.minute / 60);
      const before = learnHours(PRIOR, base, { now: NOW }).curves[energy][hour]!.learned;
      const done = learnHours(PRIOR, [...base, { kind: "done", at: NOW, energy, block }], {
        now: NOW,
      }).curves[energy][hour]!.learned;
      const skipped = learnHours(PRIOR, [...base, { kind: "skipped", at: NOW, energy, block }], {
        now: NOW,
      }).curves[energy][hour]!.learned;
      expect(done).toBeGreaterThanOrEqual(before - 1e-12);
      expect(skipped).toBeLessThanOrEqual(before + 1e-12);
    }
  });

  it("weighs recent evidence more: the same skips long ago move an hour less", () => {
    const skips = (ago: number): Signal[] =>
      Array.from({ length: 5 }, () => ({
        kind: "skipped",
        at: NOW - ago * DAY,
        energy: "high",
        block: { weekday: 1, minute: 600, lengthMinutes: 60 },
      }));
    const recent = learnHours(PRIOR, skips(1), { now: NOW }).curves.high[10]!.learned;
    const old = learnHours(PRIOR, skips(60), { now: NOW }).curves.high[10]!.learned;
    expect(recent).toBeLessThan(old);
    expect(old).toBeLessThan(0.8);
  });

  it("is deterministic", () => {
    const r = rng(7);
    const signals = Array.from({ length: 200 }, () => randomSignal(r));
    expect(learnHours(PRIOR, signals, { now: NOW })).toEqual(
      learnHours(PRIOR, [...signals], { now: NOW }),
    );
  });
});

describe("learnEstimate", () => {
  const finished = (n: number, ratio: number, energy: TaskEnergy = "medium"): Signal[] =>
    Array.from({ length: n }, (_, i) => ({
      kind: "finished",
      at: NOW - i * DAY,
      energy,
      estimateMinutes: 60,
      actualMinutes: 60 * ratio,
    }));

  it("is the stated padding without evidence, and with too little", () => {
    expect(learnEstimate(1.25, [], { now: NOW })).toMatchObject({
      learned: 1.25,
      raw: 1.25,
      changed: false,
    });
    expect(learnEstimate(1.25, finished(2, 2), { now: NOW }).learned).toBe(1.25);
  });

  it("learns that hour-long tasks take 90 minutes", () => {
    const e = learnEstimate(1.25, finished(8, 1.5), { now: NOW });
    expect(e.learned).toBeGreaterThanOrEqual(1.4);
    expect(e.learned).toBeLessThanOrEqual(1.5);
    expect(e.changed).toBe(true);
  });

  it("learns per energy once there is evidence for it", () => {
    const e = learnEstimate(1.25, [...finished(6, 2, "high"), ...finished(6, 1, "low")], {
      now: NOW,
    });
    expect(e.byEnergy.high.learned).toBeGreaterThan(e.learned);
    expect(e.byEnergy.low.learned).toBeLessThan(e.learned);
  });

  it("an overrun never lowers the ratio, a quick finish never raises it (property)", () => {
    for (let seed = 1; seed <= 60; seed++) {
      const r = rng(seed * 13);
      const base = Array.from({ length: Math.floor(r() * 30) }, () => randomSignal(r));
      const before = learnEstimate(1.25, base, { now: NOW }).raw;
      const over = learnEstimate(
        1.25,
        [
          ...base,
          {
            kind: "finished",
            at: NOW,
            energy: "high",
            estimateMinutes: 60,
            actualMinutes: 60 * before + 30,
          },
        ],
        { now: NOW },
      ).raw;
      const quick = learnEstimate(
        1.25,
        [
          ...base,
          { kind: "finished", at: NOW, energy: "high", estimateMinutes: 60, actualMinutes: 20 },
        ],
        { now: NOW },
      ).raw;
      expect(over).toBeGreaterThanOrEqual(before - 1e-12);
      expect(quick).toBeLessThanOrEqual(before + 1e-12);
    }
  });

  it("keeps within bounds whatever one task took", () => {
    const e = learnEstimate(
      1.25,
      Array.from({ length: 10 }, () => ({
        kind: "finished" as const,
        at: NOW,
        energy: "high" as const,
        estimateMinutes: 10,
        actualMinutes: 600,
      })),
      { now: NOW },
    );
    expect(e.learned).toBeLessThanOrEqual(3);
  });
});

describe("learn, steering and words", () => {
  const signals = [
    ...afternoonDone(5),
    ...Array.from({ length: 6 }, (_, i) => ({
      kind: "finished" as const,
      at: NOW - i * DAY,
      energy: "high" as const,
      estimateMinutes: 60,
      actualMinutes: 90,
    })),
  ];

  it("says every change in words", () => {
    const model = learn(PRIOR, signals, { now: NOW, steering: NO_STEERING });
    const words = describeLearned(model, { locale: "en-US" });
    expect(words.map((w) => w.key)).toEqual(["hours", "estimate"]);
    // Intl writes thin and narrow no-break spaces around the times
    expect(words[0]!.sentence.replace(/\s/g, " ")).toBe(
      "You get hard work done more often 2 – 5 PM than in the peak you gave (9 AM – 12 PM): Sage now plans it there. The low hours you gave (1 – 2 PM) are now ordinary time, to see how steady work goes there.",
    );
    expect(model.hours.freedLow).toEqual([{ start: 780, end: 840 }]);
    expect(words[1]!.sentence).toMatch(/^Your tasks take .*more than the 1\.25× Sage allowed/);
    expect(model.counts).toMatchObject({ done: 5, moved: 5, finished: 6, skipped: 0 });
  });

  it("says so plainly when the stated peak fails but no better hours were seen yet", () => {
    const skips: Signal[] = Array.from({ length: 6 }, (_, i) => ({
      kind: "skipped",
      at: NOW - i * DAY,
      energy: "high",
      block: { weekday: 1 + (i % 5), minute: 540, lengthMinutes: 120 },
    }));
    const model = learn(PRIOR, skips, { now: NOW, steering: NO_STEERING });
    expect(model.hours.learnedPeak).not.toBeNull();
    expect(model.hours.peakSeen).toBe(false);
    const [words] = describeLearned(model, { locale: "en-GB" });
    expect(words!.sentence).toMatch(
      /^Hard work planned in the peak you gave \(09–12\) often doesn't get done: Sage now tries /,
    );
  });

  it("Undo forgets the evidence so far; 'don't learn this' keeps the stated profile", () => {
    const undone = learn(PRIOR, signals, {
      now: NOW,
      steering: { hours: { off: false, since: NOW + 1 }, estimate: { off: false } },
    });
    expect(undone.hours.changed).toBe(false);
    expect(undone.estimate.changed).toBe(true);
    const off = learn(PRIOR, signals, {
      now: NOW,
      steering: { hours: { off: false }, estimate: { off: true } },
    });
    expect(off.estimate.learned).toBe(1.25);
    expect(off.estimate.raw).toBeGreaterThan(1.25); // still seen, not applied
    expect(off.hours.changed).toBe(true);
    expect(describeLearned(off, { locale: "en-US" }).map((w) => w.key)).toEqual(["hours"]);
  });

  it("the scheduler plans hard work in the learned peak, sized by the learned ratio, and says so", () => {
    const base: SchedulerProfile = {
      timezone: "UTC",
      workingDays: [1, 2, 3, 4, 5],
      workingHours: HOURS,
      energyWindows: PRIOR.energyWindows.map((w) => ({ ...w })),
      focusBlockMinutes: 90,
      breakMinutes: 10,
      bufferMinutes: 10,
      dailyLoadCapMinutes: 360,
      estimatePadding: 1.25,
    };
    const profile = withLearned(base, learn(PRIOR, signals, { now: NOW, steering: NO_STEERING }));
    const task = {
      id: "t",
      title: "Write the report",
      estimatedMinutes: 60,
      priority: "high" as const,
      energy: "high" as const,
      splittable: false,
      minChunkMinutes: 30,
    };
    const monday = Date.UTC(2026, 10, 30, 7); // Monday 07:00 UTC
    const plan = (p: SchedulerProfile) =>
      schedule({ profile: p, busy: [], tasks: [task], locked: [], now: monday, horizonDays: 1 })
        .placed;
    const [stated] = plan(base);
    const [learned] = plan(profile);
    expect(new Date(stated!.start).getUTCHours()).toBe(9);
    expect((stated!.end - stated!.start) / 60_000).toBe(75);
    expect(new Date(learned!.start).getUTCHours()).toBeGreaterThanOrEqual(14);
    const minutes = (learned!.end - learned!.start) / 60_000;
    expect(minutes).toBeGreaterThanOrEqual(85);
    const why = whySentence(whyFacts(learned!, task, profile), {
      locale: "en-US",
      zone: "UTC",
      profiled: true,
    });
    expect(why).toContain("as Sage has seen you work");
    expect(why).toContain(`planned 1 h ${minutes - 60}`);
    expect(why).toContain("your hard work usually takes");
  });
});
