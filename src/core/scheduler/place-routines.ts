import { DateTime } from "luxon";
import { hhmmOf } from "../routines/routine-rules.ts";
import { normalize, overlapLength, subtract } from "./intervals.ts";
import { windowsOn } from "./schedule.ts";
import type { EnergyLevel, Interval, SchedulerProfile } from "./types.ts";

/**
 * Where a week's routine sessions go (issue 29). Pure and deterministic.
 *
 * Guarantees: each session sits inside its routine's daily window, on one of its allowed
 * days, never before `now`, never within the buffer of busy time nor the break around another
 * block or session; a routine never has two sessions on one day; a week never gets more than
 * `timesPerWeek` (sessions already held that week count). Sessions are generated only for the
 * horizon: a week the horizon cuts is spread as a whole week would be, and only its visible
 * days are written — the next plan places the rest.
 */

const MINUTE = 60_000;
const GRID = 5 * MINUTE;
const ceilGrid = (t: number) => Math.ceil(t / GRID) * GRID;
const floorGrid = (t: number) => Math.floor(t / GRID) * GRID;

export type SchedulerRoutine = {
  id: string;
  title: string;
  minutes: number;
  timesPerWeek: number;
  /** ISO weekdays 1–7. */
  days: number[];
  /** Minutes from local midnight. */
  window: { start: number; end: number };
  energy: "low" | "medium" | "high";
};

export type Session = Interval & { routineId: string };

/** A placed session, with what the reason needs: which of the week's sessions it is. */
export type PlacedSession = Session & {
  kept: boolean;
  /** Monday of its week (ISO date, local). */
  week: string;
  nth: number;
  of: number;
  /** It starts at the first free time of its window that day. */
  firstFree: boolean;
  /** The energy window it mostly sits in ("good" outside every window). */
  level: EnergyLevel;
};

export type UnplacedSessions = {
  routineId: string;
  week: string;
  placed: number;
  wanted: number;
  reason: string;
};

export type PlaceRoutinesInput = {
  profile: SchedulerProfile;
  /** In the order they claim time (the caller puts the more important first). */
  routines: SchedulerRoutine[];
  /** Events (own and connected): kept clear by the buffer. */
  busy: Interval[];
  /** Other blocks already placed (tasks): kept clear by the break. */
  taken?: Interval[];
  /** Sessions that stand (begun, past, or made the person's own): they count for their week. */
  held: Session[];
  /** Last plan's movable sessions: each stays where it still fits. */
  previous?: Session[];
  /** Days (local ISO dates) the person skipped a routine's session: it counts, and is not placed. */
  skipped?: { routineId: string; date: string }[];
  /** Routines edited since their sessions were placed: placed afresh. */
  changed?: string[];
  now: number;
  horizonDays: number;
};

export type PlaceRoutinesResult = { placed: PlacedSession[]; unplaced: UnplacedSessions[] };

type Slot = { start: number; end: number; score: number; firstFree: boolean };

/** One local day of the weeks the plan touches, with its energy windows as instants. */
type Day = {
  date: string;
  weekday: number;
  /** Local midnight. */
  start: number;
  /** Monday of its week (ISO date). */
  week: string;
  /** Days since the first Monday (for spreading). */
  index: number;
  windows: (Interval & { level: EnergyLevel })[];
};

