import { DateTime } from "luxon";
import { normalize, overlapLength, subtract } from "./intervals.ts";
import { keepsDueTasks, PRIORITY_WEIGHT, planValue } from "./plan-value.ts";
import type {
  Block,
  EnergyLevel,
  Interval,
  ScheduleInput,
  ScheduleResult,
  SchedulerProfile,
  SchedulerTask,
  Unplaced,
} from "./types.ts";

const MINUTE = 60_000;
const GRID = 5 * MINUTE;

export type Day = {
  key: string;
  work: Interval;
  windows: (Interval & { level: EnergyLevel })[];
};

/** Working windows of each day in the horizon, built in the user's zone (DST-safe). */
function buildDays(profile: SchedulerProfile, now: number, horizonDays: number): Day[] {
  const zone = profile.timezone;
  const first = DateTime.fromMillis(now, { zone }).startOf("day");
  const days: Day[] = [];
  for (let d = 0; d < horizonDays; d++) {
    const date = first.plus({ days: d });
    if (!profile.workingDays.includes(date.weekday)) continue;
    const at = (minutes: number) => date.plus({ minutes }).toMillis();
    const hours = profile.dayHours?.[date.weekday] ?? profile.workingHours;
    days.push({
      key: date.toISODate()!,
      work: { start: at(hours.start), end: at(hours.end) },
      windows: windowsOn(profile, date.weekday).map((w) => ({
        start: at(w.start),
        end: at(w.end),
        level: w.level,
      })),
    });
  }
  return days;
}

/** The energy windows of one ISO weekday: its own (learned) ones, else every day's. */
export function windowsOn(profile: SchedulerProfile, weekday: number) {
  return profile.dayWindows?.[weekday] ?? profile.energyWindows;
}

/** How much longer than its estimate a task of this energy is planned (1.25 = +25 %). */
export function paddingFor(profile: SchedulerProfile, energy: SchedulerTask["energy"]): number {
  return profile.paddingByEnergy?.[energy] ?? profile.estimatePadding;
}

const ceilGrid = (t: number) => Math.ceil(t / GRID) * GRID;
const floorGrid = (t: number) => Math.floor(t / GRID) * GRID;

/** Minutes of work, padded for realism and rounded up to 5. */
export function paddedMinutes(estimate: number, padding: number): number {
  return Math.ceil((estimate * padding) / 5) * 5;
}

/** Splits the needed minutes into chunks no shorter than the task's minimum. */
export function chunksFor(task: SchedulerTask, need: number, focus: number): number[] {
  if (!task.splittable || need <= Math.max(focus, task.minChunkMinutes)) return [need];
  const size = Math.max(focus, task.minChunkMinutes);
  const chunks: number[] = [];
  let left = need;
  while (left > 0) {
    chunks.push(Math.min(size, left));
    left -= size;
  }
  const last = chunks.at(-1)!;
  if (chunks.length > 1 && last < task.minChunkMinutes) {
    chunks.pop();
    chunks[chunks.length - 1]! += last; // too small alone: the previous chunk takes it
  }
  return chunks;
}

function energyScore(task: SchedulerTask, block: Interval, day: Day): number {
  const length = block.end - block.start;
  let peak = 0;
  let low = 0;
  for (const w of day.windows) {
    const o = overlapLength(block, w);
    if (w.level === "peak") peak += o;
    else if (w.level === "low") low += o;
  }
  const p = peak / length;
  const l = low / length;
  const g = Math.max(0, 1 - p - l);
  if (task.energy === "high") return 3 * p + g - 2 * l;
  if (task.energy === "low") return 2 * l + g - 1.5 * p; // keeps peak hours for hard work
  return g + 0.3 * p - 0.5 * l;
}

type Run = ScheduleResult & { partialFailed: string[] };

type State = {
  free: Interval[];
  load: Map<string, number>;
  placed: Block[];
};

/**
 * Places tasks into free working time around busy events. Pure and deterministic.
 *
 * Guarantees: no block overlaps busy time or its buffer, another block or its break; no
 * block starts before `now` or leaves working hours; no day exceeds the load cap; a task is
 * either placed in full or reported with a reason a person understands. High-energy work
 * goes to peak windows when it can; deadline tasks are placed first, earliest deadline
 * first, so lower-priority work never pushes a due task past its deadline.
 */
