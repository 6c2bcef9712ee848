import ICAL from "ical.js";
import { LIMITS } from "../../contract/calendar.ts";
import { type EventData, readEvent, type ZonedValue } from "./read-event.ts";
import {
  CalendarDataError,
  EXTERNAL_LIMITS,
  type ExternalOccurrence,
  type ExternalSeries,
  type SeriesBounds,
  tooManyOverrides,
} from "./types.ts";
import { wallAsUtc, wallFromUtcMs, wallToInstant } from "./zones.ts";

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Wall clocks run at most 14 h from UTC (Pacific/Kiritimati): the margin of the wall frame. */
const ZONE_MARGIN = 14 * HOUR;
const PERIOD_MS: Record<string, number> = {
  SECONDLY: 1000,
  MINUTELY: 60_000,
  HOURLY: HOUR,
  DAILY: DAY,
  WEEKLY: 7 * DAY,
};

export type ExpandContext = {
  from: Date;
  to: Date;
  /** The person's IANA zone: floating times (without X-WR-TIMEZONE) and all-day days. */
  personZone: string;
  /** The person's addresses, lower case: an ATTENDEE among them with PARTSTAT=DECLINED frees the time. */
  addresses: readonly string[];
  /**
   * Recurrence steps left for the whole calendar, shared by every series expanded with it
   * (a calendar of many hostile series stops as early as one); decremented in place.
   */
  budget?: { steps: number };
};

type Reader = { instant: (v: ZonedValue) => number; key: (v: ZonedValue) => string };

function readerFor(series: ExternalSeries, personZone: string): Reader {
  const floating = series.floatingZone ?? personZone;
  const instant = (v: ZonedValue): number => {
    if (v.wall.isDate)
      return wallToInstant({ ...v.wall, hour: 0, minute: 0, second: 0 }, personZone);
    if (v.zone.kind === "utc") return wallAsUtc(v.wall);
    if (v.zone.kind === "tzid") {
      const ref = series.zones[v.zone.tzid];
      if (ref) return wallToInstant(v.wall, ref);
    }
    return wallToInstant(v.wall, floating);
  };
  const key = (v: ZonedValue) => (v.wall.isDate ? `d:${wallAsUtc(v.wall)}` : `t:${instant(v)}`);
  return { instant, key };
}

/** An occurrence's length: DTEND, else DURATION, else the RFC 5545 default (a day / nothing). */
function lengthOf(e: EventData, r: Reader): number {
  if (e.start.wall.isDate) {
    const days = e.end?.wall.isDate
      ? Math.round((wallAsUtc(e.end.wall) - wallAsUtc(e.start.wall)) / DAY)
      : e.durationSeconds !== null
        ? Math.ceil((e.durationSeconds * 1000) / DAY)
        : 1;
    return Math.max(1, days) * DAY;
  }
  const ms = e.end
    ? r.instant(e.end) - r.instant(e.start)
    : e.durationSeconds !== null
      ? e.durationSeconds * 1000
      : 0;
  return Math.max(0, ms);
}

function isBusy(e: EventData, allDay: boolean, addresses: readonly string[]): boolean {
  if (e.transp === "TRANSPARENT") return false;
  if (allDay && e.transp !== "OPAQUE") return false;
  return !e.attendees.some((a) => a.partstat === "DECLINED" && addresses.includes(a.address));
}

function budgetError(summary: string | null): CalendarDataError {
  const name = summary ? `"${summary.slice(0, 80)}"` : "An event";
  return new CalendarDataError(
    `${name} repeats more often than Sage can follow, so this calendar was not read`,
    "too-complex",
  );
}

/**
 * A recurrence iterator in the wall frame whose every inner step is counted: ical.js can
 * loop without end on rules no date satisfies (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30), so the
 * step that exceeds the budget throws instead. Never runs more than `maxStepsPerSeries` steps.
 */
function boundedIterator(rule: ICAL.Recur, start: ICAL.Time, onStep: () => void) {
  const iterator = rule.iterator(start) as ICAL.RecurIterator & {
    check_contracting_rules: () => boolean;
  };
  const check = iterator.check_contracting_rules.bind(iterator);
  iterator.check_contracting_rules = () => {
    onStep();
    return check();
  };
  return iterator;
}

/** An occurrence's original start: DTSTART, an RDATE (maybe a PERIOD), or the rule's. */
type Candidate = ZonedValue;

/**
 * The occurrences of one series overlapping [from, to), in start order: RRULE, RDATE and
 * EXDATE in the event's own zone (09:00 stays 09:00 across DST), RECURRENCE-ID overrides
 * (moved or cancelled, RANGE=THISANDFUTURE too), cancelled occurrences left out.
 * Iteration starts near the window when the rule allows it; the work is bounded by
 * EXTERNAL_LIMITS and a series over them throws CalendarDataError.
 */