export function placeRoutines(input: PlaceRoutinesInput): PlaceRoutinesResult {
  const { profile } = input;
  const zone = profile.timezone;
  const today = DateTime.fromMillis(input.now, { zone }).startOf("day");
  const horizonEnd = today.plus({ days: input.horizonDays }).toMillis();
  const start = ceilGrid(input.now);
  const buffer = profile.bufferMinutes * MINUTE;
  const gap = profile.breakMinutes * MINUTE;

  // the whole weeks (Monday first) from this one to the one the horizon ends in, built once
  // in the person's zone (DST-safe); everything after is arithmetic on instants
  const days: Day[] = [];
  const first = today.startOf("week");
  for (let d = 0; ; d++) {
    const date = first.plus({ days: d });
    if (date.weekday === 1 && date.toMillis() >= horizonEnd) break;
    days.push({
      date: date.toISODate()!,
      weekday: date.weekday,
      start: date.toMillis(),
      week: date.startOf("week").toISODate()!,
      index: d,
      windows: windowsOn(profile, date.weekday).map((w) => ({
        start: date.plus({ minutes: w.start }).toMillis(),
        end: date.plus({ minutes: w.end }).toMillis(),
        level: w.level,
      })),
    });
  }
  const todayStart = today.toMillis();
  /** The local day an instant falls on (undefined outside the weeks). */
  const dayAt = (t: number): Day | undefined => {
    let lo = 0;
    let hi = days.length - 1;
    if (hi < 0 || t < days[0]!.start) return undefined;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (days[mid]!.start <= t) lo = mid;
      else hi = mid - 1;
    }
    return days[lo];
  };

  let free: Interval[] = [{ start, end: horizonEnd }];
  for (const b of normalize(input.busy))
    free = subtract(free, { start: b.start - buffer, end: b.end + buffer });
  for (const b of [...(input.taken ?? []), ...input.held])
    free = subtract(free, { start: b.start - gap, end: b.end + gap });
  const take = (s: Interval) => {
    free = subtract(free, { start: s.start - gap, end: s.end + gap });
  };
  const isFree = (s: Interval) => free.some((f) => f.start <= s.start && s.end <= f.end);

  const changed = new Set(input.changed ?? []);
  const placed: PlacedSession[] = [];
  const unplaced: UnplacedSessions[] = [];
  const weeks = [...new Set(days.map((d) => d.week))];

  for (const routine of input.routines) {
    const length = routine.minutes * MINUTE;
    const allowed = new Set(routine.days);
    const windowOn = (day: Day) => ({
      start: day.start + routine.window.start * MINUTE,
      end: day.start + routine.window.end * MINUTE,
    });
    const mine: (Session & { day: Day })[] = [];
    const hold = (s: Session) => {
      const day = dayAt(s.start);
      if (day) mine.push({ ...s, day });
    };
    for (const s of input.held) if (s.routineId === routine.id) hold(s);
    // a skipped day's session counts for its week and keeps the day, taking no time
    for (const k of input.skipped ?? []) {
      const day = k.routineId === routine.id ? days.find((d) => d.date === k.date) : undefined;
      if (day) mine.push({ routineId: routine.id, start: day.start, end: day.start, day });
    }
    const countIn = (week: string) => mine.filter((m) => m.day.week === week).length;
    const dayUsed = (day: Day) => mine.some((m) => m.day === day);

    // last plan's sessions first: each that still fits stays where it is
    if (!changed.has(routine.id)) {
      const previous = (input.previous ?? [])
        .filter((s) => s.routineId === routine.id)
        .sort((a, b) => a.start - b.start);
      for (const s of previous) {
        const day = dayAt(s.start);
        if (!day) continue;
        const w = windowOn(day);
        const ok =
          s.start >= start &&
          s.end - s.start === length &&
          allowed.has(day.weekday) &&
          s.start >= w.start &&
          s.end <= w.end &&
          isFree(s) &&
          !dayUsed(day) &&
          countIn(day.week) < routine.timesPerWeek;
        if (!ok) continue;
        take(s);
        hold({ routineId: routine.id, start: s.start, end: s.end });
        placed.push(describe(s, day, true, false));
      }
    }

    for (const week of weeks) {
      const need = routine.timesPerWeek - countIn(week);
      if (need <= 0) continue;
      // every allowed day of the week not yet used and not past: its best slot, or none
      const candidates: { day: Day; slot: Slot; visible: boolean }[] = [];
      for (const day of days) {
        if (day.week !== week || !allowed.has(day.weekday) || day.start < todayStart) continue;
        if (dayUsed(day)) continue;
        const visible = day.start < horizonEnd;
        // beyond the horizon nothing is known yet: the window's best spot stands in for it
        const slot = visible ? bestSlot(day, free) : bestSlot(day, [windowOn(day)]);
        if (slot) candidates.push({ day, slot, visible });
      }
      // its days of this week whose window has not ended yet, free or not
      const open = days.filter(
        (d) => d.week === week && allowed.has(d.weekday) && !dayUsed(d) && windowOn(d).end > start,
      ).length;
      const heldDays = mine.filter((m) => m.day.week === week).map((m) => m.day.index);
      const chosen = choose(candidates, need, heldDays);
      for (const c of chosen) {
        if (!c.visible) continue;
        const s = { routineId: routine.id, start: c.slot.start, end: c.slot.end };
        take(s);
        hold(s);
        placed.push(describe(s, c.day, false, c.slot.firstFree));
      }
      if (chosen.length < need) {
        const got = routine.timesPerWeek - need + chosen.length;
        // fewer of its days are left this week than it needs (added on a Thursday): say that,
        // not that the days are full
        const why =
          open < need
            ? "the rest of its days this week have passed"
            : `no other allowed day has a free ${routine.minutes} min between ${hhmmOf(routine.window.start)} and ${hhmmOf(routine.window.end)}`;
        unplaced.push({
          routineId: routine.id,
          week,
          placed: got,
          wanted: routine.timesPerWeek,
          reason: `${got} of its ${routine.timesPerWeek} sessions fit this week, as ${why}. That's all right — next week starts fresh.`,
        });
      }
    }

    // which of its week's sessions each one is, in time order
    for (const p of placed) {
      if (p.routineId !== routine.id) continue;
      p.nth = mine.filter((m) => m.day.week === p.week && m.start <= p.start).length;
    }

    function describe(s: Interval, day: Day, kept: boolean, firstFree: boolean): PlacedSession {
      return {
        routineId: routine.id,
        start: s.start,
        end: s.end,
        kept,
        week: day.week,
        nth: 0,
        of: routine.timesPerWeek,
        firstFree,
        level: levelAt(s, day),
      };
    }

    /** The best start for a session on `day` inside its window and `room`. */
    function bestSlot(day: Day, room: Interval[]): Slot | undefined {
      const w = windowOn(day);
      let best: Slot | undefined;
      let firstStart: number | undefined;
      for (const f of room) {
        if (f.end <= w.start) continue;
        if (f.start >= w.end) break;
        const lo = Math.max(f.start, w.start, start);
        const hi = Math.min(f.end, w.end);
        if (hi - lo < length) continue;
        const candidates = new Set([ceilGrid(lo), floorGrid(hi - length)]);
        for (const e of day.windows) {
          if (e.start > lo && e.start < hi) candidates.add(ceilGrid(e.start));
          if (e.end > lo && e.end < hi) candidates.add(floorGrid(e.end - length));
        }
        for (const s of [...candidates].sort((a, b) => a - b)) {
          if (s < lo || s + length > hi) continue;
          firstStart ??= s;
          const block = { start: s, end: s + length };
          const score = energyFit(routine.energy, block, day) - 0.001 * ((s - w.start) / 3_600_000);
          if (!best || score > best.score + 1e-9) best = { ...block, score, firstFree: false };
        }
      }
      if (best) best.firstFree = best.start === firstStart;
      return best;
    }
  }

  placed.sort((a, b) => a.start - b.start);
  return { placed, unplaced };
}

