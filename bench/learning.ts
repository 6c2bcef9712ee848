/**
 * Sage learns how the person actually works (issue 27), measured in a simulation: seeded
 * simulated people with a hidden true peak (some matching their questionnaire, some not) and
 * a hidden estimation bias live four weeks of plan → do / skip / move / overrun → learn, once
 * planned by the stated profile and once by the learned model, side by side. Prints per week:
 * the share of hard-work minutes Sage planned inside the true peak, the completion rate and the
 * overrun minutes, and checks the issue's goals. Deterministic (seeded); no timing.
 *
 *   npm run bench:learning
 */
import {
  type SimPerson,
  simPerson,
  simulate,
  type WeekResult,
} from "../src/core/learning/simulate.ts";

const MORNING = { start: 540, end: 720 };
const AFTERNOON = { start: 840, end: 1020 };
const WEEKS = 4;
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 120); // per group and seed set
/**
 * The model's constants were tuned on the first set of seeds; the others are held out, so the
 * numbers they print were not fitted to (a learner tuned and judged on the same people flatters
 * itself).
 */
const SEED_SETS = [
  { label: "seeds tuned on", base: 1000 },
  { label: "held-out seeds", base: 5000 },
  { label: "held-out seeds", base: 9000 },
  { label: "held-out seeds", base: 13000 },
  { label: "held-out seeds", base: 17000 },
];

function group(wrong: boolean, seedBase: number, offPeakPace = 1): SimPerson[] {
  return Array.from({ length: PEOPLE }, (_, i) => {
    const morningSaid = i % 2 === 0;
    const said = morningSaid ? MORNING : AFTERNOON;
    const truth = wrong ? (morningSaid ? AFTERNOON : MORNING) : said;
    return simPerson(`${wrong ? "wrong" : "right"}-${i}`, {
      saidPeak: said,
      truePeak: truth,
      bias: 1.1 + ((i * 7) % 8) / 10, // 1.1–1.8
      seed: seedBase + i * 17 + (wrong ? 1 : 0),
      offPeakPace,
    });
  });
}

type Row = { peakShare: number; completion: number; finished: number; overrunMinutes: number };
function mean(runs: WeekResult[][], week: number): Row {
  const rows = runs.map((r) => r[week]!);
  const avg = (f: (w: WeekResult) => number) => rows.reduce((s, w) => s + f(w), 0) / rows.length;
  return {
    peakShare: avg((w) => w.peakShare),
    completion: avg((w) => w.completion),
    finished: avg((w) => w.finished),
    overrunMinutes: avg((w) => w.overrunMinutes),
  };
}

const pad = (s: string, n: number) => s.padStart(n);
const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
let failed = false;
const from2 = (runs: WeekResult[][]) =>
  [1, 2, 3].reduce((sum, w) => sum + mean(runs, w).finished, 0);
const pooled = {
  wrong: {
    stat: [] as WeekResult[][],
    learned: [] as WeekResult[][],
    truth: [] as WeekResult[][],
  },
  right: {
    stat: [] as WeekResult[][],
    learned: [] as WeekResult[][],
    truth: [] as WeekResult[][],
  },
};

for (const { label, base } of SEED_SETS)
  for (const wrong of [true, false]) {
    const people = group(wrong, base);
    const stat = people.map((p) => simulate(p, { learning: false, weeks: WEEKS }));
    const learned = people.map((p) => simulate(p, { learning: true, weeks: WEEKS }));
    const truth = people.map((p) =>
      simulate(p, { learning: false, knowsTruth: true, weeks: WEEKS }),
    );
    pooled[wrong ? "wrong" : "right"].stat.push(...stat);
    pooled[wrong ? "wrong" : "right"].learned.push(...learned);
    pooled[wrong ? "wrong" : "right"].truth.push(...truth);
    console.log(
      `\n${wrong ? "Questionnaire WRONG" : "Questionnaire RIGHT"} — ${PEOPLE} people (${label} ${base}), means per week (static | learned)`,
    );
    console.log(
      `${pad("week", 4)} ${pad("hard min in true peak", 24)} ${pad("completion", 18)} ${pad("tasks done", 14)} ${pad("overrun min", 16)} ${pad("done ratio", 11)}`,
    );
    for (let w = 0; w < WEEKS; w++) {
      const s = mean(stat, w);
      const l = mean(learned, w);
      console.log(
        `${pad(String(w + 1), 4)} ${pad(`${pct(s.peakShare)} | ${pct(l.peakShare)}`, 24)} ${pad(`${pct(s.completion)} | ${pct(l.completion)}`, 18)} ${pad(`${s.finished.toFixed(1)} | ${l.finished.toFixed(1)}`, 14)} ${pad(`${s.overrunMinutes.toFixed(0)} | ${l.overrunMinutes.toFixed(0)}`, 16)} ${pad((l.finished / s.finished).toFixed(2), 11)}`,
      );
    }
    console.log(
      wrong
        ? `this set: week 2 hard work in the true peak ${pct(mean(learned, 1).peakShare)}; done, learned ÷ static (weeks 2–4) ${(from2(learned) / from2(stat)).toFixed(2)}; knowing the truth ÷ static ${(from2(truth) / from2(stat)).toFixed(2)}`
        : `this set: done, learned ÷ static (all weeks) ${(allWeeks(learned) / allWeeks(stat)).toFixed(2)}; knowing the truth ÷ static ${(allWeeks(truth) / allWeeks(stat)).toFixed(2)}`,
    );
  }

