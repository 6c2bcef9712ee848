import { DateTime } from "luxon";
import {
  expandOccurrences,
  type Occurrence,
  type RecurrenceRule,
  type Series,
} from "./recurrence.ts";

/**
 * Editing one occurrence of a repeating event, or this and the following ones, or all.
 *
 * A series row keeps `exdates`: the occurrence starts it no longer produces itself, either
 * cancelled or replaced by an override (an ordinary one-off event row carrying the series'
 * id and the start it replaces, its RECURRENCE-ID). "This and following" ends the series
 * just before the occurrence (UNTIL) and starts a new one. These functions are the pure
 * maths both the server (on rows) and the browser's offline copy (on local events) use, so
 * the two agree on every edit. Exceptions are applied beside expansion, never inside it.
 */

/** A series with its exceptions. */
export type SeriesWithExceptions = Series & { exdates: readonly string[] };

const ms = (iso: string | Date) => new Date(iso).getTime();

/**
 * The occurrences overlapping [from, to) the series still produces itself: its expansion
 * without the exdates. At most `limit` (expansion's own default otherwise).
 */
export function expandWithExceptions(
  series: SeriesWithExceptions,
  range: { from: Date; to: Date; zone: string; limit?: number },
): Occurrence[] {
  if (!series.rule || series.exdates.length === 0) return expandOccurrences(series, range);
  const skipped = new Set(series.exdates.map(ms));
  const limit = range.limit;
  // ask for as many more as could be skipped, then cut back to the limit
  const more = limit === undefined ? range : { ...range, limit: limit + skipped.size };
  const kept = expandOccurrences(series, more).filter((o) => !skipped.has(o.start.getTime()));
  return limit === undefined ? kept : kept.slice(0, limit);
}

/** Is `occurrence` (an instant) the start of one of the series' occurrences, exceptions aside? */
export function isOccurrenceOf(series: Series, occurrence: Date, zone: string): boolean {
  if (!series.rule) return false;
  // a zero-length copy: only an occurrence starting exactly in [occ, occ + 1 ms) matches
  const instant = { ...series, end: series.start };
  const found = expandOccurrences(instant, {
    from: occurrence,
    to: new Date(occurrence.getTime() + 1),
    zone,
    limit: 1,
  });
  return found.length === 1 && found[0]!.start.getTime() === occurrence.getTime();
}

/** Is `occurrence` the series' first one (so "this and following" means the whole series)? */
export function isFirstOccurrence(series: Series, occurrence: Date): boolean {
  return ms(series.start) === occurrence.getTime();
}

/**
 * The rule of the part of a series before `occurrence`: ends (UNTIL) just before it, a
 * second before for timed series, the day before for all-day ones (UNTIL is then a date).
 * A COUNT becomes that UNTIL, which ends the series at the same place.
 */
export function ruleEndingBefore(
  rule: RecurrenceRule,
  occurrence: Date,
  allDay: boolean,
): RecurrenceRule {
  const until = new Date(occurrence.getTime() - (allDay ? 86_400_000 : 1000)).toISOString();
  return { ...rule, until, count: null };
}

/**
 * How many occurrences the series had before `occurrence` (for carrying a COUNT over to
 * the new series of a "this and following" edit: the new one gets what remains).
 */
export function occurrencesBefore(series: Series, occurrence: Date, zone: string): number {
  const before = expandOccurrences(
    { ...series, end: series.start },
    { from: new Date(ms(series.start)), to: occurrence, zone },
  );
  return before.length;
}

/** Exdates that stay with the part of a series before `occurrence`. */
export const exdatesBefore = (exdates: readonly string[], occurrence: Date) =>
  exdates.filter((d) => ms(d) < occurrence.getTime());

/** Adds an occurrence start to a series' exdates (no duplicates, in order). */
export function withExdate(exdates: readonly string[], occurrence: Date): string[] {
  const iso = occurrence.toISOString();
  if (exdates.some((d) => ms(d) === occurrence.getTime())) return [...exdates];
  return [...exdates, iso].sort();
}

/**
 * Moving a whole series by dragging one of its occurrences: the wall-clock shift from the
 * occurrence to its new start, in the series' zone (so a move made in winter keeps summer
 * occurrences at the same local time), applied to another instant of the series.
 */
export function wallClockShifter(from: Date, to: Date, zone: string): (instant: string) => string {
  const floating = (d: Date | string) =>
    DateTime.fromJSDate(new Date(d), { zone }).setZone("UTC", { keepLocalTime: true });
  const shift = floating(to).diff(floating(from));
  return (instant) =>
    floating(instant)
      .plus(shift)
      .setZone(zone, { keepLocalTime: true })
      .toUTC()
      .toISO({ suppressMilliseconds: false })!;
}

/**
 * Weekday codes of a rule moved by `days` (a weekly series dragged from Tuesday to
 * Wednesday repeats on Wednesdays); numbered codes (2TU) keep their number.
 */
export function shiftByDay(byDay: readonly string[] | null, days: number): string[] | null {
  if (!byDay || days % 7 === 0) return byDay ? [...byDay] : null;
  const names = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];
  return byDay.map((code) => {
    const match = /^([+-]?\d)?([A-Z]{2})$/.exec(code);
    if (!match) return code;
    const at = names.indexOf(match[2]!);
    return `${match[1] ?? ""}${names[(((at + days) % 7) + 7) % 7]}`;
  });
}

/** Whole days between two instants' calendar dates in `zone`. */
export function dayDelta(from: Date, to: Date, zone: string): number {
  const a = DateTime.fromJSDate(from, { zone }).startOf("day");
  const b = DateTime.fromJSDate(to, { zone }).startOf("day");
  return Math.round(b.diff(a, "days").days);
}
