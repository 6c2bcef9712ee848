import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { expandSeries, seriesBounds } from "./expand-series.ts";
import { parseCalendar } from "./parse-calendar.ts";
import { CalendarDataError, type ExternalOccurrence } from "./types.ts";

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}.ics`, import.meta.url), "utf8");

const MARCH = { from: new Date("2026-03-01T00:00:00Z"), to: new Date("2026-04-15T00:00:00Z") };

function expand(
  text: string,
  opts: Partial<{ from: Date; to: Date; personZone: string; addresses: string[] }> = {},
): ExternalOccurrence[] {
  const ctx = { ...MARCH, personZone: "Europe/Paris", addresses: ["ada@example.com"], ...opts };
  return parseCalendar(text)
    .series.flatMap((s) => expandSeries(s, ctx))
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

const starts = (list: ExternalOccurrence[], title?: string) =>
  list.filter((o) => !title || o.title.startsWith(title)).map((o) => o.start.toISOString());

/** One VEVENT (lines given) in a minimal calendar. */
const calendar = (...events: string[][]) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//test//EN",
    ...events.flatMap((lines, i) => [
      "BEGIN:VEVENT",
      `UID:e${i}`,
      "DTSTAMP:20260101T000000Z",
      ...lines,
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  ].join("\r\n");

describe("expandSeries: Google export", () => {
  const list = expand(fixture("google"));

  it("expands a weekly series in its zone across the DST change (10:00 Berlin stays 10:00)", () => {
    expect(starts(list, "Standup")).toEqual([
      "2026-03-02T09:00:00.000Z",
      "2026-03-09T09:00:00.000Z",
      "2026-03-24T13:00:00.000Z", // moved by its RECURRENCE-ID override
      "2026-03-30T08:00:00.000Z", // CEST from 29 March
      "2026-04-13T08:00:00.000Z",
    ]);
  });

  it("leaves out EXDATE and cancelled occurrences, and cancelled events", () => {
    expect(starts(list)).not.toContain("2026-03-16T09:00:00.000Z");
    expect(starts(list)).not.toContain("2026-04-06T08:00:00.000Z");
    expect(list.find((o) => o.title === "Called off")).toBeUndefined();
  });

  it("a moved occurrence takes the override's title and keeps its original start as recurrenceId", () => {
    const moved = list.find((o) => o.title === "Standup (moved)")!;
    expect(moved.recurrenceId).toBe("2026-03-23T09:00:00.000Z");
    expect(moved.end.toISOString()).toBe("2026-03-24T13:30:00.000Z");
  });

  it("an event the person declined is shown but not busy", () => {
    const pitch = list.find((o) => o.title === "Vendor pitch")!;
    expect(pitch.busy).toBe(false);
    expect(
      expand(fixture("google"), { addresses: ["someone@else.org"] }).find(
        (o) => o.title === "Vendor pitch",
      )!.busy,
    ).toBe(true);
  });

  it("a transparent event is free; an opaque one is busy", () => {
    expect(list.find((o) => o.title === "Tentative hold")!.busy).toBe(false);
    expect(list.find((o) => o.title === "Standup")!.busy).toBe(true);
  });

  it("all-day events are dates at midnight UTC and busy only when explicitly OPAQUE", () => {
    const birthday = list.find((o) => o.title === "Grace's birthday")!;
    expect(birthday).toMatchObject({ allDay: true, busy: false });
    expect(birthday.start.toISOString()).toBe("2026-03-05T00:00:00.000Z");
    expect(birthday.end.toISOString()).toBe("2026-03-06T00:00:00.000Z");
    expect(list.find((o) => o.title === "Team offsite")).toMatchObject({
      allDay: true,
      busy: true,
    });
    const noTransp = expand(calendar(["DTSTART;VALUE=DATE:20260310", "SUMMARY:Holiday"]));
    expect(noTransp[0]).toMatchObject({ allDay: true, busy: false });
  });
});

describe("expandSeries: Outlook export", () => {
  const list = expand(fixture("outlook"));

  it("reads Windows zone names as IANA zones, DST included", () => {
    expect(starts(list, "Morning review")).toEqual([
      "2026-03-25T08:00:00.000Z",
      "2026-03-26T08:00:00.000Z",
      "2026-03-27T08:00:00.000Z",
      "2026-03-30T07:00:00.000Z",
      "2026-03-31T07:00:00.000Z",
      "2026-04-01T07:00:00.000Z",
      // UNTIL in UTC equal to the last start is inclusive (RFC 5545)
      "2026-04-02T07:00:00.000Z",
    ]);
  });

  it("reads a customized zone by its own VTIMEZONE rules", () => {
    expect(starts(list, "Call with Boston")).toEqual(["2026-03-12T14:00:00.000Z"]);
  });
});

describe("expandSeries: Apple export", () => {
  const list = expand(fixture("apple"));

  it("RANGE=THISANDFUTURE moves this and every later occurrence", () => {
    const piano = list.filter((o) => o.title.startsWith("Piano"));
    expect(starts(piano).slice(0, 6)).toEqual([
      "2026-03-03T21:00:00.000Z",
      "2026-03-05T21:00:00.000Z",
      "2026-03-10T20:00:00.000Z", // EDT from 8 March
      "2026-03-12T20:00:00.000Z",
      "2026-03-17T21:00:00.000Z", // 17:00 from here on
      "2026-03-19T21:00:00.000Z",
    ]);
    expect(piano.slice(4).every((o) => o.title === "Piano lesson (new time)")).toBe(true);
    expect(piano[5]!.end.toISOString()).toBe("2026-03-19T22:00:00.000Z");
  });

  it("an event without DTEND lasts its DURATION", () => {
    const dentist = list.find((o) => o.title === "Dentist")!;
    expect([dentist.start.toISOString(), dentist.end.toISOString()]).toEqual([
      "2026-03-10T13:00:00.000Z",
      "2026-03-10T13:45:00.000Z",
    ]);
  });
});

describe("expandSeries: Thunderbird export", () => {
  const list = expand(fixture("thunderbird"));

  it("reads prefixed mozilla.org TZIDs, RDATE and COUNT", () => {
    expect(
      starts(expand(fixture("thunderbird"), { to: new Date("2026-07-01T00:00:00Z") }), "Book club"),
    ).toEqual([
      "2026-03-04T19:00:00.000Z",
      "2026-03-25T19:00:00.000Z", // the RDATE
      "2026-04-01T18:00:00.000Z", // BST
      "2026-05-06T18:00:00.000Z",
      "2026-06-03T18:00:00.000Z", // COUNT=4 ends here
    ]);
  });

  it("floating times are in the person's zone", () => {
    expect(starts(list, "Gym")).toEqual(["2026-03-09T06:30:00.000Z"]);
    expect(
      starts(expand(fixture("thunderbird"), { personZone: "America/New_York" }), "Gym"),
    ).toEqual(["2026-03-09T11:30:00.000Z"]);
  });

  it("an event with neither DTEND nor DURATION lasts no time", () => {
    const call = list.find((o) => o.title === "Reminder to call")!;
    expect(call.end.getTime()).toBe(call.start.getTime());
  });
});

describe("expandSeries: rules", () => {
  it("X-WR-TIMEZONE is the zone of floating times", () => {
    const text = calendar([
      "DTSTART:20260302T090000",
      "DTEND:20260302T100000",
      "SUMMARY:Floating",
    ]).replace("PRODID:-//test//EN", "PRODID:-//test//EN\r\nX-WR-TIMEZONE:America/Los_Angeles");
    expect(starts(expand(text))).toEqual(["2026-03-02T17:00:00.000Z"]);
  });

  it("a long-running daily series starts iterating at the window, not at DTSTART", () => {
    const text = calendar([
      "DTSTART:19700101T090000Z",
      "DTEND:19700101T091500Z",
      "RRULE:FREQ=HOURLY",
    ]);
    const list = expand(text, {
      from: new Date("2026-03-02T00:00:00Z"),
      to: new Date("2026-03-03T00:00:00Z"),
    });
    expect(list).toHaveLength(24);
    expect(list[0]!.start.toISOString()).toBe("2026-03-02T00:00:00.000Z");
  });

  it("overlapping occurrences that started before the window are included", () => {
    const text = calendar([
      "DTSTART:20260301T230000Z",
      "DTEND:20260302T010000Z",
      "RRULE:FREQ=DAILY",
    ]);
    const list = expand(text, {
      from: new Date("2026-03-05T00:00:00Z"),
      to: new Date("2026-03-06T00:00:00Z"),
    });
    expect(starts(list)).toEqual(["2026-03-04T23:00:00.000Z", "2026-03-05T23:00:00.000Z"]);
  });

  it("a rule no date satisfies gives DTSTART alone, without looping or refusing the rest", () => {
    const text = calendar(
      ["DTSTART:20260301T090000Z", "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30", "SUMMARY:Never"],
      ["DTSTART:20260302T090000Z", "DTEND:20260302T100000Z", "SUMMARY:Real"],
    );
    expect(starts(expand(text))).toEqual(["2026-03-01T09:00:00.000Z", "2026-03-02T09:00:00.000Z"]);
  });

  it("DTSTART is the first occurrence even where the rule does not match it (RFC 5545)", () => {
    // a Thursday, repeating on Mondays: Thursday itself, then the Mondays
    const text = calendar([
      "DTSTART:20260305T090000Z",
      "DTEND:20260305T100000Z",
      "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3",
    ]);
    expect(starts(expand(text))).toEqual([
      "2026-03-05T09:00:00.000Z",
      "2026-03-09T09:00:00.000Z",
      "2026-03-16T09:00:00.000Z",
    ]);
  });

  it("COUNT counts DTSTART once when the rule matches it", () => {
    const text = calendar([
      "DTSTART:20260302T090000Z",
      "DTEND:20260302T100000Z",
      "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3",
    ]);
    expect(starts(expand(text))).toEqual([
      "2026-03-02T09:00:00.000Z",
      "2026-03-09T09:00:00.000Z",
      "2026-03-16T09:00:00.000Z",
    ]);
  });

  it("BYSETPOS from a DTSTART on a Sunday: no phantom occurrence the day after", () => {
    // the last weekday of each month, from Sunday 1 March 2026
    const text = calendar([
      "DTSTART:20260301T090000Z",
      "DTEND:20260301T100000Z",
      "RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
    ]);
    expect(starts(expand(text, { to: new Date("2026-06-01T00:00:00Z") }))).toEqual([
      "2026-03-01T09:00:00.000Z",
      "2026-03-31T09:00:00.000Z",
      "2026-04-30T09:00:00.000Z",
      "2026-05-29T09:00:00.000Z",
    ]);
  });

  it("an RDATE PERIOD keeps its own length; a plain RDATE takes the series'", () => {
    const text = calendar([
      "DTSTART:20260302T110000Z",
      "DTEND:20260302T120000Z",
      "RDATE;VALUE=PERIOD:20260303T110000Z/20260303T123000Z,20260304T110000Z/PT15M",
      "RDATE:20260305T110000Z",
    ]);
    expect(
      expand(text).map((o) => [
        o.start.toISOString().slice(5, 16),
        o.end.toISOString().slice(11, 16),
      ]),
    ).toEqual([
      ["03-02T11:00", "12:00"],
      ["03-03T11:00", "12:30"],
      ["03-04T11:00", "11:15"],
      ["03-05T11:00", "12:00"],
    ]);
  });

  it("FREQ=SECONDLY with a huge COUNT stops at the cap", () => {
    const text = calendar([
      "DTSTART:20260301T090000Z",
      "RRULE:FREQ=SECONDLY;COUNT=2000000000",
      "SUMMARY:Spam",
    ]);
    const t0 = performance.now();
    expect(() => expand(text)).toThrow(CalendarDataError);
    expect(performance.now() - t0).toBeLessThan(5_000);
  });

  it("a series with thousands of overrides is refused", () => {
    const overrides = Array.from({ length: 1_001 }, (_, i) => {
      const day = new Date(Date.UTC(2026, 0, 1) + i * 86_400_000)
        .toISOString()
        .slice(0, 10)
        .replaceAll("-", "");
      return ["UID:many", `RECURRENCE-ID:${day}T090000Z`, `DTSTART:${day}T100000Z`];
    });
    const text = calendar(
      ["UID:many", "DTSTART:20260101T090000Z", "RRULE:FREQ=DAILY"],
      ...overrides,
    ).replace(
      /UID:e\d+\r\nDTSTAMP:20260101T000000Z\r\nUID:many/g,
      "DTSTAMP:20260101T000000Z\r\nUID:many",
    );
    expect(() => expand(text)).toThrow(/more than 1000 changed occurrences/);
  });
});

describe("seriesBounds", () => {
  it("is unbounded for a rule without end, bounded for UNTIL and COUNT", () => {
    const [open, until, count] = parseCalendar(
      calendar(
        ["DTSTART:20260301T090000Z", "RRULE:FREQ=WEEKLY"],
        [
          "DTSTART:20260301T090000Z",
          "DTEND:20260301T100000Z",
          "RRULE:FREQ=DAILY;UNTIL=20260310T090000Z",
        ],
        ["DTSTART:20260301T090000Z", "DTEND:20260301T100000Z", "RRULE:FREQ=DAILY;COUNT=3"],
      ),
    ).series;
    expect(seriesBounds(open!).lastEnd).toBeNull();
    expect(seriesBounds(until!).lastEnd!.getTime()).toBeGreaterThanOrEqual(
      Date.parse("2026-03-10T10:00:00Z"),
    );
    const c = seriesBounds(count!);
    expect(c.lastEnd!.getTime()).toBeGreaterThanOrEqual(Date.parse("2026-03-03T10:00:00Z"));
    expect(c.lastEnd!.getTime()).toBeLessThan(Date.parse("2026-03-05T00:00:00Z"));
    expect(c.firstStart.getTime()).toBeLessThanOrEqual(Date.parse("2026-03-01T09:00:00Z"));
  });
});

describe("expandSeries: a shared budget", () => {
  it("stops a calendar of many costly series as early as one", () => {
    const many = Array.from({ length: 30 }, (_, i) => [
      `SUMMARY:Weekly ${i}`,
      "DTSTART:20250101T090000Z",
      "RRULE:FREQ=WEEKLY;COUNT=1000;BYDAY=MO,TU,WE,TH,FR",
    ]);
    const series = parseCalendar(calendar(...many)).series;
    const ctx = { ...MARCH, personZone: "UTC", addresses: [], budget: { steps: 5_000 } };
    expect(() => series.map((s) => expandSeries(s, ctx))).toThrow(CalendarDataError);
    const unbudgeted = { ...MARCH, personZone: "UTC", addresses: [] };
    expect(series.flatMap((s) => expandSeries(s, unbudgeted)).length).toBeGreaterThan(0);
  });
});