export function expandSeries(series: ExternalSeries, ctx: ExpandContext): ExternalOccurrence[] {
  const events = series.components
    .map((c) => readEvent(new ICAL.Component(c)))
    .filter((e): e is EventData => e !== null);
  const master = events.find((e) => !e.recurrenceId);
  const overrides = events.filter((e) => e.recurrenceId);
  if (overrides.length > EXTERNAL_LIMITS.maxOverrides) {
    throw tooManyOverrides(master?.summary ?? series.uid);
  }
  const r = readerFor(series, ctx.personZone);
  const from = ctx.from.getTime();
  const to = ctx.to.getTime();
  const out: ExternalOccurrence[] = [];

  const emit = (e: EventData, startMs: number, lengthMs: number, rid: ZonedValue | null) => {
    if (e.status === "CANCELLED") return;
    const allDay = e.start.wall.isDate;
    const end = startMs + lengthMs;
    const overlaps = lengthMs === 0 ? startMs >= from && startMs < to : startMs < to && end > from;
    if (!overlaps) return;
    if (out.length >= EXTERNAL_LIMITS.maxOccurrencesPerSeries) throw budgetError(e.summary);
    // all-day: the date itself, as midnight UTC (the instant was the person's local midnight)
    const startDate = allDay ? wallAsUtc(dateAt(startMs, ctx.personZone)) : startMs;
    out.push({
      uid: series.uid,
      recurrenceId: rid ? new Date(r.instant(rid)).toISOString() : null,
      title: e.summary ?? "Busy",
      location: e.location,
      start: new Date(startDate),
      end: new Date(startDate + (allDay ? Math.round(lengthMs / DAY) * DAY : lengthMs)),
      allDay,
      busy: isBusy(e, allDay, ctx.addresses),
    });
  };

  for (const o of overrides) emit(o, r.instant(o.start), lengthOf(o, r), o.recurrenceId);
  if (master) expandMaster(master, overrides, r, ctx, emit);
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The local date at an instant, as a wall time at midnight. */
function dateAt(ms: number, zone: string) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: 0,
    minute: 0,
    second: 0,
    isDate: true,
  };
}

function expandMaster(
  master: EventData,
  overrides: EventData[],
  r: Reader,
  ctx: ExpandContext,
  emit: (e: EventData, startMs: number, lengthMs: number, rid: ZonedValue | null) => void,
): void {
  const exact = new Set(
    overrides.filter((o) => !o.thisAndFuture).map((o) => r.key(o.recurrenceId!)),
  );
  const ranges = overrides
    .filter((o) => o.thisAndFuture)
    .map((o) => {
      const rid = r.instant(o.recurrenceId!);
      return { rid, shift: r.instant(o.start) - rid, event: o };
    })
    .sort((a, b) => a.rid - b.rid);
  const excluded = new Set(master.exdates.map((x) => r.key(x)));
  const baseLength = lengthOf(master, r);
  const maxShift = Math.max(0, ...ranges.map((x) => Math.abs(x.shift) + lengthOf(x.event, r)));

  const seen = new Set<string>();
  const consider = (c: Candidate) => {
    const key = r.key(c);
    // DTSTART, an RDATE and the rule may name the same start: one occurrence
    if (seen.has(key)) return;
    seen.add(key);
    if (exact.has(key) || excluded.has(key)) return;
    const original = r.instant(c);
    const range = ranges.findLast((x) => x.rid <= original);
    if (range && r.key(range.event.recurrenceId!) === key) return; // emitted as the override itself
    if (range) emit(range.event, original + range.shift, lengthOf(range.event, r), c);
    else
      emit(
        master,
        original,
        periodLength(c, r) ?? baseLength,
        master.rrule || master.rdates.length ? c : null,
      );
  };

  // RFC 5545: DTSTART is always the first occurrence, whether or not the rule matches it
  consider(master.start);
  if (!master.rrule) {
    for (const d of master.rdates) consider(d);
    return;
  }
  const wallFrom = ctx.from.getTime() - ZONE_MARGIN - maxShift - baseLength;
  const wallTo = ctx.to.getTime() + ZONE_MARGIN + maxShift;
  for (const d of master.rdates) {
    const w = wallAsUtc(d.wall);
    if (w >= wallFrom - DAY && w <= wallTo) consider(d);
  }
  iterateRule(master, { wallFrom, wallTo, consider, r, budget: ctx.budget });
}

