import { DateTime } from "luxon";
import type { Frequency } from "../contract/calendar.ts";
import { localToUtc } from "./local-time.ts";
import { canRecur, type Seek, seekStart } from "./recurrence-seek.ts";
import { RRule, type Weekday } from "./rrule-lib.ts";

export type RecurrenceRule = {
  frequency: Frequency;
  interval: number;
  /** Weekday codes, optionally numbered for monthly/yearly repeats: MO, 2TU, -1FR. */
  byDay: string[] | null;
  byMonthDay: number | null;
  /** ISO instant; the last occurrence starts at or before it. */
  until: string | null;
  count: number | null;
};

/** An event as recurrence maths sees it: where it starts, how long it lasts, how it repeats. */
export type Series = {
  start: string;
  end: string | null;
  allDay: boolean;
  rule: RecurrenceRule | null;
};

export type Occurrence = { start: Date; end: Date };

const DAY_MS = 86_400_000;
/** A generous bound so one malformed series cannot stall a list or a feed. */
export const MAX_OCCURRENCES = 2000;

/** How long one occurrence lasts: the stored end, or a day (all-day) / nothing (timed). */
export function durationMs(series: Series): number {
  if (series.end) return Date.parse(series.end) - Date.parse(series.start);
  return series.allDay ? DAY_MS : 0;
}

const FREQ = {
  DAILY: RRule.DAILY,
  WEEKLY: RRule.WEEKLY,
  MONTHLY: RRule.MONTHLY,
  YEARLY: RRule.YEARLY,
} as const;
const WEEKDAY: Record<string, Weekday> = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
};

function toWeekday(code: string): Weekday {
  const match = /^([+-]?\d)?([A-Z]{2})$/.exec(code);
  const day = WEEKDAY[match?.[2] ?? ""];
  if (!day) throw new Error(`bad weekday code ${code}`);
  return match?.[1] ? day.nth(Number(match[1])) : day;
}

/**
 * rrule works on "floating" times: the wall-clock time in the series' zone written as if it
 * were UTC. Expanding there and converting each result back keeps 09:00 at 09:00 on both
 * sides of a daylight-saving change, which is what calendar clients do with TZID.
 */
function toFloating(instant: Date | string, zone: string): Date {
  const local = DateTime.fromJSDate(new Date(instant), { zone });
  return new Date(
    Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second),
  );
}

/**
 * Back from the wall frame by the one rule Sage reads every local time with, its own series
 * and connected ones alike (RFC 5545): the hour a DST change repeats is its first
 * occurrence (01:30 on the night clocks go back is the earlier, summer-time 01:30), and the
 * hour it skips takes the offset before the gap (02:30 → 03:30 summer time).
 */
function fromFloating(floating: Date, zone: string): Date {
  return new Date(localToUtc(floating.getTime(), zone));
}

const WEEKDAY_BY_NUMBER = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];

function buildRule(
  rule: RecurrenceRule,
  floatingStart: Date,
  zone: string,
  seek?: Seek | null,
): RRule {
  return new RRule({
    freq: FREQ[rule.frequency],
    interval: rule.interval,
    dtstart: seek?.dtstart ?? floatingStart,
    byweekday:
      rule.byDay?.map(toWeekday) ?? seek?.byWeekday?.map((n) => WEEKDAY_BY_NUMBER[n]!) ?? null,
    bymonthday: rule.byMonthDay ?? seek?.byMonthDay ?? null,
    bymonth: seek?.byMonth ?? null,
    until: rule.until ? toFloating(rule.until, zone) : null,
    count: seek?.count ?? rule.count ?? null,
    wkst: RRule.MO,
  });
}

/**
 * The series' rule, started at the period that holds `from` (floating) rather than at the
 * series' start: see recurrence-seek.ts. Null when the rule never matches, or COUNT ran out
 * before `from`.
 */
function ruleFrom(series: Series, rule: RecurrenceRule, zone: string, from: Date): RRule | null {
  const floatingStart = toFloating(series.start, zone);
  if (!canRecur(rule, floatingStart)) return null;
  const seek = seekStart(rule, floatingStart, from, (before) => {
    // only for COUNT rules that arithmetic cannot count: rrule stops after COUNT matches
    let n = 0;
    buildRule(rule, floatingStart, zone).between(floatingStart, before, true, (d) => {
      if (d < before) n++;
      return d < before;
    });
    return n;
  });
  if (seek && seek.count !== null && seek.count <= 0) return null;
  return buildRule(rule, floatingStart, zone, seek);
}

/**
 * The occurrences of a series that overlap [from, to), in start order. Timed series repeat
 * at the same wall-clock time in `zone` (an IANA name); all-day series repeat by date.
 * Never returns more than `limit` occurrences. The work is bounded by the window (and the
 * event's duration), whatever the series' start or frequency: expansion starts at the
 * period holding the window's start.
 */
export function expandOccurrences(
  series: Series,
  range: { from: Date; to: Date; zone: string; limit?: number },
): Occurrence[] {
  const duration = durationMs(series);
  const limit = range.limit ?? MAX_OCCURRENCES;
  const overlaps = (start: number) =>
    start < range.to.getTime() &&
    (duration > 0 ? start + duration > range.from.getTime() : start >= range.from.getTime());

  if (!series.rule) {
    const start = Date.parse(series.start);
    return overlaps(start) ? [{ start: new Date(start), end: new Date(start + duration) }] : [];
  }
  const zone = series.allDay ? "UTC" : range.zone;
  // widen the window by the duration and a day, then filter exactly in real time
  const after = toFloating(new Date(range.from.getTime() - duration - DAY_MS), zone);
  const before = toFloating(new Date(range.to.getTime() + DAY_MS), zone);
  if (before <= after) return [];
  const rule = ruleFrom(series, series.rule, zone, after);
  if (!rule) return [];
  const out: Occurrence[] = [];
  rule.between(after, before, true, (floating) => {
    const start = fromFloating(floating, zone).getTime();
    if (overlaps(start)) out.push({ start: new Date(start), end: new Date(start + duration) });
    return out.length < limit;
  });
  return out;
}

/** Does the series have at least one occurrence overlapping [from, to)? */
export function occursBetween(series: Series, range: { from: Date; to: Date; zone: string }) {
  return expandOccurrences(series, { ...range, limit: 1 }).length > 0;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `YYYYMMDD` (all-day) or `YYYYMMDDTHHMMSSZ` in UTC, as RRULE's UNTIL wants it. */
function formatUntil(until: string, allDay: boolean): string {
  const d = new Date(until);
  const date = `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
  if (allDay) return date;
  return `${date}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

/** The RRULE value (without the `RRULE:` name) for the feed. UNTIL is UTC, as RFC 5545 asks. */
export function toRRuleValue(rule: RecurrenceRule, allDay: boolean): string {
  const parts = [`FREQ=${rule.frequency}`];
  if (rule.interval > 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.byDay?.length) parts.push(`BYDAY=${rule.byDay.join(",")}`);
  if (rule.byMonthDay) parts.push(`BYMONTHDAY=${rule.byMonthDay}`);
  if (rule.until) parts.push(`UNTIL=${formatUntil(rule.until, allDay)}`);
  if (rule.count) parts.push(`COUNT=${rule.count}`);
  return parts.join(";");
}
