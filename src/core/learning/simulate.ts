import { DateTime } from "luxon";
import { schedule } from "../scheduler/schedule.ts";
import type { PlacedBlock, SchedulerProfile, SchedulerTask } from "../scheduler/types.ts";
import { learn, withLearned } from "./learn.ts";
import { type Learned, NO_STEERING, type Prior, type Signal, type TaskEnergy } from "./types.ts";

/**
 * A simulated person for `npm run bench:learning` (issue 27): what they said (the prior) and
 * what is true of them, hidden from Sage — the hours each energy of work really gets done, and
 * how much longer than their estimates their tasks really take.
 */
export type SimPerson = {
  name: string;
  said: Prior;
  /** The hours [start, end) (minutes) in which hard work really goes well. */
  truePeak: { start: number; end: number };
  /** Actual ÷ estimated minutes, on average. */
  bias: number;
  /**
   * How much slower hard work goes outside the true peak (1: as fast, only less likely to be
   * done at all). An assumption of the simulation, not a measurement: the bench prints the
   * results at several values.
   */
  offPeakPace: number;
  seed: number;
};

export type WeekResult = {
  week: number;
  /** Of the minutes of hard work Sage planned this week, the share inside the true peak. */
  peakShare: number;
  /** Tasks finished ÷ tasks given this week. */
  completion: number;
  finished: number;
  /** Minutes worked past the end of their blocks to finish tasks. */
  overrunMinutes: number;
};

const MINUTE = 60_000;
const DAY = 86_400_000;
const HOURS = { start: 540, end: 1020 };

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The chance the person really does a block of this energy from `minute` for `length` minutes:
 * in between the in-peak and out-of-peak chances by the share of the block inside the true
 * peak (a block starting ten minutes before the peak ends is mostly outside it).
 */
function trueChance(p: SimPerson, energy: TaskEnergy, minute: number, length: number): number {
  const inPeak = overlap(minute, minute + length, p.truePeak) / Math.max(1, length);
  const [inside, outside] =
    energy === "high" ? [0.9, 0.35] : energy === "medium" ? [0.9, 0.7] : [0.85, 0.85];
  return inPeak * inside + (1 - inPeak) * outside;
}

/**
 * Four (or `weeks`) simulated weeks: every working morning Sage plans the open tasks to the
 * week's end; the person works through the day's blocks as their hidden truth has it (does it,
 * overruns to finish it, stops partway, skips it, or moves hard work into their true peak);
 * every check-in, move and finished task is evidence; `learning` decides whether Sage plans
 * with the learned model or the stated profile. Deterministic for a person's seed.
 */
