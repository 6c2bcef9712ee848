import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import type { Frequency } from "../contract/calendar.ts";
import { expandOccurrences, type RecurrenceRule, type Series } from "./recurrence.ts";
import { canRecur, seekStart } from "./recurrence-seek.ts";
import { RRule } from "./rrule-lib.ts";

const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];
const never = () => {
  throw new Error("arithmetic should have counted this rule");
};

describe("seekStart", () => {
  it("starts a daily series from 1970 on the day before a window in 2099", () => {
    const seek = seekStart(
      { frequency: "DAILY", interval: 1, byDay: null, byMonthDay: null, count: null },
      new Date("1970-01-01T09:00:00Z"),
      new Date("2099-11-30T10:00:00Z"),
      never,
    );
    expect(seek?.dtstart.toISOString()).toBe("2099-11-30T09:00:00.000Z");
  });

  it("keeps a weekly series' week phase and weekday, starting on the Monday of its week", () => {
    // every 3rd week on Wednesday from Wednesday 7 January 1970
    const seek = seekStart(
      { frequency: "WEEKLY", interval: 3, byDay: null, byMonthDay: null, count: null },
      new Date("1970-01-07T08:00:00Z"),
      new Date("2030-06-01T00:00:00Z"),
      never,
    );
    const start = seek!.dtstart;
    expect(start.getUTCDay()).toBe(1); // a Monday
    expect(start.toISOString().slice(11)).toBe("08:00:00.000Z");
    const weeks = (start.getTime() - Date.parse("1970-01-05T08:00:00Z")) / (7 * 86_400_000);
    expect(weeks % 3).toBe(0);
    expect(Date.parse("2030-06-01T00:00:00Z") - start.getTime()).toBeLessThan(21 * 86_400_000);
    expect(seek!.byWeekday).toEqual([2]); // Wednesday, from the original start
  });

  it("starts a monthly series on the 1st and writes out the original day of the month", () => {
    const seek = seekStart(
      { frequency: "MONTHLY", interval: 1, byDay: null, byMonthDay: null, count: null },
      new Date("1970-01-31T12:00:00Z"),
      new Date("2099-12-01T06:00:00Z"),
      never,
    );
    // 1 December 12:00 is after the target: the period before it is the one to start in
    expect(seek?.dtstart.toISOString()).toBe("2099-11-01T12:00:00.000Z");
    expect(seek?.byMonthDay).toBe(31);
  });

  it("does not move a series that starts within one period of the target", () => {
    const rule = { frequency: "WEEKLY" as const, interval: 1, byDay: null, byMonthDay: null };
    const start = new Date("2025-06-04T08:00:00Z");
    expect(
      seekStart({ ...rule, count: null }, start, new Date("2025-06-08T00:00:00Z"), never),
    ).toBeNull();
  });

  it("reduces COUNT by the occurrences skipped, by arithmetic for plain rules", () => {
    // Mondays and Fridays from Wednesday 1 January 2025: the first week holds only Friday
    const seek = seekStart(
      { frequency: "WEEKLY", interval: 1, byDay: ["MO", "FR"], byMonthDay: null, count: 100 },
      new Date("2025-01-01T09:00:00Z"),
      new Date("2025-03-05T00:00:00Z"),
      never,
    );
    // 9 weeks skipped (30 Dec … 24 Feb): 1 + 8 × 2 = 17 occurrences before 3 March
    expect(seek?.dtstart.toISOString()).toBe("2025-03-03T09:00:00.000Z");
    expect(seek?.count).toBe(83);
  });

  it("asks the caller to count rules arithmetic cannot (numbered weekdays)", () => {
    let asked: Date | null = null;
    const seek = seekStart(
      { frequency: "MONTHLY", interval: 1, byDay: ["-1FR"], byMonthDay: null, count: 50 },
      new Date("2025-01-31T16:00:00Z"),
      new Date("2026-01-10T00:00:00Z"),
      (before) => {
        asked = before;
        return 12;
      },
    );
    expect(asked).toEqual(new Date("2026-01-01T16:00:00Z"));
    expect(seek?.count).toBe(38);
  });
});

