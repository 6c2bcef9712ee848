import { describe, expect, it } from "vitest";
import { wallToInstant } from "./external/zones.ts";
import { expandOccurrences, occursBetween, type Series, toRRuleValue } from "./recurrence.ts";

const range = (from: string, to: string, zone = "UTC") => ({
  from: new Date(from),
  to: new Date(to),
  zone,
});
const starts = (series: Series, r: ReturnType<typeof range>) =>
  expandOccurrences(series, r).map((o) => o.start.toISOString());

const rule = (r: Partial<NonNullable<Series["rule"]>>): NonNullable<Series["rule"]> => ({
  frequency: "WEEKLY",
  interval: 1,
  byDay: null,
  byMonthDay: null,
  until: null,
  count: null,
  ...r,
});

describe("expandOccurrences", () => {
  it("returns a one-off event only when it overlaps the range", () => {
    const s: Series = {
      start: "2025-05-05T09:00:00Z",
      end: "2025-05-05T10:00:00Z",
      allDay: false,
      rule: null,
    };
    expect(starts(s, range("2025-05-05T09:30:00Z", "2025-05-06T00:00:00Z"))).toHaveLength(1);
    expect(starts(s, range("2025-05-05T10:00:00Z", "2025-05-06T00:00:00Z"))).toHaveLength(0);
    expect(starts(s, range("2025-05-04T00:00:00Z", "2025-05-05T09:00:00Z"))).toHaveLength(0);
  });

  it("keeps the wall-clock time of a weekly series across a DST change in the user's zone", () => {
    const s: Series = {
      start: "2025-10-20T13:00:00Z", // Monday 15:00 in Berlin (CEST)
      end: null,
      allDay: false,
      rule: rule({ frequency: "WEEKLY" }),
    };
    expect(
      starts(s, range("2025-10-20T00:00:00Z", "2025-11-04T00:00:00Z", "Europe/Berlin")),
    ).toEqual([
      "2025-10-20T13:00:00.000Z",
      "2025-10-27T14:00:00.000Z", // 15:00 CET
      "2025-11-03T14:00:00.000Z",
    ]);
  });

  it("moves an occurrence that falls in the spring-forward gap to the first valid time", () => {
    const s: Series = {
      start: "2025-03-29T01:30:00Z", // 02:30 CET on Saturday 29 March
      end: null,
      allDay: false,
      rule: rule({ frequency: "DAILY", count: 2 }),
    };
    // 30 March 02:30 does not exist in Berlin; it becomes 03:30 CEST (01:30Z)
    expect(
      starts(s, range("2025-03-01T00:00:00Z", "2025-04-01T00:00:00Z", "Europe/Berlin")),
    ).toEqual(["2025-03-29T01:30:00.000Z", "2025-03-30T01:30:00.000Z"]);
  });

  it("reads the hour the clocks repeat as its first occurrence, as connected calendars do", () => {
    const s: Series = {
      start: "2026-10-31T05:30:00Z", // 01:30 EDT on Saturday 31 October
      end: null,
      allDay: false,
      rule: rule({ frequency: "DAILY", count: 3 }),
    };
    // 1 November 01:30 happens twice in New York: the first, still summer time (05:30Z)
    const ours = starts(
      s,
      range("2026-10-01T00:00:00Z", "2026-12-01T00:00:00Z", "America/New_York"),
    );
    expect(ours).toEqual([
      "2026-10-31T05:30:00.000Z",
      "2026-11-01T05:30:00.000Z",
      "2026-11-02T06:30:00.000Z",
    ]);
    // the reader of connected calendars gives the same instant for the same wall clock
    const wall = { year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0, isDate: false };
    expect(new Date(wallToInstant(wall, "America/New_York")).toISOString()).toBe(ours[1]);
  });

  it("supports interval, BYDAY lists and numbered weekdays", () => {
    const weekly: Series = {
      start: "2025-06-02T08:00:00Z",
      end: null,
      allDay: false,
      rule: rule({ interval: 2, byDay: ["MO", "WE"], count: 4 }),
    };
    expect(starts(weekly, range("2025-01-01T00:00:00Z", "2026-01-01T00:00:00Z"))).toEqual([
      "2025-06-02T08:00:00.000Z",
      "2025-06-04T08:00:00.000Z",
      "2025-06-16T08:00:00.000Z",
      "2025-06-18T08:00:00.000Z",
    ]);
    const lastFriday: Series = {
      start: "2025-01-31T16:00:00Z",
      end: null,
      allDay: false,
      rule: rule({ frequency: "MONTHLY", byDay: ["-1FR"], count: 3 }),
    };
    expect(starts(lastFriday, range("2025-01-01T00:00:00Z", "2026-01-01T00:00:00Z"))).toEqual([
      "2025-01-31T16:00:00.000Z",
      "2025-02-28T16:00:00.000Z",
      "2025-03-28T16:00:00.000Z",
    ]);
  });

  it("skips months without the 31st for a monthly series on day 31", () => {
    const s: Series = {
      start: "2025-01-31T12:00:00Z",
      end: null,
      allDay: false,
      rule: rule({ frequency: "MONTHLY", byMonthDay: 31, count: 3 }),
    };
    expect(starts(s, range("2025-01-01T00:00:00Z", "2026-01-01T00:00:00Z"))).toEqual([
      "2025-01-31T12:00:00.000Z",
      "2025-03-31T12:00:00.000Z",
      "2025-05-31T12:00:00.000Z",
    ]);
  });

  it("stops at UNTIL and COUNT", () => {
    const until: Series = {
      start: "2025-01-01T09:00:00Z",
      end: null,
      allDay: false,
      rule: rule({ frequency: "DAILY", until: "2025-01-03T09:00:00Z" }),
    };
    expect(starts(until, range("2024-12-01T00:00:00Z", "2025-02-01T00:00:00Z"))).toHaveLength(3);
    const count: Series = { ...until, rule: rule({ frequency: "DAILY", count: 5 }) };
    expect(starts(count, range("2025-01-04T00:00:00Z", "2025-02-01T00:00:00Z"))).toEqual([
      "2025-01-04T09:00:00.000Z",
      "2025-01-05T09:00:00.000Z",
    ]);
  });

  it("includes an occurrence that started before the range but is still running", () => {
    const s: Series = {
      start: "2025-01-01T22:00:00Z",
      end: "2025-01-02T02:00:00Z",
      allDay: false,
      rule: rule({ frequency: "DAILY" }),
    };
    expect(starts(s, range("2025-01-05T00:00:00Z", "2025-01-05T01:00:00Z"))).toEqual([
      "2025-01-04T22:00:00.000Z",
    ]);
  });

  it("repeats all-day events by date whatever the zone", () => {
    const s: Series = {
      start: "2025-02-28T00:00:00Z",
      end: null,
      allDay: true,
      rule: rule({ frequency: "YEARLY", count: 2 }),
    };
    expect(
      starts(s, range("2025-01-01T00:00:00Z", "2027-01-01T00:00:00Z", "Pacific/Auckland")),
    ).toEqual(["2025-02-28T00:00:00.000Z", "2026-02-28T00:00:00.000Z"]);
  });

  it("never returns more than the limit", () => {
    const s: Series = {
      start: "2025-01-01T00:00:00Z",
      end: null,
      allDay: false,
      rule: rule({ frequency: "DAILY" }),
    };
    const r = { ...range("2025-01-01T00:00:00Z", "2035-01-01T00:00:00Z"), limit: 50 };
    expect(expandOccurrences(s, r)).toHaveLength(50);
    expect(occursBetween(s, range("2030-01-01T00:00:00Z", "2030-01-02T00:00:00Z"))).toBe(true);
  });
});

