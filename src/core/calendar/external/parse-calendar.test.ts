import { describe, expect, it } from "vitest";
import { parseCalendar } from "./parse-calendar.ts";
import { CalendarDataError } from "./types.ts";
import { ianaForTzid } from "./zones.ts";

describe("parseCalendar", () => {
  it("refuses what is not a calendar", () => {
    expect(() => parseCalendar("<html><body>Sign in</body></html>")).toThrow(CalendarDataError);
    expect(() => parseCalendar("")).toThrow(/did not answer with a calendar/);
  });

  it("skips malformed lines instead of refusing the whole file", () => {
    const parsed = parseCalendar(
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nthis is junk\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20260301T090000Z\r\n<p>\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
    );
    expect(parsed.skippedLines).toBe(2);
    expect(parsed.series.map((s) => s.uid)).toEqual(["a"]);
  });

  it("reads a truncated file as far as it goes", () => {
    const parsed = parseCalendar(
      "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:a\nDTSTART:20260301T090000Z\nEND:VEVENT\nBEGIN:VEVENT\nUID:b\nDTSTART:20260302T090000Z",
    );
    expect(parsed.series.map((s) => s.uid)).toEqual(["a", "b"]);
  });

  it("leaves out each event it cannot read, counts it with its title, and keeps the rest", () => {
    const event = (uid: string, ...lines: string[]) => [
      "BEGIN:VEVENT",
      `UID:${uid}`,
      ...lines,
      "END:VEVENT",
    ];
    const parsed = parseCalendar(
      [
        "BEGIN:VCALENDAR",
        ...event("bad-date", "SUMMARY:Board\\, Q4", "DTSTART:2026112T09"),
        ...event("ok", "SUMMARY:Standup", "DTSTART:20261126T090000Z"),
        ...event(
          "bad-byday",
          "SUMMARY:Gym",
          "DTSTART:20261126T090000Z",
          "RRULE:FREQ=WEEKLY;BYDAY=XX",
        ),
        ...event("no-start", "SUMMARY:Floating idea"),
        "END:VCALENDAR",
      ].join("\r\n"),
    );
    expect(parsed.series.map((s) => s.uid)).toEqual(["ok"]);
    expect(parsed.unreadable).toEqual({ count: 3, titles: ["Board, Q4", "Gym", "Floating idea"] });
  });

  it("reads an unquoted display-name TZID (Outlook) instead of losing the event", () => {
    const parsed = parseCalendar(
      [
        "BEGIN:VCALENDAR",
        "BEGIN:VEVENT",
        "UID:o",
        "DTSTART;TZID=(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna:20261126T090000",
        "DTEND;TZID=(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna:20261126T100000",
        "END:VEVENT",
        "END:VCALENDAR",
      ].join("\r\n"),
    );
    expect(parsed.unreadable.count).toBe(0);
    expect(Object.keys(parsed.series[0]!.zones)).toEqual([
      "(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna",
    ]);
  });

  it("a master that repeats an earlier master's UID is an event of its own", () => {
    const events = [1, 2, 3].flatMap((d) => [
      "BEGIN:VEVENT",
      "UID:1",
      `DTSTART:2026112${d}T090000Z`,
      "END:VEVENT",
    ]);
    const parsed = parseCalendar(["BEGIN:VCALENDAR", ...events, "END:VCALENDAR"].join("\r\n"));
    expect(parsed.series.map((s) => s.uid)).toEqual(["1", "1#2", "1#3"]);
  });

  it("refuses, in plain words, a calendar none of whose events can be read", () => {
    const text = [
      "BEGIN:VCALENDAR",
      "BEGIN:VEVENT",
      "UID:x",
      "DTSTART:2026112T09",
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n");
    expect(() => parseCalendar(text)).toThrow("The calendar's only event could not be read");
    // an empty calendar is a calendar
    expect(parseCalendar("BEGIN:VCALENDAR\r\nEND:VCALENDAR").series).toEqual([]);
  });

  it("refuses deep nesting and oversized text with a clear error", () => {
    const deep = `BEGIN:VCALENDAR\n${"BEGIN:X\n".repeat(20)}`;
    expect(() => parseCalendar(deep)).toThrow(/nests its parts too deeply/);
    expect(() => parseCalendar(`BEGIN:VCALENDAR\n${"X".repeat(10 * 1024 * 1024)}`)).toThrow(
      /larger than 10 MB/,
    );
  });

  it("groups overrides with their master by UID and names the calendar", () => {
    const parsed = parseCalendar(
      [
        "BEGIN:VCALENDAR",
        "X-WR-CALNAME:Team",
        "BEGIN:VEVENT",
        "UID:s",
        "DTSTART:20260301T090000Z",
        "RRULE:FREQ=DAILY",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:s",
        "RECURRENCE-ID:20260302T090000Z",
        "DTSTART:20260302T100000Z",
        "END:VEVENT",
        "END:VCALENDAR",
      ].join("\n"),
    );
    expect(parsed.name).toBe("Team");
    expect(parsed.series).toHaveLength(1);
    expect(parsed.series[0]!.components).toHaveLength(2);
  });

  it("refuses a calendar with more series than a connection may hold", () => {
    const events = Array.from(
      { length: 5_001 },
      (_, i) => `BEGIN:VEVENT\nUID:${i}\nDTSTART:20260301T090000Z\nEND:VEVENT`,
    );
    expect(() => parseCalendar(`BEGIN:VCALENDAR\n${events.join("\n")}\nEND:VCALENDAR`)).toThrow(
      /more than 5000 events/,
    );
  });

  it("refuses a series with more overrides than it may have while parsing, naming it", () => {
    const override = (n: number) =>
      `BEGIN:VEVENT\nUID:s\nRECURRENCE-ID:202603${String(1 + (n % 28)).padStart(2, "0")}T09${String(n % 60).padStart(2, "0")}00Z\nDTSTART:20260301T100000Z\nEND:VEVENT`;
    const master =
      "BEGIN:VEVENT\nUID:s\nSUMMARY:Standup\nDTSTART:20260301T090000Z\nRRULE:FREQ=DAILY\nEND:VEVENT";
    const calendar = (n: number) =>
      `BEGIN:VCALENDAR\n${master}\n${Array.from({ length: n }, (_, i) => override(i)).join("\n")}\nEND:VCALENDAR`;
    expect(parseCalendar(calendar(1_000)).series[0]!.components).toHaveLength(1_001);
    expect(() => parseCalendar(calendar(1_001))).toThrow(
      /"Standup" has more than 1000 changed occurrences/,
    );
  });
});

describe("ianaForTzid", () => {
  it.each([
    ["Europe/Berlin", "Europe/Berlin"],
    ["W. Europe Standard Time", "Europe/Berlin"],
    ["Eastern Standard Time", "America/New_York"],
    ["/mozilla.org/20050126_1/Europe/London", "Europe/London"],
    [
      "/freeassociation.sourceforge.net/Tzfile/America/Argentina/Buenos_Aires",
      "America/Argentina/Buenos_Aires",
    ],
    ['"America/Chicago"', "America/Chicago"],
    ["(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna", "Europe/Amsterdam"],
    ["(UTC-05:00) Eastern Time (US & Canada)", undefined],
    ["(UTC+10:00) Canberra, Melbourne, Sydney", "Australia/Melbourne"],
  ])("%s → %s", (tzid, iana) => {
    expect(ianaForTzid(tzid)).toBe(iana);
  });

  it("an unknown name resolves to nothing (read as floating)", () => {
    expect(ianaForTzid("Customized Time Zone")).toBeUndefined();
  });
});
