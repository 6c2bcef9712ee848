import { describe, expect, it } from "vitest";
import {
  dayDelta,
  exdatesBefore,
  expandWithExceptions,
  isFirstOccurrence,
  isOccurrenceOf,
  occurrencesBefore,
  ruleEndingBefore,
  type SeriesWithExceptions,
  shiftByDay,
  wallClockShifter,
  withExdate,
} from "./occurrences.ts";

// Daily at 09:00 in Paris across the change to summer time (Sunday 29 March 2026):
// 09:00 CET is 08:00Z before it, 09:00 CEST is 07:00Z from it on.
const ZONE = "Europe/Paris";
const gym: SeriesWithExceptions = {
  start: "2026-03-26T08:00:00.000Z",
  end: "2026-03-26T09:00:00.000Z",
  allDay: false,
  rule: {
    frequency: "DAILY",
    interval: 1,
    byDay: null,
    byMonthDay: null,
    until: null,
    count: 8,
  },
  exdates: [],
};
const window = { from: new Date("2026-03-01T00:00:00Z"), to: new Date("2026-05-01T00:00:00Z") };
const starts = (s: SeriesWithExceptions) =>
  expandWithExceptions(s, { ...window, zone: ZONE }).map((o) => o.start.toISOString());

describe("occurrences of a series across a DST change", () => {
  it("knows its occurrences by the start the series defines, on both sides of the change", () => {
    expect(isOccurrenceOf(gym, new Date("2026-03-28T08:00:00Z"), ZONE)).toBe(true);
    expect(isOccurrenceOf(gym, new Date("2026-03-30T07:00:00Z"), ZONE)).toBe(true);
    // 08:00Z on the 30th is 10:00 CEST: not an occurrence
    expect(isOccurrenceOf(gym, new Date("2026-03-30T08:00:00Z"), ZONE)).toBe(false);
    // after COUNT ran out
    expect(isOccurrenceOf(gym, new Date("2026-04-03T07:00:00Z"), ZONE)).toBe(false);
    expect(isOccurrenceOf({ ...gym, rule: null }, new Date(gym.start), ZONE)).toBe(false);
    expect(isFirstOccurrence(gym, new Date(gym.start))).toBe(true);
  });

  it("this: an exdate removes exactly that occurrence, and the limit still counts kept ones", () => {
    const cancelled = { ...gym, exdates: withExdate([], new Date("2026-03-30T07:00:00Z")) };
    expect(starts(cancelled)).toEqual([
      "2026-03-26T08:00:00.000Z",
      "2026-03-27T08:00:00.000Z",
      "2026-03-28T08:00:00.000Z",
      "2026-03-29T07:00:00.000Z",
      "2026-03-31T07:00:00.000Z",
      "2026-04-01T07:00:00.000Z",
      "2026-04-02T07:00:00.000Z",
    ]);
    expect(withExdate(cancelled.exdates, new Date("2026-03-30T07:00:00Z"))).toHaveLength(1);
    const twoSkipped = {
      ...cancelled,
      exdates: withExdate(cancelled.exdates, new Date("2026-03-26T08:00:00Z")),
    };
    expect(
      expandWithExceptions(twoSkipped, { ...window, zone: ZONE, limit: 2 }).map((o) =>
        o.start.toISOString(),
      ),
    ).toEqual(["2026-03-27T08:00:00.000Z", "2026-03-28T08:00:00.000Z"]);
  });

  it("following: the old series ends just before the occurrence, COUNT becoming UNTIL", () => {
    const split = new Date("2026-03-30T07:00:00Z");
    const before: SeriesWithExceptions = {
      ...gym,
      rule: ruleEndingBefore(gym.rule!, split, false),
      exdates: exdatesBefore(["2026-03-27T08:00:00.000Z", "2026-03-31T07:00:00.000Z"], split),
    };
    expect(before.rule?.count).toBeNull();
    expect(before.exdates).toEqual(["2026-03-27T08:00:00.000Z"]);
    expect(starts(before)).toEqual([
      "2026-03-26T08:00:00.000Z",
      "2026-03-28T08:00:00.000Z",
      "2026-03-29T07:00:00.000Z",
    ]);
    // the new series gets what remains of the count
    expect(gym.rule!.count! - occurrencesBefore(gym, split, ZONE)).toBe(4);
  });

  it("following on an all-day series ends on the day before (UNTIL is a date)", () => {
    const daily: SeriesWithExceptions = {
      ...gym,
      start: "2026-03-26T00:00:00.000Z",
      end: "2026-03-27T00:00:00.000Z",
      allDay: true,
    };
    const rule = ruleEndingBefore(daily.rule!, new Date("2026-03-29T00:00:00Z"), true);
    expect(rule.until).toBe("2026-03-28T00:00:00.000Z");
    expect(starts({ ...daily, rule })).toHaveLength(3);
  });

  it("all: dragging a summer occurrence an hour later moves winter ones an hour later too", () => {
    // the 31 March occurrence (09:00 CEST) goes to 10:00 CEST
    const shift = wallClockShifter(
      new Date("2026-03-31T07:00:00Z"),
      new Date("2026-03-31T08:00:00Z"),
      ZONE,
    );
    // the first occurrence, in winter: 09:00 CET → 10:00 CET (09:00Z), not 10:00 in UTC terms
    expect(shift(gym.start)).toBe("2026-03-26T09:00:00.000Z");
    expect(shift("2026-03-30T07:00:00.000Z")).toBe("2026-03-30T08:00:00.000Z");
    const moved = { ...gym, start: shift(gym.start), end: "2026-03-26T10:00:00.000Z" };
    expect(starts(moved).slice(2, 4)).toEqual([
      "2026-03-28T09:00:00.000Z",
      "2026-03-29T08:00:00.000Z",
    ]);
  });

  it("all: a move to another day moves weekly weekdays with it", () => {
    expect(shiftByDay(["TU", "TH"], 1)).toEqual(["WE", "FR"]);
    expect(shiftByDay(["SU"], 1)).toEqual(["MO"]);
    expect(shiftByDay(["MO"], -1)).toEqual(["SU"]);
    expect(shiftByDay(["2TU"], 1)).toEqual(["2WE"]);
    expect(shiftByDay(null, 3)).toBeNull();
    expect(dayDelta(new Date("2026-03-28T23:30:00Z"), new Date("2026-03-29T06:00:00Z"), ZONE)).toBe(
      0,
    );
    expect(dayDelta(new Date("2026-03-28T08:00:00Z"), new Date("2026-03-30T07:00:00Z"), ZONE)).toBe(
      2,
    );
  });
});
