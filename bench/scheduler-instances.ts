/**
 * Seeded random calendars for the scheduler benchmark. Same seed, same instance, on any
 * machine: the PRNG is mulberry32 and every instant is built with luxon in the zone.
 */
import { DateTime } from "luxon";
import type {
  EnergyLevel,
  Interval,
  ScheduleInput,
  SchedulerProfile,
  SchedulerTask,
} from "../src/core/scheduler/types.ts";

export const ZONE = "Europe/Berlin";
export const MINUTE = 60_000;
/** Monday 12 January 2026, 08:00 in Berlin: no DST change in the next four weeks. */
const MONDAY_8AM = DateTime.fromISO("2026-01-12T08:00", { zone: ZONE });

export type Random = {
  next: () => number;
  int: (lo: number, hi: number) => number;
  pick: <T>(items: readonly T[]) => T;
};

export function random(seed: number): Random {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, int, pick: (items) => items[Math.floor(next() * items.length)]! };
}

const PRIORITIES = ["low", "medium", "high"] as const;
const ENERGIES = ["low", "medium", "high"] as const;

/** A local instant: day offset from the start Monday, minutes from local midnight. */
const localAt = (day: number, minutes: number) =>
  MONDAY_8AM.startOf("day").plus({ days: day, minutes }).toMillis();

/**
 * The speed instance: four weeks, ~500 events and 200 tasks. A busy knowledge worker:
 * a daily stand-up, 6–12 meetings a working day (15–90 min, some double-booked), and
 * evening, early-morning and weekend events from a personal calendar to make up 500.
 */
export function largeInstance(seed: number): ScheduleInput {
  const r = random(seed);
  const busy: Interval[] = [];
  const add = (day: number, minutes: number, length: number) =>
    busy.push({ start: localAt(day, minutes), end: localAt(day, minutes) + length * MINUTE });
  for (let day = 0; day < 28; day++) {
    if (day % 7 >= 5) continue;
    add(day, 9 * 60 + 30, 15); // stand-up
    for (let i = r.int(6, 12); i > 0; i--) {
      add(day, r.int(8 * 4, 17 * 4) * 15, r.pick([15, 30, 30, 30, 45, 60, 60, 90]));
    }
  }
  while (busy.length < 500) {
    const day = r.int(0, 27);
    const weekend = day % 7 >= 5;
    const minutes = weekend ? r.int(8 * 4, 21 * 4) * 15 : r.pick([r.int(6, 7), r.int(18, 21)]) * 60;
    add(day, minutes, r.pick([30, 60, 90, 120]));
  }
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
    bufferMinutes: 10,
    dailyLoadCapMinutes: 300,
    estimatePadding: 1.25,
  };
  const tasks: SchedulerTask[] = Array.from({ length: 200 }, (_, i) => ({
    id: `t${String(i).padStart(3, "0")}`,
    title: `Task ${i}`,
    estimatedMinutes: r.pick([15, 20, 30, 45, 60, 60, 90, 120, 180, 240]),
    priority: r.pick(PRIORITIES),
    energy: r.pick(ENERGIES),
    splittable: r.next() < 0.7,
    minChunkMinutes: r.pick([15, 25, 30]),
    ...(r.next() < 0.4 ? { deadline: localAt(r.int(0, 27), r.int(10, 18) * 60) } : {}),
  }));
  return {
    profile,
    busy,
    tasks,
    locked: [],
    now: MONDAY_8AM.toMillis(),
    horizonDays: 28,
  };
}

/**
 * A small instance the exact model can solve: 3–6 tasks over 2–3 working days, a few
 * events. Every time, length, buffer and break is a multiple of `grid` minutes, so the
 * scheduler's plan (it works on a 5-minute grid) is always a point of the model's grid and
 * the model's optimum is a true upper bound on our score.
 */
export function smallInstance(seed: number, grid: 15 | 30): ScheduleInput {
  const r = random(seed * 7919 + grid);
  const days = r.int(2, 3);
  const startHour = r.pick([8, 9, 9, 10]);
  const peakStart = startHour + r.int(0, 1);
  const windows: { start: number; end: number; level: EnergyLevel }[] = [
    { start: peakStart * 60, end: (peakStart + r.int(2, 3)) * 60, level: "peak" },
    { start: 13 * 60 + r.pick([0, 60]), end: 15 * 60 + r.pick([0, 60]), level: "low" },
  ];
  const profile: SchedulerProfile = {
    timezone: ZONE,
    workingDays: [1, 2, 3, 4, 5],
    workingHours: { start: startHour * 60, end: (startHour + 8) * 60 },
    energyWindows: windows,
    focusBlockMinutes: r.pick([45, 60, 90]),
    breakMinutes: r.pick([0, grid]),
    bufferMinutes: r.pick([0, grid]),
    dailyLoadCapMinutes: r.pick([180, 240, 300]),
    estimatePadding: 1.25,
  };
  const busy: Interval[] = [];
  for (let day = 0; day < days; day++) {
    for (let i = r.int(1, 4); i > 0; i--) {
      const slots = (8 * 60) / grid;
      const start = profile.workingHours.start + r.int(0, slots - 1) * grid;
      const length = r.pick(grid === 15 ? [30, 45, 60, 90] : [30, 60, 90]);
      busy.push({ start: localAt(day, start), end: localAt(day, start) + length * MINUTE });
    }
  }
  // padded minutes (estimate × 1.25): multiples of the grid
  const padded = grid === 15 ? [45, 60, 90, 120, 150, 180] : [60, 90, 120, 150, 180];
  const tasks: SchedulerTask[] = Array.from({ length: r.int(3, 6) }, (_, i) => {
    const hasDeadline = r.next() < 0.5;
    return {
      id: `t${i}`,
      title: `Task ${i}`,
      estimatedMinutes: (r.pick(padded) * 4) / 5,
      priority: r.pick(PRIORITIES),
      energy: r.pick(ENERGIES),
      splittable: r.next() < 0.7,
      minChunkMinutes: r.pick(grid === 15 ? [15, 30, 45] : [30, 60]),
      ...(hasDeadline
        ? { deadline: localAt(r.int(0, days - 1), r.pick([12, 15, 17, 18]) * 60) }
        : {}),
    };
  });
  if (grid === 30) profile.focusBlockMinutes = r.pick([60, 90]);
  return { profile, busy, tasks, locked: [], now: MONDAY_8AM.toMillis(), horizonDays: days };
}

/** One new meeting, an hour long, at a random grid-aligned working time in the horizon. */
export function oneMoreMeeting(input: ScheduleInput, seed: number, grid: number): Interval {
  const r = random(seed * 31 + 7);
  const p = input.profile;
  const days = Math.max(1, Math.min(input.horizonDays, 5));
  const slots = (p.workingHours.end - p.workingHours.start - 60) / grid;
  const start = localAt(r.int(0, days - 1), p.workingHours.start + r.int(0, slots) * grid);
  return { start, end: start + 60 * MINUTE };
}
