import type { Frequency } from "../contract/calendar.ts";

/**
 * Where to start expanding a series so that the work is bounded by the window, not by the
 * series' age. All dates here are "floating" (wall-clock time written as UTC, see
 * recurrence.ts), so whole days, weeks, months and years are plain UTC arithmetic.
 *
 * rrule walks every period from DTSTART; a daily series from 1970 read in 2099 walks 47,000
 * days. Moving DTSTART forward by a whole number of periods (of INTERVAL units each) to the
 * start of the period that holds the window gives the same occurrences from there on,
 * provided that
 * - the BYxxx values rrule would have derived from the old DTSTART are written out
 *   (a weekly series repeats on the old start's weekday, not on the new one's);
 * - the new DTSTART is the first instant of its period (the Monday of a week, the 1st of a
 *   month, 1 January) at the series' time of day, so no occurrence of that period is lost;
 * - COUNT is reduced by the occurrences before the new DTSTART.
 */
export type SeekRule = {
  frequency: Frequency;
  interval: number;
  /** Plain or numbered weekday codes, as stored. */
  byDay: string[] | null;
  byMonthDay: number | null;
  count: number | null;
};

export type Seek = {
  dtstart: Date;
  /** The rule's COUNT less the occurrences before `dtstart`; null without COUNT. */
  count: number | null;
  /** Defaults rrule derived from the original DTSTART, written out (rrule numbering). */
  byWeekday: number[] | null;
  byMonthDay: number | null;
  byMonth: number | null;
  /** How many whole periods were skipped. */
  periods: number;
};

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const CODES = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];

/** rrule's weekday number (Monday 0 … Sunday 6) of a floating date. */
export const weekdayOf = (d: Date) => (d.getUTCDay() + 6) % 7;

const timeOfDay = (d: Date) =>
  d.getTime() - Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());

/** The first instant at the series' time of day of the period k·interval periods after dtstart's. */
function periodStart(freq: Frequency, dtstart: Date, periods: number): Date {
  const y = dtstart.getUTCFullYear();
  const m = dtstart.getUTCMonth();
  const t = timeOfDay(dtstart);
  switch (freq) {
    case "DAILY":
      return new Date(dtstart.getTime() + periods * DAY_MS);
    case "WEEKLY":
      return new Date(dtstart.getTime() - weekdayOf(dtstart) * DAY_MS + periods * WEEK_MS);
    case "MONTHLY":
      return new Date(Date.UTC(y, m + periods, 1) + t);
    case "YEARLY":
      return new Date(Date.UTC(y + periods, 0, 1) + t);
  }
}

/** Whole periods (in units of the frequency) from dtstart's period to target's. */
function unitsBetween(freq: Frequency, dtstart: Date, target: Date): number {
  switch (freq) {
    case "DAILY":
      return Math.floor((target.getTime() - dtstart.getTime()) / DAY_MS);
    case "WEEKLY":
      return Math.floor((target.getTime() - periodStart("WEEKLY", dtstart, 0).getTime()) / WEEK_MS);
    case "MONTHLY":
      return (
        (target.getUTCFullYear() - dtstart.getUTCFullYear()) * 12 +
        target.getUTCMonth() -
        dtstart.getUTCMonth()
      );
    case "YEARLY":
      return target.getUTCFullYear() - dtstart.getUTCFullYear();
  }
}

const plainDays = (byDay: string[] | null) =>
  byDay?.every((d) => CODES.includes(d)) ? [...new Set(byDay.map((d) => CODES.indexOf(d)))] : null;

/**
 * Occurrences strictly before the period `periods` intervals after dtstart's, computed
 * arithmetically for the rules where that is exact; null for the rest (numbered weekdays,
 * month days that some months lack), which the caller counts by iterating — bounded there
 * by COUNT itself.
 */
function occurrencesBefore(rule: SeekRule, dtstart: Date, periods: number): number | null {
  const days = plainDays(rule.byDay);
  switch (rule.frequency) {
    case "DAILY": {
      if (rule.byMonthDay !== null) return null;
      if (!rule.byDay) return periods;
      if (!days) return null;
      // the weekday of the j-th period repeats every 7 periods
      const w0 = weekdayOf(dtstart);
      const hits = (j: number) => days.includes((w0 + j * rule.interval) % 7);
      let perCycle = 0;
      for (let j = 0; j < 7; j++) if (hits(j)) perCycle++;
      let n = Math.floor(periods / 7) * perCycle;
      for (let j = 0; j < periods % 7; j++) if (hits(j)) n++;
      return n;
    }
    case "WEEKLY": {
      if (rule.byMonthDay !== null) return null;
      const week = rule.byDay ? days : [weekdayOf(dtstart)];
      if (!week) return null;
      // the first week counts only the days from dtstart's weekday on (same time of day)
      const first = week.filter((d) => d >= weekdayOf(dtstart)).length;
      return first + (periods - 1) * week.length;
    }
    case "MONTHLY": {
      if (rule.byDay) return null;
      const day = rule.byMonthDay ?? dtstart.getUTCDate();
      if (day < 1 || day > 28) return null;
      return (day >= dtstart.getUTCDate() ? 1 : 0) + periods - 1;
    }
    case "YEARLY": {
      if (rule.byDay || rule.byMonthDay !== null) return null;
      const leapDay = dtstart.getUTCMonth() === 1 && dtstart.getUTCDate() === 29;
      return leapDay ? null : periods;
    }
  }
}

/**
 * Where to start a series' expansion to see every occurrence at or after `target`, or null
 * when the series' own start is already within one period of it (nothing to skip).
 * `countBefore` is asked only when arithmetic cannot say, and only for rules with COUNT:
 * it counts the original rule's occurrences before a date (at most COUNT of them).
 */