export function simulate(
  person: SimPerson,
  opts: {
    learning: boolean;
    /**
     * Plans with the hidden truth from the first day — the true peak as the only energy window,
     * blocks sized by the true bias — instead of the stated profile or the learned model: the
     * ceiling any learner can reach with this scheduler (the bench's yardstick, not Sage).
     */
    knowsTruth?: boolean;
    weeks: number;
    start?: number;
    /** Sees the model each morning (for a look inside; the bench prints one person's). */
    observe?: (day: number, model: Learned, signals: readonly Signal[]) => void;
  },
): WeekResult[] {
  const r = rng(person.seed);
  const base: SchedulerProfile = {
    timezone: "UTC",
    workingDays: [1, 2, 3, 4, 5],
    workingHours: person.said.usualHours,
    energyWindows: person.said.energyWindows.map((w) => ({ ...w })),
    focusBlockMinutes: 90,
    breakMinutes: 10,
    bufferMinutes: 10,
    dailyLoadCapMinutes: 360,
    estimatePadding: person.said.padding,
  };
  const signals: Signal[] = [];
  const monday0 = opts.start ?? Date.UTC(2026, 0, 5); // a Monday
  const results: WeekResult[] = [];
  let current: { start: number; end: number } | null = null;
  for (let week = 0; week < opts.weeks; week++) {
    const monday = monday0 + week * 7 * DAY;
    const friday = monday + 4 * DAY + 17 * 60 * MINUTE;
    // the week's tasks: hard, steady and light, each with a hidden true length
    const tasks: (SchedulerTask & {
      trueMinutes: number;
      /** Of trueMinutes, how much is done. */
      progress: number;
      /** Minutes spent on it (more than its progress when hard work went slowly). */
      spent: number;
      finished: boolean;
    })[] = [];
    const mix: TaskEnergy[] = [
      ...Array<TaskEnergy>(4).fill("high"),
      ...Array<TaskEnergy>(4).fill("medium"),
      ...Array<TaskEnergy>(3).fill("low"),
    ];
    mix.forEach((energy, i) => {
      const estimate = 45 + Math.floor(r() * 6) * 15; // 45–120
      const noise = 0.85 + r() * 0.3;
      tasks.push({
        id: `w${week}t${i}`,
        title: `Task ${i}`,
        estimatedMinutes: estimate,
        deadline: friday,
        priority: r() < 0.3 ? "high" : r() < 0.7 ? "medium" : "low",
        energy,
        splittable: true,
        minChunkMinutes: 30,
        trueMinutes: Math.round(estimate * person.bias * noise),
        progress: 0,
        spent: 0,
        finished: false,
      });
    });
    // seven meetings a week, 30–60 minutes, anywhere in the working day
    const meetings = Array.from({ length: 7 }, (_, i) => {
      const day = monday + (i % 5) * DAY;
      const start = day + (HOURS.start + Math.floor(r() * 14) * 30) * MINUTE;
      return { start, end: start + (30 + Math.floor(r() * 2) * 30) * MINUTE };
    });
    let peakMinutes = 0;
    let hardMinutes = 0;
    let overrun = 0;
    for (let d = 0; d < 5; d++) {
      const dayStart = monday + d * DAY;
      const now = dayStart + 8 * 60 * MINUTE;
      const model = learn(person.said, signals, { now, steering: NO_STEERING, current });
      current = model.hours.learnedPeak;
      opts.observe?.(week * 5 + d, model, signals);
      const profile = opts.knowsTruth
        ? truthProfile(base, person)
        : opts.learning
          ? withLearned(base, model)
          : base;
      const open = tasks.filter((t) => !t.finished);
      const plan = schedule({
        profile,
        busy: meetings,
        tasks: open,
        locked: [],
        done: open.map((t) => ({ taskId: t.id, minutes: t.spent })),
        now,
        horizonDays: 5 - d,
      });
      const today = plan.placed
        .filter((b) => b.start < dayStart + DAY)
        .sort((a, b) => a.start - b.start);
      // the minute of the day the person is free from: staying on to finish a task takes the
      // time of the blocks after it (an underestimate costs the rest of the day, not nothing)
      let free = 0;
      for (const b of today) {
        const task = tasks.find((t) => t.id === b.taskId)!;
        if (task.finished) continue;
        const minute = (b.start - dayStart) / MINUTE;
        const length = (b.end - b.start) / MINUTE;
        if (task.energy === "high") {
          hardMinutes += length;
          peakMinutes += overlap(minute, minute + length, person.truePeak);
        }
        const from = Math.max(minute, free);
        if (from >= minute + length) {
          // the block's time went to finishing earlier work: the person skips it
          const weekday = DateTime.fromMillis(b.start, { zone: "UTC" }).weekday;
          const block = { weekday, minute, lengthMinutes: length };
          signals.push({ kind: "skipped", at: now, energy: task.energy, block });
          continue;
        }
        const met = work(task, b, from, minute + length - from, now);
        overrun += met.overrun;
        free = Math.max(free, met.until);
      }
    }
    const finished = tasks.filter((t) => t.finished).length;
    results.push({
      week: week + 1,
      peakShare: hardMinutes === 0 ? 0 : peakMinutes / hardMinutes,
      completion: finished / tasks.length,
      finished,
      overrunMinutes: overrun,
    });
  }
  return results;

  /**
   * The person meets one block from `minute` for `length` minutes (less than planned when
   * earlier work ran over); answers the minutes they overran it by and the minute they were
   * free again (work moved elsewhere takes none of today's time here).
   */
  function work(
    task: {
      energy: TaskEnergy;
      estimatedMinutes: number;
      trueMinutes: number;
      progress: number;
      spent: number;
      finished: boolean;
    },
    b: PlacedBlock,
    minute: number,
    length: number,
    now: number,
  ): { overrun: number; until: number } {
    const weekday = DateTime.fromMillis(b.start, { zone: "UTC" }).weekday;
    const block = { weekday, minute, lengthMinutes: length };
    let at = minute;
    if (r() >= trueChance(person, task.energy, minute, length)) {
      // not now: hard work is moved into the hours that really suit it, or let go
      if (task.energy === "high" && r() < 0.3 && !inside(minute + length / 2, person.truePeak)) {
        at = person.truePeak.start + Math.floor(r() * 4) * 15;
        signals.push({
          kind: "moved",
          at: now,
          energy: task.energy,
          block,
          to: { weekday, minute: at },
        });
        if (r() >= trueChance(person, task.energy, at, length)) {
          signals.push({
            kind: "skipped",
            at: now,
            energy: task.energy,
            block: { ...block, minute: at },
          });
          return { overrun: 0, until: minute };
        }
      } else {
        signals.push({ kind: "skipped", at: now, energy: task.energy, block });
        return { overrun: 0, until: minute };
      }
    }
    const where = { ...block, minute: at };
    // hard work outside the true peak goes slower by offPeakPace (by the share of the block
    // outside it)
    const pace =
      task.energy === "high"
        ? 1 +
          (person.offPeakPace - 1) *
            (1 - overlap(at, at + length, person.truePeak) / Math.max(1, length))
        : 1;
    const left = (task.trueMinutes - task.progress) * pace;
    if (left <= length * 1.5) {
      // finishes, staying on past the block if it takes longer
      task.spent += left;
      task.progress = task.trueMinutes;
      task.finished = true;
      signals.push({ kind: "done", at: now, energy: task.energy, block: where });
      signals.push({
        kind: "finished",
        at: now,
        energy: task.energy,
        estimateMinutes: task.estimatedMinutes,
        actualMinutes: Math.round(task.spent),
      });
      const overrun = Math.max(0, left - length);
      return { overrun, until: at === minute ? minute + length + overrun : minute };
    }
    task.spent += length;
    task.progress += length / pace;
    signals.push({ kind: "partly", at: now, energy: task.energy, block: where, minutes: length });
    return { overrun: 0, until: at === minute ? minute + length : minute };
  }
}