/**
 * The goals are judged on every seed set together: one set's 120 people still move the week-2
 * share by about ±2 points, so a verdict on one set would be a verdict on its luck.
 */
const people = SEED_SETS.length * PEOPLE;
console.log(
  `\nGoals, judged on all ${SEED_SETS.length} seed sets together (${people} people per group)`,
);
{
  const { stat, learned } = pooled.wrong;
  const share = mean(learned, 1).peakShare;
  const ratio = from2(learned) / from2(stat);
  const okPeak = share >= 0.85;
  const okDone = ratio >= 1.3;
  console.log(
    `goal: questionnaire wrong, learned hard work in the true peak by week 2 ≥ 85 %: ${(share * 100).toFixed(1)} % ${okPeak ? "MET" : "NOT MET"}`,
  );
  console.log(
    `goal: questionnaire wrong, tasks completed learned ÷ static (weeks 2–4) ≥ 1.3: ${ratio.toFixed(2)} ${okDone ? "MET" : "NOT MET"}`,
  );
  failed ||= !okPeak || !okDone;
  // the yardstick: the same scheduler told the hidden truth (true peak, true bias) from day one
  const ceiling = from2(pooled.wrong.truth) / from2(stat);
  console.log(
    `yardstick: a plan told the hidden truth from day one completes ${ceiling.toFixed(2)}× the static plan's tasks (weeks 2–4); the learned plan reaches ${pct((ratio - 1) / (ceiling - 1))} of that gain`,
  );
}
{
  const { stat, learned } = pooled.right;
  const ratio = allWeeks(learned) / allWeeks(stat);
  const okDone = ratio >= 0.98;
  console.log(
    `goal: questionnaire right, no worse than static (tasks completed, all weeks): ${ratio.toFixed(2)} ${okDone ? "MET" : "NOT MET"}`,
  );
  failed ||= !okDone;
}

function allWeeks(runs: WeekResult[][]): number {
  let sum = 0;
  for (let w = 0; w < WEEKS; w++) sum += mean(runs, w).finished;
  return sum;
}

/**
 * How the results depend on one assumption the issue leaves open: in the runs above, hard work
 * outside the true peak is only less likely to be done; here it also goes slower when it is
 * done (the person needs `pace`× the minutes). Printed for the questionnaire-wrong groups, not
 * judged against the goals (the goals are judged above, on the plainer assumption).
 */
console.log(
  "\nSensitivity — questionnaire WRONG, hard work also slower outside the true peak (not judged)",
);
console.log(
  `${pad("pace", 5)} ${pad("seeds", 6)} ${pad("week 2 hard min in true peak", 30)} ${pad("done, learned ÷ static (weeks 2–4)", 36)} ${pad("truth ÷ static", 15)}`,
);
for (const pace of [1.25, 1.5])
  for (const { base } of SEED_SETS) {
    const people = group(true, base, pace);
    const stat = people.map((p) => simulate(p, { learning: false, weeks: WEEKS }));
    const learned = people.map((p) => simulate(p, { learning: true, weeks: WEEKS }));
    const truth = people.map((p) =>
      simulate(p, { learning: false, knowsTruth: true, weeks: WEEKS }),
    );
    console.log(
      `${pad(`${pace}×`, 5)} ${pad(String(base), 6)} ${pad(`${pct(mean(stat, 1).peakShare)} | ${pct(mean(learned, 1).peakShare)}`, 30)} ${pad((from2(learned) / from2(stat)).toFixed(2), 36)} ${pad((from2(truth) / from2(stat)).toFixed(2), 15)}`,
    );
  }
process.exitCode = failed ? 1 : 0;
