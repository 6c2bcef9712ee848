import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { overlaps } from "./intervals.ts";
import {
  type PlaceRoutinesInput,
  placeRoutines,
  type SchedulerRoutine,
  type Session,
} from "./place-routines.ts";
import { routineWhy } from "./routine-why.ts";
import type { Interval, SchedulerProfile } from "./types.ts";

const ZONE = "Europe/London";
const MIN = 60_000;
const profile: SchedulerProfile = {
  timezone: ZONE,
  workingDays: [1, 2, 3, 4, 5],
  workingHours: { start: 9 * 60, end: 17 * 60 },
  energyWindows: [
    { start: 9 * 60, end: 12 * 60, level: "peak" },
    { start: 13 * 60, end: 15 * 60, level: "low" },
  ],
  focusBlockMinutes: 50,
  breakMinutes: 10,
  bufferMinutes: 15,
  dailyLoadCapMinutes: 300,
  estimatePadding: 1.2,
};
// Monday 2026-11-23 05:00 in London
const monday = DateTime.fromISO("2026-11-23T05:00", { zone: ZONE }).toMillis();
const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toMillis();
const local = (t: number) => DateTime.fromMillis(t, { zone: ZONE });
const label = (s: Interval) => local(s.start).toFormat("ccc HH:mm");

const gym: SchedulerRoutine = {
  id: "gym",
  title: "Gym",
  minutes: 60,
  timesPerWeek: 3,
  days: [1, 2, 3, 4, 5],
  window: { start: 6 * 60, end: 9 * 60 },
  energy: "medium",
};

const base = (over: Partial<PlaceRoutinesInput> = {}): PlaceRoutinesInput => ({
  profile,
  routines: [gym],
  busy: [],
  held: [],
  now: monday,
  horizonDays: 7,
  ...over,
});