/** What a planner told the person's hidden truth would plan with. */
function truthProfile(base: SchedulerProfile, person: SimPerson): SchedulerProfile {
  return {
    ...base,
    energyWindows: [{ ...person.truePeak, level: "peak" }],
    paddingByEnergy: { high: person.bias, medium: person.bias, low: person.bias },
  };
}

const inside = (minute: number, w: { start: number; end: number }) =>
  minute >= w.start && minute < w.end;
const overlap = (a: number, b: number, w: { start: number; end: number }) =>
  Math.max(0, Math.min(b, w.end) - Math.max(a, w.start));

/** Someone who said `saidPeak` and whose hard work really goes well in `truePeak`. */
export function simPerson(
  name: string,
  opts: {
    saidPeak: { start: number; end: number };
    truePeak: { start: number; end: number };
    bias: number;
    seed: number;
    offPeakPace?: number;
  },
): SimPerson {
  const low = opts.saidPeak.start < 720 ? { start: 780, end: 900 } : { start: 540, end: 630 };
  return {
    name,
    said: {
      energyWindows: [
        { ...opts.saidPeak, level: "peak" as const },
        { ...low, level: "low" as const },
      ].sort((a, b) => a.start - b.start),
      hours: { 1: HOURS, 2: HOURS, 3: HOURS, 4: HOURS, 5: HOURS },
      usualHours: HOURS,
      padding: 1.25,
    },
    truePeak: opts.truePeak,
    bias: opts.bias,
    offPeakPace: opts.offPeakPace ?? 1,
    seed: opts.seed,
  };
}