function levelAt(block: Interval, day: Day): EnergyLevel {
  for (const w of day.windows)
    if (overlapLength(block, w) * 2 > block.end - block.start) return w.level;
  return "good";
}

/** How well a block suits the energy a session takes (as the task scheduler weighs it). */
function energyFit(energy: SchedulerRoutine["energy"], block: Interval, day: Day) {
  let peak = 0;
  let low = 0;
  for (const w of day.windows) {
    const o = overlapLength(block, w);
    if (w.level === "peak") peak += o;
    else if (w.level === "low") low += o;
  }
  const length = block.end - block.start;
  const p = peak / length;
  const l = low / length;
  const g = Math.max(0, 1 - p - l);
  if (energy === "high") return 3 * p + g - 2 * l;
  if (energy === "low") return 2 * l + g - 1.5 * p;
  return g + 0.3 * p - 0.5 * l;
}

/**
 * The `need` days (of those with room) that spread the week best: the best-scored set whose
 * closest two sessions (the week's held ones too) are furthest apart — gym on Mon, Wed, Fri
 * rather than Mon, Tue, Wed. At most C(7, 3) = 35 sets are weighed.
 */
function choose<C extends { day: Day; slot: Slot }>(
  candidates: C[],
  need: number,
  heldDays: number[],
): C[] {
  if (candidates.length <= need) return candidates;
  let best: { set: C[]; value: number } | undefined;
  const pick = (from: number, set: C[]) => {
    if (set.length === need) {
      const days = [...heldDays, ...set.map((c) => c.day.index)].sort((a, b) => a - b);
      let closest = 7;
      for (let i = 1; i < days.length; i++) closest = Math.min(closest, days[i]! - days[i - 1]!);
      const value = closest + set.reduce((s, c) => s + c.slot.score, 0) * 0.25;
      if (!best || value > best.value + 1e-9) best = { set: [...set], value };
      return;
    }
    for (let i = from; i < candidates.length; i++) {
      set.push(candidates[i]!);
      pick(i + 1, set);
      set.pop();
    }
  };
  pick(0, []);
  return best!.set;
}