export function schedule(input: ScheduleInput): ScheduleResult {
  const { profile, now } = input;
  const days = buildDays(profile, now, input.horizonDays);
  const dayOf = (t: number) => days.find((d) => t >= d.work.start && t < d.work.end);
  const buffer = profile.bufferMinutes * MINUTE;
  const gap = profile.breakMinutes * MINUTE;
  const start = ceilGrid(now);

  // days stay separate intervals (never merged), so a block never spans midnight
  let free = days
    .map((d) => ({ start: Math.max(d.work.start, start), end: d.work.end }))
    .filter((i) => i.end > i.start);
  for (const b of normalize(input.busy))
    free = subtract(free, { start: b.start - buffer, end: b.end + buffer });
  const load = new Map<string, number>();
  const done = new Map<string, number>();
  for (const b of input.locked) {
    free = subtract(free, { start: b.start - gap, end: b.end + gap });
    const day = dayOf(b.start);
    if (day) load.set(day.key, (load.get(day.key) ?? 0) + (b.end - b.start) / MINUTE);
    done.set(b.taskId, (done.get(b.taskId) ?? 0) + (b.end - b.start) / MINUTE);
  }
  for (const d of input.done ?? []) done.set(d.taskId, (done.get(d.taskId) ?? 0) + d.minutes);
  /**
   * Whether last plan's blocks still suit the task's energy: hard work with no minute in a
   * peak window, or light work sitting in one, is planned afresh (its priority or energy was
   * changed since) — everything else stays where it is.
   */
  const changed = input.changed ? new Set(input.changed) : undefined;
  const reconsider = (task: SchedulerTask) => !changed || changed.has(task.id);
  function suitsEnergy(task: SchedulerTask, blocks: Block[]): boolean {
    const inPeak = blocks.some((b) =>
      (dayOf(b.start)?.windows ?? []).some((w) => w.level === "peak" && overlapLength(b, w) > 0),
    );
    if (task.energy === "high")
      return inPeak || !days.some((d) => d.windows.some((w) => w.level === "peak"));
    if (task.energy === "low") return !inPeak;
    return true;
  }

  // times the person threw back for a task: never proposed for it again
  const avoidByTask = new Map<string, Interval[]>();
  for (const a of input.avoid ?? [])
    avoidByTask.set(a.taskId, [...(avoidByTask.get(a.taskId) ?? []), a]);

  /** One greedy pass over the tasks in `ordered`; every pass starts from the same free time. */
  function run(ordered: SchedulerTask[], fresh: ReadonlySet<string>): Run {
    const state: State = { free, load: new Map(load), placed: [] };
    const unplaced: Unplaced[] = [];
    /** Tasks that kept some of last plan's blocks but found no time for the rest. */
    const partialFailed: string[] = [];
    const packed = new Set<Block>();
    const keptBlocks = new Set<Block>();

    const fits = (block: Interval, day: Day, task: SchedulerTask) =>
      block.start >= start &&
      block.end <= day.work.end &&
      (task.deadline === undefined || block.end <= task.deadline) &&
      !(avoidByTask.get(task.id) ?? []).some((a) => a.start < block.end && block.start < a.end) &&
      state.free.some((f) => f.start <= block.start && block.end <= f.end) &&
      (state.load.get(day.key) ?? 0) + (block.end - block.start) / MINUTE <=
        profile.dailyLoadCapMinutes;

    const take = (block: Block, day: Day) => {
      state.free = subtract(state.free, { start: block.start - gap, end: block.end + gap });
      state.load.set(day.key, (state.load.get(day.key) ?? 0) + (block.end - block.start) / MINUTE);
      state.placed.push(block);
    };

    // keep last plan's blocks where they still fit, so a re-plan moves as little as possible
    const previousByTask = new Map<string, Block[]>();
    for (const b of input.previous ?? []) {
      previousByTask.set(b.taskId, [...(previousByTask.get(b.taskId) ?? []), b]);
    }

    const needOf = (task: SchedulerTask) =>
      paddedMinutes(task.estimatedMinutes, paddingFor(profile, task.energy)) -
      (done.get(task.id) ?? 0);
    const live = (task: SchedulerTask) =>
      needOf(task) > 0 && (task.deadline === undefined || task.deadline > now);
    // last plan's blocks first, whatever the order: a re-plan moves as little as possible.
    // Each block that still fits stays; only the time of those that don't is placed again.
    const kept = new Map<string, number>();
    for (const task of ordered) {
      const previous = previousByTask.get(task.id) ?? [];
      if (!live(task) || fresh.has(task.id)) continue;
      // a task changed since its blocks were placed is placed afresh if they no longer suit
      // it; any other task keeps them (a high-energy task outside the peak was put there for
      // want of room, and moving it whenever anything changes would shuffle the whole plan)
      if (reconsider(task) && !suitsEnergy(task, previous)) continue;
      const minutes = keepPrevious(task, needOf(task), previous);
      if (minutes > 0) kept.set(task.id, minutes);
    }
    for (const task of ordered) {
      const keptMinutes = kept.get(task.id) ?? 0;
      if (keptMinutes > 0) {
        // some blocks were hit (an event landed on them): place just their time again
        const rest = needOf(task) - keptMinutes;
        if (rest <= 0) continue;
        const chunks = chunksFor(task, rest, profile.focusBlockMinutes);
        const snapshot: State = {
          free: state.free,
          load: new Map(state.load),
          placed: [...state.placed],
        };
        if (placeChunks(task, chunks, bestSlot)) continue;
        restore(snapshot);
        if (
          placeChunks(
            task,
            [...chunks].sort((a, b) => b - a),
            firstSlot,
            true,
          )
        )
          continue;
        restore(snapshot);
        partialFailed.push(task.id); // the whole task is planned afresh in another pass
        continue;
      }
      const need = needOf(task);
      if (need <= 0) continue;
      if (task.deadline !== undefined && task.deadline <= now) {
        unplaced.push({
          taskId: task.id,
          reason: "Its deadline has already passed — pick a new one and I'll find time.",
        });
        continue;
      }
      const previous = previousByTask.get(task.id) ?? [];
      const chunks = chunksFor(task, need, profile.focusBlockMinutes);
      const snapshot: State = {
        free: state.free,
        load: new Map(state.load),
        placed: [...state.placed],
      };
      if (previous.length > 0 && placeChunks(task, chunks, bestSlot)) {
        // its energy changed: move it only if the new hours actually suit it better
        const mine = state.placed.filter((b) => b.taskId === task.id);
        if (suitsEnergy(task, mine)) continue;
        restore(snapshot);
        // better nowhere: where it was, if all of it still fits there
        if (keepPrevious(task, need, previous) === need) continue;
        restore(snapshot);
      }
      if (placeChunks(task, chunks, bestSlot)) continue;
      restore(snapshot);
      // the best-scored spot for one chunk can split the time the others need: pack tightly
      const largestFirst = [...chunks].sort((a, b) => b - a);
      if (placeChunks(task, largestFirst, firstSlot, true)) continue;
      restore(snapshot);
      unplaced.push({ taskId: task.id, reason: explain(task, need, chunks) });
    }

    function restore(snapshot: State) {
      Object.assign(state, {
        ...snapshot,
        load: new Map(snapshot.load),
        placed: [...snapshot.placed],
      });
    }

    function placeChunks(
      task: SchedulerTask,
      chunks: number[],
      slot: typeof bestSlot,
      firstFit = false,
    ): boolean {
      for (const minutes of chunks) {
        const found = slot(task, minutes * MINUTE);
        if (!found) return false;
        const block = { taskId: task.id, ...found.block };
        take(block, found.day);
        if (firstFit) packed.add(block);
      }
      return true;
    }

    /** The times thrown back for this task that touch a free interval. */
    function avoidedIn(task: SchedulerTask, f: Interval): Interval[] {
      return (avoidByTask.get(task.id) ?? []).filter((a) => a.end > f.start && a.start < f.end);
    }

    /** The earliest spot that fits (free intervals are kept sorted). */
    function firstSlot(task: SchedulerTask, length: number) {
      for (const f of state.free) {
        const day = dayOf(f.start);
        if (!day) continue;
        // right after a time the person threw back, when one starts the interval
        const starts = [f.start, ...avoidedIn(task, f).map((a) => a.end)];
        for (const at of starts) {
          const block = { start: ceilGrid(at), end: ceilGrid(at) + length };
          if (fits(block, day, task)) return { block, day, score: 0 };
        }
      }
      return undefined;
    }

    /** Keeps each of last plan's blocks that still fits; the minutes kept (0: plan afresh). */
    function keepPrevious(task: SchedulerTask, need: number, blocks: Block[]): number {
      if (blocks.length === 0) return 0;
      const total = blocks.reduce((s, b) => s + (b.end - b.start) / MINUTE, 0);
      // more than it needs: its estimate shrank, plan it afresh; less (it grew, or the person
      // threw a block back): keep what fits and place the rest
      if (total > need) return 0;
      let minutes = 0;
      for (const b of [...blocks].sort((x, y) => x.start - y.start)) {
        const day = dayOf(b.start);
        if (!day || !fits(b, day, task)) continue;
        const block = { taskId: task.id, start: b.start, end: b.end };
        take(block, day);
        keptBlocks.add(block);
        minutes += (b.end - b.start) / MINUTE;
      }
      return minutes;
    }

    function bestSlot(task: SchedulerTask, length: number) {
      let best: { block: Interval; day: Day; score: number } | undefined;
      const urgency = PRIORITY_WEIGHT[task.priority] + (task.deadline !== undefined ? 2 : 0);
      for (const f of state.free) {
        if (f.end - f.start < length) continue;
        const day = dayOf(f.start);
        if (!day) continue;
        const candidates = new Set<number>([ceilGrid(f.start), floorGrid(f.end - length)]);
        for (const w of day.windows) {
          if (w.start > f.start && w.start < f.end) candidates.add(ceilGrid(w.start));
          if (w.end > f.start && w.end < f.end) candidates.add(floorGrid(w.end - length));
        }
        for (const a of avoidedIn(task, f)) {
          candidates.add(ceilGrid(a.end));
          candidates.add(floorGrid(a.start - length));
        }
        for (const s of candidates) {
          const block = { start: s, end: s + length };
          if (!fits(block, day, task)) continue;
          const daysOut = (s - start) / 86_400_000;
          const score =
            2 * energyScore(task, block, day) -
            0.15 * urgency * daysOut -
            0.001 * ((s - day.work.start) / MINUTE / 60);
          if (!best || score > best.score + 1e-9) best = { block, day, score };
        }
      }
      return best;
    }

    /** Why a task could not be placed, in words. */
    function explain(task: SchedulerTask, need: number, chunks: number[]): string {
      const until = task.deadline ?? Number.POSITIVE_INFINITY;
      let freeMinutes = 0;
      for (const d of days) {
        const cap = profile.dailyLoadCapMinutes - (state.load.get(d.key) ?? 0);
        let dayFree = 0;
        for (const f of state.free) {
          dayFree +=
            overlapLength(f, { start: d.work.start, end: Math.min(d.work.end, until) }) / MINUTE;
        }
        freeMinutes += Math.max(0, Math.min(cap, dayFree));
      }
      const needText = hours(need);
      const freeText = hours(Math.floor(freeMinutes / 5) * 5);
      if (task.deadline !== undefined) {
        const due = DateTime.fromMillis(task.deadline, { zone: profile.timezone }).toFormat(
          "ccc d LLL, HH:mm",
        );
        return `Needs ${needText} before ${due}, but only ${freeText} is free in your working hours.`;
      }
      if (!task.splittable && chunks.length === 1 && freeMinutes >= need) {
        return `Needs one unbroken ${needText} block, and no free slot is that long. Allow splitting, or clear some time.`;
      }
      return `Needs ${needText}, but only ${freeText} is free in the next ${input.horizonDays} days.`;
    }

    state.placed.sort((a, b) => a.start - b.start);
    const placed = state.placed.map((b) => ({
      ...b,
      kept: keptBlocks.has(b),
      firstFit: packed.has(b),
    }));
    return { placed, unplaced, partialFailed };
  }

  // Earliest deadline first is the product rule; other orders can place more value when not
  // everything fits (low-priority work last; most important first; most value per hour; hard
  // work first). A plan from another
  // order is taken only when it scores higher AND keeps the deadline rule (keepsDueTasks).
  const edf = [...input.tasks].sort(
    (a, b) =>
      (a.deadline ?? Number.POSITIVE_INFINITY) - (b.deadline ?? Number.POSITIVE_INFINITY) ||
      PRIORITY_WEIGHT[b.priority] - PRIORITY_WEIGHT[a.priority] ||
      (a.energy === "high" ? 0 : 1) - (b.energy === "high" ? 0 : 1) ||
      a.id.localeCompare(b.id),
  );
  // a task whose kept blocks leave no room for the rest is planned afresh, whole
  const fresh = new Set<string>();
  const runFresh = (order: SchedulerTask[]): ScheduleResult => {
    for (;;) {
      const result = run(order, fresh);
      const again = result.partialFailed.filter((id) => !fresh.has(id));
      if (again.length === 0) return { placed: result.placed, unplaced: result.unplaced };
      for (const id of again) fresh.add(id);
    }
  };
  const base = runFresh(edf);
  if (base.unplaced.length === 0) return base;
  const lowLast = [...edf].sort(
    (a, b) => (a.priority === "low" ? 1 : 0) - (b.priority === "low" ? 1 : 0),
  );
  const mostImportant = [...edf].sort(
    (a, b) => PRIORITY_WEIGHT[b.priority] - PRIORITY_WEIGHT[a.priority],
  );
  // most value per hour of work first: many small important tasks before one long one
  const densest = [...edf].sort(
    (a, b) =>
      PRIORITY_WEIGHT[b.priority] / b.estimatedMinutes -
      PRIORITY_WEIGHT[a.priority] / a.estimatedMinutes,
  );
  // hard work first, so it gets the peak hours before routine work takes them
  const hardFirst = [...edf].sort(
    (a, b) => (a.energy === "high" ? 0 : 1) - (b.energy === "high" ? 0 : 1),
  );
  let best = base;
  let bestValue = planValue(base, input.tasks, days, start);
  for (const order of [lowLast, mostImportant, densest, hardFirst]) {
    const candidate = runFresh(order);
    if (!keepsDueTasks(base, candidate, input.tasks)) continue;
    const value = planValue(candidate, input.tasks, days, start);
    if (value > bestValue + 1e-6) {
      best = candidate;
      bestValue = value;
    }
  }
  return best;
}

function hours(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = minutes / 60;
  return `${Number.isInteger(h) ? h : h.toFixed(1)} h`;
}
