/**
 * Booking slots benchmark (npm run bench:booking), side by side in one run: a week of a
 * booking link's slots (offeredSlots, src/core/booking/slots.ts) beside the plan's own time
 * (schedule()) for the same host — the scheduler bench's seeded instances (four weeks, 500
 * events, 200 tasks; bench/scheduler-instances.ts). The slots get all 500 events as busy time
 * (the server passes only the range's, so this is the worst case). Two links: one on the
 * host's working days and hours (30 min), one open every day 07:00–21:00 (30 min).
 * Prints median and p95 of each and the ratios to the plan. BENCH_SEEDS (default 5),
 * BENCH_RUNS (7). Pure work only: the server's reads are the same as a plan's (decision 039).
 */
import os from "node:os";
import { type LinkRules, offeredSlots } from "../src/core/booking/slots.ts";
import { schedule } from "../src/core/scheduler/schedule.ts";
import type { ScheduleInput } from "../src/core/scheduler/types.ts";
import { largeInstance } from "./scheduler-instances.ts";

const SEEDS = Number(process.env.BENCH_SEEDS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const DAY = 86_400_000;

const base: LinkRules = {
  minutes: 30,
  horizonDays: 14,
  noticeMinutes: 240,
  days: null,
  hours: null,
  bufferBeforeMinutes: 10,
  bufferAfterMinutes: 10,
  maxPerDay: null,
  allowPeak: false,
};
const LINKS: Record<string, LinkRules> = {
  "working hours": base,
  "every day 07–21": { ...base, days: [1, 2, 3, 4, 5, 6, 7], hours: { start: 420, end: 1260 } },
};

const weekOfSlots = (input: ScheduleInput, rules: LinkRules) =>
  offeredSlots({
    rules,
    profile: input.profile,
    busy: input.busy,
    booked: [],
    meetings: { notBefore: null, notAfter: null },
    now: input.now,
    from: input.now,
    to: input.now + 7 * DAY,
  });

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const median = (xs: number[]) =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

const times: Record<string, number[]> = { plan: [] };
const offered: Record<string, number> = {};
for (const name of Object.keys(LINKS)) {
  times[name] = [];
  offered[name] = 0;
}
for (let seed = 1; seed <= SEEDS; seed++) {
  const input = largeInstance(seed);
  schedule(input); // warm
  for (const rules of Object.values(LINKS)) weekOfSlots(input, rules);
  const order = ["plan", ...Object.keys(LINKS)];
  for (let run = 0; run < RUNS; run++) {
    // rotate which goes first, so none always runs on a warmer heap
    const rotated = [...order.slice(run % order.length), ...order.slice(0, run % order.length)];
    for (const which of rotated) {
      const started = performance.now();
      if (which === "plan") schedule(input);
      else {
        const slots = weekOfSlots(input, LINKS[which]!);
        if (run === 0) offered[which]! += slots.length;
      }
      times[which]!.push(performance.now() - started);
    }
  }
}

const line = (name: string, xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return `${name.padEnd(36)} median ${quantile(sorted, 0.5).toFixed(3).padStart(9)} ms   p95 ${quantile(sorted, 0.95).toFixed(3).padStart(9)} ms`;
};
console.log(`Booking slots bench — ${os.cpus()[0]?.model ?? "cpu"}, node ${process.version}`);
console.log(`${SEEDS} seeds × ${RUNS} runs; a host with 500 events over four weeks, 200 tasks`);
console.log(line("plan (schedule, four weeks)", times.plan!));
for (const name of Object.keys(LINKS)) {
  console.log(line(`a week of slots, ${name}`, times[name]!));
  console.log(
    `  ratio to the plan (median): ${(median(times[name]!) / median(times.plan!)).toFixed(4)}×; slots offered a week: ${(offered[name]! / SEEDS).toFixed(1)}`,
  );
}