describe("placeRoutines", () => {
  it("spreads a week's sessions over different days, at the start of the window", () => {
    const { placed, unplaced } = placeRoutines(base());
    expect(placed.map(label)).toEqual(["Mon 06:00", "Wed 06:00", "Fri 06:00"]);
    expect(placed.map((p) => [p.nth, p.of])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(unplaced).toEqual([]);
  });

  it("keeps clear of busy time and its buffer", () => {
    const busy = [{ start: at("2026-11-25T06:00"), end: at("2026-11-25T07:30") }];
    const { placed } = placeRoutines(base({ busy }));
    expect(placed.map(label)).toEqual(["Mon 06:00", "Wed 07:45", "Fri 06:00"]);
  });

  it("goes to another day when a day's window is full", () => {
    const busy = [{ start: at("2026-11-25T05:00"), end: at("2026-11-25T09:00") }];
    const { placed } = placeRoutines(base({ busy }));
    expect(placed.some((p) => local(p.start).weekday === 3)).toBe(false);
    expect(placed).toHaveLength(3);
  });

  it("puts high-energy sessions in the peak when the window holds it", () => {
    const run: SchedulerRoutine = {
      ...gym,
      id: "run",
      energy: "high",
      window: { start: 7 * 60, end: 12 * 60 },
      timesPerWeek: 1,
    };
    const { placed } = placeRoutines(base({ routines: [run] }));
    expect(placed.map(label)).toEqual(["Mon 09:00"]);
    expect(routineWhy(placed[0]!, run, { locale: "en-GB", zone: ZONE })).toBe(
      "Gym, 1 of 1 this week: your 07–12 window, Mon — your peak hours, for the effort it takes",
    );
  });

  it("keeps last plan's sessions where they still fit, and moves only the one a meeting hit", () => {
    const previous: Session[] = [
      { routineId: "gym", start: at("2026-11-24T07:00"), end: at("2026-11-24T08:00") },
      { routineId: "gym", start: at("2026-11-26T07:00"), end: at("2026-11-26T08:00") },
      { routineId: "gym", start: at("2026-11-27T07:00"), end: at("2026-11-27T08:00") },
    ];
    const first = placeRoutines(base({ previous }));
    expect(first.placed.map(label)).toEqual(["Tue 07:00", "Thu 07:00", "Fri 07:00"]);
    expect(first.placed.every((p) => p.kept)).toBe(true);
    const meeting = { start: at("2026-11-26T07:00"), end: at("2026-11-26T08:30") };
    const again = placeRoutines(base({ previous, busy: [meeting] }));
    const moved = again.placed.filter((p) => !p.kept);
    expect(moved).toHaveLength(1);
    expect(overlaps(moved[0]!, meeting)).toBe(false);
    expect(again.placed.filter((p) => p.kept).map(label)).toEqual(["Tue 07:00", "Fri 07:00"]);
    // the moved one goes on a day of its own
    expect(new Set(again.placed.map((p) => local(p.start).toISODate())).size).toBe(3);
  });

  it("counts sessions already held this week", () => {
    const held: Session[] = [
      { routineId: "gym", start: at("2026-11-23T06:00"), end: at("2026-11-23T07:00") },
    ];
    const now = at("2026-11-23T10:00");
    const { placed } = placeRoutines(base({ held, now }));
    expect(placed).toHaveLength(2);
    expect(placed.map((p) => p.nth)).toEqual([2, 3]);
    expect(placed.some((p) => local(p.start).weekday === 1)).toBe(false);
  });

  it("a skipped day counts for its week and gets no session", () => {
    const skipped = [{ routineId: "gym", date: "2026-11-23" }];
    const { placed, unplaced } = placeRoutines(base({ skipped }));
    expect(placed.map(label)).toEqual(["Wed 06:00", "Fri 06:00"]);
    expect(placed.map((p) => p.nth)).toEqual([2, 3]);
    expect(unplaced).toEqual([]);
  });

  it("says plainly when a week cannot hold them all", () => {
    const twice: SchedulerRoutine = { ...gym, days: [2, 4], timesPerWeek: 2 };
    const busy = [{ start: at("2026-11-26T00:00"), end: at("2026-11-26T12:00") }];
    const { placed, unplaced } = placeRoutines(base({ routines: [twice], busy }));
    expect(placed.map(label)).toEqual(["Tue 06:00"]);
    expect(unplaced).toEqual([
      {
        routineId: "gym",
        week: "2026-11-23",
        placed: 1,
        wanted: 2,
        reason: expect.stringMatching(
          /^1 of its 2 sessions fit this week, as .*06:00 and 09:00.*next week starts fresh/,
        ),
      },
    ]);
  });

  it("places only the horizon's days of a week it cuts, spread as the whole week", () => {
    const thursday = at("2026-11-26T10:00");
    const { placed, unplaced } = placeRoutines(base({ now: thursday, horizonDays: 7 }));
    // this week: Fri only is left (one day, no more than that fits); next week: Mon and Wed
    // are in the horizon (to Wed), Fri waits for the next plan
    expect(placed.map((p) => local(p.start).toFormat("ccc d"))).toEqual([
      "Fri 27",
      "Mon 30",
      "Wed 2",
    ]);
    expect(unplaced.map((u) => u.week)).toEqual(["2026-11-23"]);
    // added on a Thursday after its window: the week's other days have passed, not filled up
    expect(unplaced[0]?.reason).toBe(
      "1 of its 3 sessions fit this week, as the rest of its days this week have passed. That's all right — next week starts fresh.",
    );
  });

  it("never places before now", () => {
    const now = at("2026-11-23T06:20");
    const { placed } = placeRoutines(base({ now }));
    expect(placed[0]!.start).toBeGreaterThanOrEqual(now);
    expect(label(placed[0]!)).toBe("Mon 06:20");
  });

  it("is deterministic", () => {
    expect(placeRoutines(base())).toEqual(placeRoutines(base()));
  });
});

describe("placeRoutines — property checks on random calendars", () => {
  function rng(seed: number) {
    let s = seed >>> 0;
    return () => {
      s = (s * 1664525 + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  }
  it("keeps every rule on 300 random instances", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const r = rng(seed);
      const busy: Interval[] = [];
      for (let i = 0; i < Math.floor(r() * 30); i++) {
        const start = monday + Math.floor(r() * 14 * 24 * 4) * 15 * MIN;
        busy.push({ start, end: start + (15 + Math.floor(r() * 12) * 15) * MIN });
      }
      const routines: SchedulerRoutine[] = Array.from(
        { length: 1 + Math.floor(r() * 5) },
        (_, i) => {
          const days = [1, 2, 3, 4, 5, 6, 7].filter(() => r() > 0.4);
          if (days.length === 0) days.push(1 + Math.floor(r() * 7));
          const start = Math.floor(r() * 20) * 60;
          const end = Math.min(24 * 60, start + 60 + Math.floor(r() * 6) * 60);
          return {
            id: `r${i}`,
            title: `R${i}`,
            minutes: 15 + Math.floor(r() * ((end - start - 15) / 15)) * 15,
            timesPerWeek: 1 + Math.floor(r() * days.length),
            days,
            window: { start, end },
            energy: (["low", "medium", "high"] as const)[Math.floor(r() * 3)]!,
          };
        },
      );
      const input = base({
        busy,
        routines,
        now: monday + Math.floor(r() * 96) * 30 * MIN,
        horizonDays: 1 + Math.floor(r() * 14),
        profile: { ...profile, bufferMinutes: Math.floor(r() * 4) * 5 },
      });
      const { placed, unplaced } = placeRoutines(input);
      const buffer = input.profile.bufferMinutes * MIN;
      const horizonEnd = local(input.now)
        .startOf("day")
        .plus({ days: input.horizonDays })
        .toMillis();
      for (const s of placed) {
        const routine = routines.find((x) => x.id === s.routineId)!;
        const day = local(s.start).startOf("day");
        expect(s.start).toBeGreaterThanOrEqual(input.now);
        expect(s.end).toBeLessThanOrEqual(horizonEnd);
        expect(s.end - s.start).toBe(routine.minutes * MIN);
        // never outside the window, never on a day it does not allow
        expect(routine.days).toContain(day.weekday);
        expect(s.start).toBeGreaterThanOrEqual(
          day.plus({ minutes: routine.window.start }).toMillis(),
        );
        expect(s.end).toBeLessThanOrEqual(day.plus({ minutes: routine.window.end }).toMillis());
        // never over busy time or its buffer
        for (const b of busy)
          expect(overlaps(s, { start: b.start - buffer, end: b.end + buffer })).toBe(false);
        // never over another session
        for (const o of placed) if (o !== s) expect(overlaps(s, o)).toBe(false);
      }
      for (const routine of routines) {
        const mine = placed.filter((s) => s.routineId === routine.id);
        // never two sessions of one routine on one day
        const days = mine.map((s) => local(s.start).toISODate());
        expect(new Set(days).size).toBe(days.length);
        // never more than asked in a week
        const weeks = new Map<string, number>();
        for (const s of mine) weeks.set(s.week, (weeks.get(s.week) ?? 0) + 1);
        for (const n of weeks.values()) expect(n).toBeLessThanOrEqual(routine.timesPerWeek);
      }
      for (const u of unplaced) {
        expect(u.placed).toBeLessThan(u.wanted);
        expect(u.reason.length).toBeGreaterThan(20);
      }
    }
  });
});
