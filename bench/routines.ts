/**
 * Routines benchmark (npm run bench:routines), side by side in one run: the planner's pure
 * work for a plan without routines (schedule() alone) and the same plan with 5 routines
 * (placeRoutines() first, its sessions busy time for schedule()), on the scheduler bench's
 * seeded instances (four weeks, ~500 events, 200 tasks; bench/scheduler-instances.ts).
 * Prints median and p95 of each and the ratio. BENCH_SEEDS (default 5), BENCH_RUNS (7).
 */
import os from "node:os";
import { placeRoutines, type SchedulerRoutine } from "../src/core/scheduler/place-routines.ts";
import { schedule } from "../src/core/scheduler/schedule.ts";
import type { ScheduleInput } from "../src/core/scheduler/types.ts";
import { largeInstance } from "./scheduler-instances.ts";

const SEEDS = Number(process.env.BENCH_SEEDS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

/** Five routines a person might keep: gym, a run, a daily walk, reading, a weekly review. */
const ROUTINES: SchedulerRoutine[] = [
  {
    id: "gym",
    title: "Gym",
    minutes: 60,
    timesPerWeek: 3,
    days: [1, 2, 3, 4, 5],
    window: { start: 360, end: 540 },
    energy: "high",
  },
  {
    id: "run",
    title: "Run",
    minutes: 45,
    timesPerWeek: 2,
    days: [2, 4, 6, 7],
    window: { start: 1020, end: 1260 },
    energy: "high",
  },
  {
    id: "walk",
    title: "Walk",
    minutes: 30,
    timesPerWeek: 7,
    days: [1, 2, 3, 4, 5, 6, 7],
    window: { start: 720, end: 840 },
    energy: "low",
  },
  {
    id: "read",
    title: "Read",
    minutes: 40,
    timesPerWeek: 5,
    days: [1, 2, 3, 4, 5, 6, 7],
    window: { start: 1200, end: 1380 },
    energy: "low",
  },
  {
    id: "review",
    title: "Weekly review",
    minutes: 30,
    timesPerWeek: 1,
    days: [5],
    window: { start: 900, end: 1080 },
    energy: "medium",
  },
];

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** The routines' sessions for a plan (what planTasks does before tasks). */
const placeFive = (input: ScheduleInput) =>
  placeRoutines({
    profile: input.profile,
    routines: ROUTINES,
    busy: input.busy,
    held: [],
    now: input.now,
    horizonDays: input.horizonDays,
  });

const plain: number[] = [];
const routined: number[] = [];
const placing: number[] = [];
let sessions = 0;
let short = 0;
for (let seed = 1; seed <= SEEDS; seed++) {
  const input = largeInstance(seed);
  schedule(input); // warm
  placeFive(input);
  for (let run = 0; run < RUNS; run++) {
    // alternate which goes first, so neither always runs on a warmer heap
    const order = run % 2 === 0 ? ["plain", "routines"] : ["routines", "plain"];
    for (const which of order) {
      const started = performance.now();
      if (which === "plain") {
        schedule(input);
        plain.push(performance.now() - started);
        continue;
      }
      const t0 = performance.now();
      const placedSessions = placeFive(input);
      placing.push(performance.now() - t0);
      schedule({ ...input, busy: [...input.busy, ...placedSessions.placed] });
      routined.push(performance.now() - started);
      if (run === 0) {
        sessions += placedSessions.placed.length;
        short += placedSessions.unplaced.length;
      }
    }
  }
}

const line = (name: string, xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return `${name.padEnd(34)} median ${quantile(sorted, 0.5).toFixed(2).padStart(8)} ms   p95 ${quantile(sorted, 0.95).toFixed(2).padStart(8)} ms`;
};
const median = (xs: number[]) =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );
console.log(`Routines bench — ${os.cpus()[0]?.model ?? "cpu"}, node ${process.version}`);
console.log(`${SEEDS} seeds × ${RUNS} runs; four weeks, ~500 events, 200 tasks; 5 routines`);
console.log(line("plan without routines (schedule)", plain));
console.log(line("plan with 5 routines (both)", routined));
console.log(line("  of which placeRoutines", placing));
console.log(`ratio with / without (median): ${(median(routined) / median(plain)).toFixed(2)}×`);
console.log(
  `sessions placed per plan: ${(sessions / SEEDS).toFixed(1)}; short weeks: ${(short / SEEDS).toFixed(1)}`,
);