/** An RDATE PERIOD's own length (a timed one); null for anything else. */
function periodLength(c: Candidate, r: Reader): number | null {
  if (!c.period || c.wall.isDate) return null;
  return "seconds" in c.period
    ? Math.max(0, c.period.seconds * 1000)
    : Math.max(0, r.instant(c.period.end) - r.instant(c));
}

const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A rule no date can ever satisfy (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30): ical.js would
 * search for a match until its step budget ran out. Such a rule adds nothing to DTSTART.
 */
function neverMatches(rule: ICAL.Recur): boolean {
  const parts = rule.parts as Record<string, number[] | undefined>;
  const days = parts.BYMONTHDAY;
  if (!days?.length) return false;
  const months = parts.BYMONTH?.length ? parts.BYMONTH : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  return !months.some((m) =>
    days.some((d) => {
      const length = MONTH_DAYS[m - 1] ?? 0;
      return d > 0 ? d <= length : -d <= length;
    }),
  );
}

/**
 * Where to start ical.js's iterator so its first answer is a real occurrence. With BYSETPOS
 * ical.js answers a date near DTSTART that the rule does not give (DTSTART a Sunday, "the
 * last weekday of the month" → the Monday after): started one whole period earlier, at the
 * period's first day, that stray answer falls before DTSTART and is dropped.
 */
function primedStart(rule: ICAL.Recur, dtstart: ICAL.Time): ICAL.Time {
  const parts = rule.parts as Record<string, unknown[] | undefined>;
  if (!parts.BYSETPOS?.length) return dtstart;
  const interval = rule.interval || 1;
  const at = (year: number, month: number, day: number) =>
    ICAL.Time.fromData({
      year,
      month,
      day,
      hour: dtstart.hour,
      minute: dtstart.minute,
      second: dtstart.second,
      isDate: dtstart.isDate,
    });
  if (rule.freq === "MONTHLY") {
    const months = dtstart.year * 12 + (dtstart.month - 1) - interval;
    return at(Math.floor(months / 12), (months % 12) + 1, 1);
  }
  if (rule.freq === "YEARLY") return at(dtstart.year - interval, 1, 1);
  if (rule.freq === "WEEKLY") {
    const t = dtstart.clone();
    t.adjust(-7 * interval, 0, 0, 0);
    return t;
  }
  return dtstart;
}

/**
 * The rule's occurrences after DTSTART (DTSTART itself is considered by the caller). COUNT
 * is counted here, DTSTART as the first (RFC 5545), so a DTSTART the rule does not match
 * is never lost nor doubled.
 */
function iterateRule(
  master: EventData,
  opts: {
    wallFrom: number;
    wallTo: number;
    consider: (c: Candidate) => void;
    r: Reader;
    budget: { steps: number } | undefined;
  },
): void {
  const rule = master.rrule!.clone();
  if (neverMatches(rule)) return;
  const until = rule.until;
  const count = rule.count;
  rule.until = null;
  rule.count = null;
  const isDate = master.start.wall.isDate;
  const dtstart = wallAsUtc(master.start.wall);
  let start = ICAL.Time.fromData({ ...wallFromUtcMs(dtstart, isDate), isDate });
  const period = PERIOD_MS[rule.freq];
  if (period && !count) {
    // Without COUNT, whole periods can be skipped: the rule's phase is unchanged, and the
    // moved start (which may not match the rule) lies before the window by two periods.
    const step = period * (rule.interval || 1);
    const target = opts.wallFrom - 2 * step;
    if (target > dtstart)
      start = ICAL.Time.fromData({
        ...wallFromUtcMs(dtstart + Math.floor((target - dtstart) / step) * step, isDate),
        isDate,
      });
  } else start = primedStart(rule, start);
  const skipped = wallAsUtc(wallOf(start));
  let steps = 0;
  const onStep = () => {
    if (++steps > EXTERNAL_LIMITS.maxStepsPerSeries) throw budgetError(master.summary);
    if (opts.budget && --opts.budget.steps < 0) throw budgetError(master.summary);
  };
  const untilMs = until ? untilLimit(until, master, opts.r) : Number.POSITIVE_INFINITY;
  const iterator = boundedIterator(rule, start, onStep);
  let counted = 1; // DTSTART
  for (let t = iterator.next(); t; t = iterator.next()) {
    onStep();
    const wall = {
      year: t.year,
      month: t.month,
      day: t.day,
      hour: t.hour,
      minute: t.minute,
      second: t.second,
      isDate,
    };
    const w = wallAsUtc(wall);
    if (w > opts.wallTo) break;
    // DTSTART and what precedes it (a moved or primed start) are not the rule's to give
    if (w <= dtstart || (skipped !== dtstart && w === skipped)) continue;
    if (count && ++counted > count) break;
    const candidate = { wall, zone: master.start.zone };
    if (
      (isDate || until?.zone !== ICAL.Timezone.utcTimezone ? w : opts.r.instant(candidate)) >
      untilMs
    )
      break;
    if (w < opts.wallFrom) continue;
    opts.consider(candidate);
  }
}

