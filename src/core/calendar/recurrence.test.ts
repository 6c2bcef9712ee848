import { describe, expect, it } from "vitest";
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