export function seekStart(
  rule: SeekRule,
  dtstart: Date,
  target: Date,
  countBefore: (before: Date) => number,
): Seek | null {
  const units = unitsBetween(rule.frequency, dtstart, target);
  let k = Math.floor(units / rule.interval);
  let start = periodStart(rule.frequency, dtstart, k * rule.interval);
  // the period's first instant can still be after target (target early on the 1st, say)
  if (start > target) {
    k -= 1;
    start = periodStart(rule.frequency, dtstart, k * rule.interval);
  }
  if (k < 1) return null;
  const defaults = !rule.byDay && rule.byMonthDay === null;
  const seek: Seek = {
    dtstart: start,
    count: null,
    byWeekday: defaults && rule.frequency === "WEEKLY" ? [weekdayOf(dtstart)] : null,
    byMonthDay:
      defaults && (rule.frequency === "MONTHLY" || rule.frequency === "YEARLY")
        ? dtstart.getUTCDate()
        : null,
    byMonth: defaults && rule.frequency === "YEARLY" ? dtstart.getUTCMonth() + 1 : null,
    periods: k,
  };
  if (rule.count === null) return seek;
  const before = occurrencesBefore(rule, dtstart, k) ?? countBefore(start);
  return { ...seek, count: rule.count - before };
}

// ---- rules that never match ----
// rrule only stops walking periods at a match, at UNTIL/COUNT or in the year 9999: a rule
// none of whose periods has a day (every 7th day on a weekday it never lands on; the first
// Monday on the 20th) walks ~8,000 years. The Gregorian calendar repeats every 400 years,
// so a rule that matches in no visited period of one cycle matches never, and one that does
// match has gaps shorter than a cycle.

const CYCLE_YEARS = 400;
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
const isLeap = (y: number) => daysIn(y, 1) === 29;

type DayCode = { n: number; weekday: number };
const parseDays = (byDay: string[]): DayCode[] =>
  byDay.map((code) => ({
    n: code.length > 2 ? Number(code.slice(0, -2)) : 0,
    weekday: CODES.indexOf(code.slice(-2)),
  }));

/** Is day `d` of month `m` a candidate of a MONTHLY/YEARLY rule with BYDAY and/or BYMONTHDAY? */
function isCandidate(
  rule: SeekRule,
  days: DayCode[] | null,
  at: { y: number; m: number; d: number; index: number; length: number },
): boolean {
  const monthLength = daysIn(at.y, at.m);
  if (rule.byMonthDay !== null) {
    const want = rule.byMonthDay > 0 ? rule.byMonthDay : monthLength + rule.byMonthDay + 1;
    if (at.d !== want) return false;
  }
  if (!days) return true;
  const weekday = weekdayOf(new Date(Date.UTC(at.y, at.m, at.d)));
  // numbered weekdays count within the month (MONTHLY) or the year (YEARLY), from either end
  return days.some(
    ({ n, weekday: w }) =>
      w === weekday &&
      (n === 0 ||
        (n > 0 ? Math.ceil(at.index / 7) === n : Math.ceil((at.length - at.index + 1) / 7) === -n)),
  );
}

function monthMatches(rule: SeekRule, days: DayCode[] | null, y: number, m: number): boolean {
  const length = daysIn(y, m);
  for (let d = 1; d <= length; d++) {
    if (isCandidate(rule, days, { y, m, d, index: d, length })) return true;
  }
  return false;
}

function yearMatches(rule: SeekRule, days: DayCode[] | null, y: number): boolean {
  const length = isLeap(y) ? 366 : 365;
  let index = 0;
  for (let m = 0; m < 12; m++) {
    for (let d = 1; d <= daysIn(y, m); d++) {
      index++;
      if (isCandidate(rule, days, { y, m, d, index, length })) return true;
    }
  }
  return false;
}

/**
 * False when the rule (as rrule reads it, from `dtstart`) has no occurrence at all, so it
 * must not be handed to rrule. Cheap for the usual rules (answered without a loop); the
 * rare shapes that can miss periods are checked over one 400-year cycle of visited periods,
 * stopping at the first that matches.
 */
export function canRecur(rule: SeekRule, dtstart: Date): boolean {
  const y0 = dtstart.getUTCFullYear();
  const m0 = dtstart.getUTCMonth();
  const d0 = dtstart.getUTCDate();
  const days = rule.byDay ? parseDays(rule.byDay) : null;
  switch (rule.frequency) {
    case "DAILY":
      // every 7th day is always the same weekday
      return !days || rule.interval % 7 !== 0 || days.some((d) => d.weekday === weekdayOf(dtstart));
    case "WEEKLY":
      return true;
    case "MONTHLY": {
      const fixed = { ...rule, byMonthDay: rule.byMonthDay ?? (days ? null : d0) };
      for (let j = 0; j * rule.interval < CYCLE_YEARS * 12; j++) {
        const month = m0 + j * rule.interval;
        if (monthMatches(fixed, days, y0 + Math.floor(month / 12), month % 12)) return true;
      }
      return false;
    }
    case "YEARLY": {
      if (!days && rule.byMonthDay === null) {
        // rrule's default: the start's month and day, which only 29 February can miss
        if (m0 !== 1 || d0 !== 29) return true;
        for (let j = 0; j * rule.interval < CYCLE_YEARS; j++) {
          if (isLeap(y0 + j * rule.interval)) return true;
        }
        return false;
      }
      for (let j = 0; j * rule.interval < CYCLE_YEARS; j++) {
        if (yearMatches(rule, days, y0 + j * rule.interval)) return true;
      }
      return false;
    }
  }
}