// ---- the bounded expansion against rrule walking from the series' start (the old code) ----

function toFloating(instant: string | Date, zone: string): Date {
  const l = DateTime.fromJSDate(new Date(instant), { zone });
  return new Date(Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second));
}
function fromFloating(f: Date, zone: string): Date {
  return DateTime.fromObject(
    {
      year: f.getUTCFullYear(),
      month: f.getUTCMonth() + 1,
      day: f.getUTCDate(),
      hour: f.getUTCHours(),
      minute: f.getUTCMinutes(),
      second: f.getUTCSeconds(),
    },
    { zone },
  ).toJSDate();
}

function referenceStarts(series: Series, from: Date, to: Date, zone: string): string[] {
  const rule = series.rule!;
  const z = series.allDay ? "UTC" : zone;
  const duration = series.end ? Date.parse(series.end) - Date.parse(series.start) : 0;
  const day = (code: string) => {
    const m = /^([+-]?\d)?([A-Z]{2})$/.exec(code)!;
    const wd = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU][
      WEEKDAYS.indexOf(m[2]!)
    ]!;
    return m[1] ? wd.nth(Number(m[1])) : wd;
  };
  const rr = new RRule({
    freq: {
      DAILY: RRule.DAILY,
      WEEKLY: RRule.WEEKLY,
      MONTHLY: RRule.MONTHLY,
      YEARLY: RRule.YEARLY,
    }[rule.frequency],
    interval: rule.interval,
    dtstart: toFloating(series.start, z),
    byweekday: rule.byDay?.map(day) ?? null,
    bymonthday: rule.byMonthDay,
    until: rule.until ? toFloating(rule.until, z) : null,
    count: rule.count,
    wkst: RRule.MO,
  });
  const after = toFloating(new Date(from.getTime() - duration - 86_400_000), z);
  const before = toFloating(new Date(to.getTime() + 86_400_000), z);
  return rr
    .between(after, before, true)
    .map((f) => fromFloating(f, z).getTime())
    .filter(
      (s) =>
        s < to.getTime() && (duration > 0 ? s + duration > from.getTime() : s >= from.getTime()),
    )
    .map((s) => new Date(s).toISOString());
}

const floating = (series: Series, zone: string) =>
  toFloating(series.start, series.allDay ? "UTC" : zone);

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomSeries(r: () => number): { series: Series; from: Date; to: Date; zone: string } {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const frequency = pick<Frequency>(["DAILY", "WEEKLY", "MONTHLY", "YEARLY"]);
  const interval = pick([1, 1, 1, 2, 3, 5, 7, 13, 52]);
  const allDay = r() < 0.2;
  const startMs = Date.UTC(1970 + Math.floor(r() * 40), 0, 1) + Math.floor(r() * 365) * 86_400_000;
  const start = new Date(allDay ? startMs : startMs + Math.floor(r() * 96) * 900_000);
  const days = WEEKDAYS.filter(() => r() < 0.3);
  const ordinal = frequency === "MONTHLY" || frequency === "YEARLY";
  let byDay: string[] | null = null;
  let byMonthDay: number | null = null;
  const shape = r();
  if (shape < 0.35 && days.length) byDay = days;
  else if (shape < 0.5 && ordinal) byDay = [`${pick([1, 2, 4, -1])}${pick(WEEKDAYS)}`];
  else if (shape < 0.65 && ordinal) byMonthDay = pick([1, 15, 28, 29, 30, 31, -1, -2]);
  const end = r() < 0.7 ? Math.floor(r() * 48) * 1_800_000 : 2 * 86_400_000;
  const limitShape = r();
  const rule: RecurrenceRule = {
    frequency,
    interval,
    byDay,
    byMonthDay,
    count: limitShape < 0.4 ? 1 + Math.floor(r() * 1000) : null,
    until:
      limitShape > 0.8
        ? new Date(start.getTime() + Math.floor(r() * 15 * 365) * 86_400_000).toISOString()
        : null,
  };
  const from = new Date(start.getTime() + (r() * 12 - 1) * 365 * 86_400_000);
  const to = new Date(from.getTime() + (1 + Math.floor(r() * 60)) * 86_400_000);
  return {
    series: {
      start: start.toISOString(),
      end: new Date(start.getTime() + end).toISOString(),
      allDay,
      rule,
    },
    from,
    to,
    zone: pick(["UTC", "Europe/Berlin", "America/New_York", "Pacific/Auckland", "Asia/Kolkata"]),
  };
}

