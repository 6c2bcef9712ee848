/**
 * The exact optimum of the benchmark objective (scheduler-objective.ts) as a mixed-integer
 * program, solved with HiGHS (the `highs` package, compiled to WebAssembly).
 *
 *   y_t ∈ {0,1}      task t placed in full
 *   x_c,s ∈ {0,1}    chunk c starts at grid time s (chunks as the scheduler splits them)
 *
 *   max  Σ_t PLACE·y_t + Σ_c,s value(c,s)·x_c,s
 *   s.t. Σ_s x_c,s = y_t                          every chunk of t placed iff t is
 *        Σ_(c,s) covering cell τ x_c,s ≤ 1       no overlap; a block covers [s, s+len+break)
 *        Σ_(c,s) on day d len·x_c,s ≤ cap         daily load cap
 *   Starts exist only where the block lies inside working hours, after now, ends by the
 *   deadline and keeps the buffer around every event (so those rules need no rows).
 */
import highsLoader from "highs";
import { chunksFor } from "../src/core/scheduler/schedule.ts";
import type { Block, ScheduleInput } from "../src/core/scheduler/types.ts";
import { MINUTE } from "./scheduler-instances.ts";
import { blockValue, needMinutes, placeValue, workDays } from "./scheduler-objective.ts";

type Highs = Awaited<ReturnType<typeof highsLoader>>;
let solver: Highs | undefined;

export type Optimum = {
  status: string;
  objective: number;
  placed: Block[];
  ms: number;
  binaries: number;
};

const term = (coef: number, name: string) =>
  `${coef < 0 ? "-" : "+"} ${Math.abs(coef).toFixed(9)} ${name}`;
const lines = (terms: string[]) =>
  terms.reduce((acc, t, i) => acc + (i % 8 === 0 ? "\n   " : " ") + t, "");

/**
 * The best plan on a `grid`-minute grid. With `placing`, exactly those tasks are placed (the
 * best positions for a given choice of tasks); without it, the model also chooses the tasks.
 */
export async function optimum(
  input: ScheduleInput,
  grid: number,
  placing?: ReadonlySet<string>,
): Promise<Optimum> {
  solver ??= await highsLoader();
  const p = input.profile;
  const G = grid * MINUTE;
  const days = workDays(input);
  const buffer = p.bufferMinutes * MINUTE;
  const gap = p.breakMinutes * MINUTE;
  const objective: string[] = [];
  const assign: string[] = [];
  const cells = new Map<number, string[]>();
  const dayLoad = new Map<string, string[]>();
  const meaning = new Map<string, Block>();
  const binaries: string[] = [];

  input.tasks.forEach((task, t) => {
    const need = needMinutes(input, task);
    const y = `y${t}`;
    binaries.push(y);
    if (placing) assign.push(` f${t}: ${term(1, y)} = ${placing.has(task.id) ? 1 : 0}`);
    objective.push(term(placeValue(task), y));
    chunksFor(task, need, p.focusBlockMinutes).forEach((minutes, c) => {
      const length = minutes * MINUTE;
      const row: string[] = [];
      for (const day of days) {
        const first = Math.ceil(Math.max(day.work.start, input.now) / G) * G;
        for (let s = first; s + length <= day.work.end; s += G) {
          const block = { start: s, end: s + length };
          if (task.deadline !== undefined && block.end > task.deadline) continue;
          if (input.busy.some((e) => s < e.end + buffer && e.start - buffer < block.end)) continue;
          const x = `x${t}_${c}_${(s - input.now) / G}`;
          binaries.push(x);
          meaning.set(x, { taskId: task.id, ...block });
          objective.push(term(blockValue(input, task, block, day), x));
          row.push(term(1, x));
          for (let cell = s; cell < block.end + gap; cell += G) {
            cells.set(cell, [...(cells.get(cell) ?? []), x]);
          }
          dayLoad.set(day.key, [...(dayLoad.get(day.key) ?? []), term(minutes, x)]);
        }
      }
      assign.push(` a${t}_${c}: ${lines([...row, term(-1, y)])} = 0`);
    });
  });

  const rows = [...assign];
  for (const [cell, xs] of cells) {
    if (xs.length > 1)
      rows.push(` o${(cell - input.now) / G}: ${lines(xs.map((x) => term(1, x)))} <= 1`);
  }
  let d = 0;
  for (const terms of dayLoad.values())
    rows.push(` cap${d++}: ${lines(terms)} <= ${p.dailyLoadCapMinutes}`);
  const model = [
    "Maximize",
    ` score: ${lines(objective)}`,
    "Subject To",
    ...rows,
    "Binary",
    lines(binaries),
    "End",
  ].join("\n");

  const started = performance.now();
  const solution = solver.solve(model, { mip_rel_gap: 0, time_limit: 120, output_flag: false });
  const ms = performance.now() - started;
  const placed: Block[] = [];
  for (const [name, column] of Object.entries(solution.Columns)) {
    const block = meaning.get(name);
    if (block && (column as { Primal: number }).Primal > 0.5) placed.push(block);
  }
  placed.sort((a, b) => a.start - b.start);
  return {
    status: solution.Status,
    objective: solution.ObjectiveValue,
    placed,
    ms,
    binaries: binaries.length,
  };
}
