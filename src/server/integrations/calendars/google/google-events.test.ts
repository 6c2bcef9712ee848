import { describe, expect, it } from "vitest";
import { expandSeries } from "../../../../core/calendar/external/expand-series.ts";
import { googleSeries, mergeSeries } from "./google-events.ts";

const window = {
  from: new Date("2026-03-20T00:00:00Z"),
  to: new Date("2026-04-10T00:00:00Z"),
  personZone: "Europe/Berlin",
  addresses: [],
};

describe("Google events as series", () => {
  it("keeps a weekly 10:00 in its own zone across the DST change", () => {
    const series = googleSeries([
      {
        id: "weekly",
        iCalUID: "weekly@google.com",
        summary: "Weekly",
        start: { dateTime: "2026-03-23T10:00:00+01:00", timeZone: "Europe/Berlin" },
        end: { dateTime: "2026-03-23T11:00:00+01:00", timeZone: "Europe/Berlin" },
        recurrence: ["RRULE:FREQ=WEEKLY;COUNT=3"],
      },
    ])!;
    expect(expandSeries(series, window).map((o) => o.start.toISOString())).toEqual([
      "2026-03-23T09:00:00.000Z",
      "2026-03-30T08:00:00.000Z", // CEST: still 10:00 in Berlin
      "2026-04-06T08:00:00.000Z",
    ]);
  });

  it("merges an exception that arrives alone into the stored series", () => {
    const master = {
      id: "s",
      iCalUID: "s@google.com",
      summary: "Sync",
      start: { dateTime: "2026-03-23T10:00:00+01:00", timeZone: "Europe/Berlin" },
      end: { dateTime: "2026-03-23T10:30:00+01:00", timeZone: "Europe/Berlin" },
      recurrence: ["RRULE:FREQ=DAILY;COUNT=3"],
    };
    const stored = googleSeries([master])!;
    const cancelled = googleSeries([
      {
        id: "s_20260324T090000Z",
        iCalUID: "s@google.com",
        recurringEventId: "s",
        status: "cancelled",
        originalStartTime: { dateTime: "2026-03-24T10:00:00+01:00", timeZone: "Europe/Berlin" },
      },
    ])!;
    const merged = mergeSeries(stored, cancelled);
    expect(expandSeries(merged, window).map((o) => o.start.toISOString())).toEqual([
      "2026-03-23T09:00:00.000Z",
      "2026-03-25T09:00:00.000Z",
    ]);
    // a changed master replaces the master and keeps the exception
    const moved = googleSeries([{ ...master, summary: "Sync (renamed)" }])!;
    const again = mergeSeries(merged, moved);
    expect(expandSeries(again, window).map((o) => o.title)).toEqual([
      "Sync (renamed)",
      "Sync (renamed)",
    ]);
  });

  it("free and declined are not busy; Google's default (no transparency) is busy, all-day too", () => {
    const busy = (e: Parameters<typeof googleSeries>[0][number]) =>
      expandSeries(googleSeries([e])!, window)[0]!.busy;
    const base = {
      id: "x",
      start: { dateTime: "2026-03-23T10:00:00Z" },
      end: { dateTime: "2026-03-23T11:00:00Z" },
    };
    expect(busy(base)).toBe(true);
    expect(busy({ ...base, transparency: "transparent" })).toBe(false);
    expect(
      busy({ ...base, attendees: [{ email: "me@x.org", self: true, responseStatus: "declined" }] }),
    ).toBe(false);
    const allDay = { id: "d", start: { date: "2026-03-24" }, end: { date: "2026-03-25" } };
    // a day marked "Busy" in Google Calendar arrives without transparency: a vacation day
    expect(busy(allDay)).toBe(true);
    expect(busy({ ...allDay, transparency: "opaque" })).toBe(true);
    expect(busy({ ...allDay, transparency: "transparent" })).toBe(false);
  });

  it("a summary cannot inject content lines", () => {
    const series = googleSeries([
      {
        id: "i",
        summary: "Lunch\r\nRRULE:FREQ=SECONDLY",
        start: { dateTime: "2026-03-23T10:00:00Z" },
        end: { dateTime: "2026-03-23T11:00:00Z" },
      },
    ])!;
    const list = expandSeries(series, window);
    expect(list).toHaveLength(1);
    expect(list[0]!.title).toBe("Lunch\nRRULE:FREQ=SECONDLY");
  });
});