describe("expandOccurrences started at the window", () => {
  it("gives the same occurrences as walking from the series' start, for 300 random series", {
    timeout: 60_000,
  }, () => {
    const r = random(14);
    for (let i = 0; i < 300; i++) {
      const { series, from, to, zone } = randomSeries(r);
      // a rule that never matches makes the reference walk to the year 9999 (see below)
      if (!canRecur(series.rule!, floating(series, zone))) continue;
      const ours = expandOccurrences(series, { from, to, zone }).map((o) => o.start.toISOString());
      const ref = referenceStarts(series, from, to, zone);
      expect(ours, JSON.stringify({ i, series, from, to, zone })).toEqual(ref);
    }
  });
});

describe("canRecur", () => {
  const rule = (r: Partial<Parameters<typeof canRecur>[0]>) => ({
    frequency: "MONTHLY" as const,
    interval: 1,
    byDay: null,
    byMonthDay: null,
    count: null,
    ...r,
  });
  const wednesday = new Date("2025-01-01T09:00:00Z");

  it("finds the rules rrule would walk to the year 9999 for", () => {
    // every 7th day is a Wednesday, never a Monday
    expect(canRecur(rule({ frequency: "DAILY", interval: 7, byDay: ["MO"] }), wednesday)).toBe(
      false,
    );
    // the first Monday of a month is never its 20th
    expect(canRecur(rule({ byDay: ["1MO"], byMonthDay: 20 }), wednesday)).toBe(false);
    // every 12 months from February: never a 30th
    const february = new Date("2025-02-01T09:00:00Z");
    expect(canRecur(rule({ interval: 12, byMonthDay: 30 }), february)).toBe(false);
    // the first Monday of the year is never on a 20th either
    expect(canRecur(rule({ frequency: "YEARLY", byDay: ["1MO"], byMonthDay: 20 }), wednesday)).toBe(
      false,
    );
  });

  it("keeps rules that match, however rarely", () => {
    expect(canRecur(rule({ frequency: "DAILY", interval: 7, byDay: ["WE"] }), wednesday)).toBe(
      true,
    );
    expect(canRecur(rule({ frequency: "DAILY", interval: 3, byDay: ["MO"] }), wednesday)).toBe(
      true,
    );
    // 29 February every 12 months: leap years only
    const leapDay = new Date("2024-02-29T09:00:00Z");
    expect(canRecur(rule({ interval: 12 }), leapDay)).toBe(true);
    expect(canRecur(rule({ frequency: "YEARLY" }), leapDay)).toBe(true);
    // a fifth Sunday on 29 February (Feb 1 a Sunday in a leap year: every 28 years)
    expect(canRecur(rule({ interval: 12, byDay: ["5SU"], byMonthDay: 29 }), leapDay)).toBe(true);
    expect(
      canRecur(rule({ frequency: "YEARLY", byDay: ["-1FR"], byMonthDay: 31 }), wednesday),
    ).toBe(true);
  });

  it("lets expandOccurrences answer a never-matching series at once", () => {
    const series: Series = {
      start: "2025-01-01T09:00:00Z",
      end: null,
      allDay: false,
      rule: {
        frequency: "DAILY",
        interval: 7,
        byDay: ["MO"],
        byMonthDay: null,
        until: null,
        count: null,
      },
    };
    const range = { from: new Date("2025-01-01"), to: new Date("2026-01-01"), zone: "UTC" };
    expect(expandOccurrences(series, range)).toEqual([]);
  });
});