describe("expandOccurrences of old series in far windows", () => {
  const daily1970: Series = {
    start: "1970-01-01T08:00:00Z", // 09:00 in Berlin (CET)
    end: "1970-01-01T09:00:00Z",
    allDay: false,
    rule: rule({ frequency: "DAILY" }),
  };

  it("finds the occurrence of a daily series from 1970 in a window in 2099, at 09:00 local", () => {
    // winter (CET) and summer (CEST): the same wall-clock time, different UTC
    expect(
      starts(daily1970, range("2099-12-01T00:00:00Z", "2099-12-02T00:00:00Z", "Europe/Berlin")),
    ).toEqual(["2099-12-01T08:00:00.000Z"]);
    expect(
      starts(daily1970, range("2099-07-01T00:00:00Z", "2099-07-02T00:00:00Z", "Europe/Berlin")),
    ).toEqual(["2099-07-01T07:00:00.000Z"]);
  });

  it("keeps 09:00 local across a DST change for a series started decades earlier", () => {
    // Berlin leaves summer time on Sunday 25 October 2099
    expect(
      starts(daily1970, range("2099-10-24T00:00:00Z", "2099-10-27T00:00:00Z", "Europe/Berlin")),
    ).toEqual(["2099-10-24T07:00:00.000Z", "2099-10-25T08:00:00.000Z", "2099-10-26T08:00:00.000Z"]);
  });

  it("keeps INTERVAL's phase: every 3rd day from 1 January 1970", () => {
    const s: Series = { ...daily1970, rule: rule({ frequency: "DAILY", interval: 3 }) };
    // 2099-12-01 is day 47,451 after 1970-01-01 = 3 × 15,817
    expect(starts(s, range("2099-11-29T00:00:00Z", "2099-12-05T00:00:00Z"))).toEqual([
      "2099-12-01T08:00:00.000Z",
      "2099-12-04T08:00:00.000Z",
    ]);
  });

  it("keeps weekly BYDAY with INTERVAL: Mondays and Fridays every other week from 1970", () => {
    const s: Series = {
      start: "1970-01-05T10:00:00Z", // a Monday
      end: null,
      allDay: false,
      rule: rule({ interval: 2, byDay: ["MO", "FR"] }),
    };
    // 2099-11-30 is a Monday 6,778 weeks (even) after 1970-01-05
    expect(starts(s, range("2099-11-23T00:00:00Z", "2099-12-12T00:00:00Z"))).toEqual([
      "2099-11-30T10:00:00.000Z",
      "2099-12-04T10:00:00.000Z",
    ]);
  });

  it("ends a COUNT series where walking from its start would, and finds nothing later", () => {
    // 1,000 days from 1 January 1970: the last is 26 September 1972
    const s: Series = { ...daily1970, rule: rule({ frequency: "DAILY", count: 1000 }) };
    expect(starts(s, range("1972-09-25T00:00:00Z", "1972-10-01T00:00:00Z"))).toEqual([
      "1972-09-25T08:00:00.000Z",
      "1972-09-26T08:00:00.000Z",
    ]);
    expect(starts(s, range("2099-12-01T00:00:00Z", "2099-12-02T00:00:00Z"))).toEqual([]);
    // a numbered weekday is counted by iterating, bounded by COUNT: the 12th last Friday
    const fridays: Series = {
      start: "1970-01-30T16:00:00Z",
      end: null,
      allDay: false,
      rule: rule({ frequency: "MONTHLY", byDay: ["-1FR"], count: 12 }),
    };
    expect(starts(fridays, range("1970-12-01T00:00:00Z", "1971-02-01T00:00:00Z"))).toEqual([
      "1970-12-25T16:00:00.000Z",
    ]);
  });

  it("stops at UNTIL for an old series", () => {
    const s: Series = {
      ...daily1970,
      rule: rule({ frequency: "DAILY", until: "2050-06-15T08:00:00Z" }),
    };
    expect(starts(s, range("2050-06-14T00:00:00Z", "2050-06-20T00:00:00Z"))).toEqual([
      "2050-06-14T08:00:00.000Z",
      "2050-06-15T08:00:00.000Z",
    ]);
  });
});

describe("toRRuleValue", () => {
  it("writes FREQ, INTERVAL, BYDAY, BYMONTHDAY, UNTIL (UTC) and COUNT", () => {
    expect(
      toRRuleValue(
        rule({ interval: 2, byDay: ["MO", "FR"], until: "2025-12-31T22:59:00.000Z" }),
        false,
      ),
    ).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;UNTIL=20251231T225900Z");
    expect(toRRuleValue(rule({ frequency: "MONTHLY", byMonthDay: -1, count: 12 }), false)).toBe(
      "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=12",
    );
    expect(toRRuleValue(rule({ frequency: "YEARLY", until: "2030-01-01T00:00:00Z" }), true)).toBe(
      "FREQ=YEARLY;UNTIL=20300101",
    );
  });
});
