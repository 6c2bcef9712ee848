/**
 * Scheduler benchmark (npm run bench:scheduler), measured in one run:
 *
 * 1. Speed: schedule() on four weeks with ~500 events and 200 tasks, several seeds;
 *    median and p95 time, and a re-plan after one added meeting.
 * 2. Quality: on small instances, our plan's score next to the exact optimum of the same
 *    objective (bench/scheduler-objective.ts) from a MIP solved by HiGHS
 *    (bench/scheduler-optimum.ts); on-time placement, buffer violations (checked
 *    independently), high-energy minutes in peak windows, blocks moved on a re-plan.
 *
 * BENCH_SEEDS (default 5) large seeds, BENCH_RUNS (default 7) timed runs per seed,
 * BENCH_SMALL (default 100) small instances per grid.
 */
import os from "node:os";
import { schedule } from "../src/core/scheduler/schedule.ts";
import type { Block, Interval, ScheduleInput } from "../src/core/scheduler/types.ts";
import { largeInstance, MINUTE, oneMoreMeeting, smallInstance } from "./scheduler-instances.ts";
import { evaluate, placeValue, violations } from "./scheduler-objective.ts";
import { optimum } from "./scheduler-optimum.ts";

const SEEDS = Number(process.env.BENCH_SEEDS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const SMALL = Number(process.env.BENCH_SMALL ?? 100);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const same = (a: Block, b: Block) =>
  a.taskId === b.taskId && a.start === b.start && a.end === b.end;
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

/** Re-plans after one added meeting; `forced` counts blocks the meeting (with buffer) hits. */
function replan(input: ScheduleInput, previous: Block[], meeting: Interval) {
  const buffer = input.profile.bufferMinutes * MINUTE;
  const changed = { ...input, busy: [...input.busy, meeting], previous };
  const started = performance.now();
  const again = schedule(changed);
  const ms = performance.now() - started;
  const moved = previous.filter((b) => !again.placed.some((a) => same(a, b))).length;
  const forced = previous.filter(
    (b) => b.start < meeting.end + buffer && meeting.start - buffer < b.end,
  ).length;
  const broken = violations(changed, again.placed);
  return { moved, forced, blocks: previous.length, ms, violations: broken };
}

function speed() {
  console.log(`\n(1) Speed: 4 weeks, 500 events, 200 tasks; ${SEEDS} seeds × ${RUNS} runs`);
  console.log(
    "| seed | events | placed tasks | blocks | buffer viol. | other viol. | median ms | re-plan ms | moved / hit |",
  );
  console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  const all: number[] = [];
  for (let seed = 1; seed <= SEEDS; seed++) {
    const input = largeInstance(seed);
    for (let i = 0; i < 3; i++) schedule(input); // warm-up
    const times: number[] = [];
    let result = schedule(input);
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      result = schedule(input);
      times.push(performance.now() - started);
    }
    all.push(...times);
    times.sort((a, b) => a - b);
    const broken = violations(input, result.placed);
    const placedTasks = new Set(result.placed.map((b) => b.taskId)).size;
    const re = replan(input, result.placed, oneMoreMeeting(input, seed, 15));
    console.log(
      `| ${seed} | ${input.busy.length} | ${placedTasks} / ${input.tasks.length} | ${result.placed.length} | ${broken.buffer + re.violations.buffer} | ${broken.other.length + re.violations.other.length} | ${quantile(times, 0.5).toFixed(1)} | ${re.ms.toFixed(1)} | ${re.moved} / ${re.forced} |`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(
    `all ${all.length} runs: median ${quantile(all, 0.5).toFixed(1)} ms, p95 ${quantile(all, 0.95).toFixed(1)} ms, max ${all.at(-1)!.toFixed(1)} ms`,
  );
}

async function quality(grid: 15 | 30) {
  const ratios: number[] = [];
  const where: number[] = [];
  const solveMs: number[] = [];
  let onTime = 0;
  let optOnTime = 0;
  let tasks = 0;
  let buffer = 0;
  let other = 0;
  let peak = 0;
  let high = 0;
  let optPeak = 0;
  let optHigh = 0;
  let moved = 0;
  let forced = 0;
  let blocks = 0;
  let binaries = 0;
  let worst = { ratio: 2, seed: 0 };
  for (let seed = 1; seed <= SMALL; seed++) {
    const input = smallInstance(seed, grid);
    const ours = schedule(input);
    const offGrid = ours.placed.find((b) => (b.start - input.now) % (grid * MINUTE) !== 0);
    if (offGrid) throw new Error(`seed ${seed}: block off the ${grid}-minute grid`);
    const mine = evaluate(input, ours.placed);
    const best = await optimum(input, grid);
    if (best.status !== "Optimal") throw new Error(`seed ${seed}: HiGHS ended ${best.status}`);
    const theirs = evaluate(input, best.placed);
    if (Math.abs(theirs.score - best.objective) > 1e-4)
      throw new Error(`seed ${seed}: model ${best.objective} ≠ plan ${theirs.score}`);
    if (mine.score > best.objective + 1e-6)
      throw new Error(`seed ${seed}: ours ${mine.score} beats the "optimum" ${best.objective}`);
    const bestBroken = violations(input, best.placed);
    if (bestBroken.buffer + bestBroken.other.length > 0)
      throw new Error(`seed ${seed}: optimum breaks a rule: ${bestBroken.other.join(", ")}`);
    const ratio = best.objective > 0 ? mine.score / best.objective : 1;
    ratios.push(ratio);
    const sameTasks = await optimum(input, grid, new Set(ours.placed.map((b) => b.taskId)));
    if (sameTasks.status !== "Optimal" || mine.score > sameTasks.objective + 1e-6)
      throw new Error(`seed ${seed}: same-task optimum ${sameTasks.status} ${sameTasks.objective}`);
    // placement weights cancel out: compare only the energy-match and delay part
    const placing = input.tasks
      .filter((t) => ours.placed.some((b) => b.taskId === t.id))
      .reduce((s, t) => s + placeValue(t), 0);
    const bestWhere = sameTasks.objective - placing;
    where.push(bestWhere > 1e-9 ? (mine.score - placing) / bestWhere : 1);
    if (ratio < worst.ratio) worst = { ratio, seed };
    solveMs.push(best.ms);
    binaries += best.binaries;
    tasks += mine.tasks;
    onTime += mine.onTime;
    optOnTime += theirs.onTime;
    peak += mine.highPeakMinutes;
    high += mine.highMinutes;
    optPeak += theirs.highPeakMinutes;
    optHigh += theirs.highMinutes;
    const broken = violations(input, ours.placed);
    buffer += broken.buffer;
    other += broken.other.length;
    const re = replan(input, ours.placed, oneMoreMeeting(input, seed, grid));
    buffer += re.violations.buffer;
    other += re.violations.other.length;
    moved += re.moved;
    forced += re.forced;
    blocks += re.blocks;
  }
  solveMs.sort((a, b) => a - b);
  return {
    grid,
    n: SMALL,
    ratioMean: mean(ratios),
    ratioWorst: worst,
    whereMean: mean(where),
    whereWorst: Math.min(...where),
    optimalShare: ratios.filter((r) => r > 1 - 1e-9).length / ratios.length,
    onTime: onTime / tasks,
    optOnTime: optOnTime / tasks,
    buffer,
    other,
    peak: peak / high,
    optPeak: optPeak / optHigh,
    moved,
    forced,
    blocks,
    solveMedian: quantile(solveMs, 0.5),
    binaries: Math.round(binaries / SMALL),
  };
}

async function main() {
  console.log(
    `node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown"}), load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  speed();
  console.log(
    `\n(2) Quality: ${SMALL} small instances per grid (3–6 tasks, 2–3 days), vs the HiGHS optimum`,
  );
  console.log(
    "| grid | ours / optimum: mean | worst (seed) | optimal | positions, same tasks: mean | worst | on time: ours | optimum | buffer viol. | other viol. | high-energy min in peak: ours | optimum | re-plan moved / hit / blocks | MIP binaries | HiGHS median ms |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const grid of [15, 30] as const) {
    const q = await quality(grid);
    console.log(
      `| ${q.grid} min | ${q.ratioMean.toFixed(3)} | ${q.ratioWorst.ratio.toFixed(3)} (${q.ratioWorst.seed}) | ${pct(q.optimalShare)} | ${q.whereMean.toFixed(3)} | ${q.whereWorst.toFixed(3)} | ${pct(q.onTime)} | ${pct(q.optOnTime)} | ${q.buffer} | ${q.other} | ${pct(q.peak)} | ${pct(q.optPeak)} | ${q.moved} / ${q.forced} / ${q.blocks} | ${q.binaries} | ${q.solveMedian.toFixed(0)} |`,
    );
  }
  console.log(`load average after: ${os.loadavg()[0]!.toFixed(1)}`);
}

await main();