/** UNTIL as a limit comparable with occurrences: an instant (UTC) or a wall time (date, floating). */
function untilLimit(until: ICAL.Time, master: EventData, r: Reader): number {
  if (until.isDate)
    return wallAsUtc({ ...wallOf(until), isDate: true }) + (master.start.wall.isDate ? 0 : DAY - 1);
  if (until.zone === ICAL.Timezone.utcTimezone)
    return r.instant({ wall: wallOf(until), zone: { kind: "utc" } });
  return wallAsUtc(wallOf(until));
}

const wallOf = (t: ICAL.Time) => ({
  year: t.year,
  month: t.month,
  day: t.day,
  hour: t.hour,
  minute: t.minute,
  second: t.second,
  isDate: t.isDate,
});

/**
 * Coarse bounds of a series for the database prefilter: the earliest wall time minus the
 * zone margin, and the last end (null when the series repeats without end, or with a COUNT
 * too large to walk cheaply).
 */
/**
 * The instants Sage holds: the contract's years (LIMITS.minYear to the end of maxYear).
 * A calendar may say UNTIL=99991231 or DTSTART:00010101; PostgreSQL cannot store an ISO
 * year past 9999 (22009) and no view or plan reaches past these years anyway.
 */
export const HELD_RANGE = {
  from: Date.UTC(LIMITS.minYear, 0, 1),
  to: Date.UTC(LIMITS.maxYear + 1, 0, 1),
} as const;
const held = (ms: number) => Math.min(Math.max(ms, HELD_RANGE.from), HELD_RANGE.to);

/**
 * Coarse bounds of a series for the database prefilter, within HELD_RANGE: a series that
 * runs past it is kept up to the bound (a window inside the years still finds it), one
 * wholly outside gets empty bounds at the edge, so no window ever lists it.
 */
export function seriesBounds(series: ExternalSeries): SeriesBounds {
  const events = series.components
    .map((c) => readEvent(new ICAL.Component(c)))
    .filter((e): e is EventData => e !== null);
  const r = readerFor(series, "UTC");
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  let unbounded = false;
  const maxLength = Math.max(0, ...events.map((e) => lengthOf(e, r)));
  const maxShift = Math.max(
    0,
    ...events
      .filter((e) => e.recurrenceId)
      .map((e) => Math.abs(wallAsUtc(e.start.wall) - wallAsUtc(e.recurrenceId!.wall))),
  );
  for (const e of events) {
    for (const v of [e.start, ...e.rdates]) {
      first = Math.min(first, wallAsUtc(v.wall));
      last = Math.max(last, wallAsUtc(v.wall));
    }
    if (!e.rrule) continue;
    if (e.rrule.until) last = Math.max(last, wallAsUtc(wallOf(e.rrule.until)) + DAY);
    else if (e.rrule.count && e.rrule.count <= 2_000) {
      let lastWall = wallAsUtc(e.start.wall);
      try {
        let steps = 0;
        const it = boundedIterator(e.rrule, ICAL.Time.fromData({ ...e.start.wall }), () => {
          if (++steps > EXTERNAL_LIMITS.maxStepsPerSeries) throw budgetError(e.summary);
        });
        for (let t = it.next(); t; t = it.next()) lastWall = wallAsUtc(wallOf(t));
        last = Math.max(last, lastWall);
      } catch {
        unbounded = true;
      }
    } else unbounded = true;
  }
  if (first === Number.POSITIVE_INFINITY) first = 0;
  return {
    firstStart: new Date(held(first - ZONE_MARGIN - maxShift)),
    lastEnd: unbounded ? null : new Date(held(last + maxLength + ZONE_MARGIN + maxShift)),
  };
}

/** A series' title for a message: its master's SUMMARY (else any event's), else its UID. */
export function seriesTitle(series: ExternalSeries): string {
  let title: string | null = null;
  for (const c of series.components) {
    const component = new ICAL.Component(c);
    const summary = component.getFirstPropertyValue("summary");
    if (typeof summary !== "string" || !summary.trim()) continue;
    title = summary.trim();
    if (!component.hasProperty("recurrence-id")) break;
  }
  return (title ?? series.uid).slice(0, 80);
}
