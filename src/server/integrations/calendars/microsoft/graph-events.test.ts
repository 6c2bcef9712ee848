import { describe, expect, it } from "vitest";
import { expandSeries } from "../../../../core/calendar/external/expand-series.ts";
import { parseCalendar } from "../../../../core/calendar/external/parse-calendar.ts";
import type { GraphEvent } from "./graph-calendar-api.ts";
import { graphEventText, graphInstant } from "./graph-events.ts";

const read = (e: GraphEvent) => {
  const text = graphEventText(e);
  if (!text) return undefined;
  const [series] = parseCalendar(text).series;
  return expandSeries(series!, {
    from: new Date("2026-01-01T00:00:00Z"),
    to: new Date("2027-01-01T00:00:00Z"),
    personZone: "Europe/Berlin",
    addresses: [],
  })[0];
};

const timed = (over: Partial<GraphEvent>): GraphEvent => ({
  id: "AAMkAGI2T=",
  subject: "Budget",
  start: { dateTime: "2026-03-02T09:00:00.0000000", timeZone: "UTC" },
  end: { dateTime: "2026-03-02T10:00:00.0000000", timeZone: "UTC" },
  showAs: "busy",
  ...over,
});

describe("Graph events as series", () => {
  it("reads a UTC time with Graph's seven fractional digits", () => {
    const o = read(timed({}));
    expect(o?.start.toISOString()).toBe("2026-03-02T09:00:00.000Z");
    expect(o?.end.toISOString()).toBe("2026-03-02T10:00:00.000Z");
    expect(o?.busy).toBe(true);
  });

  it("maps a Windows zone name to its IANA zone, daylight saving included", () => {
    // 09:00 in Los Angeles: PST (−8) in February, PDT (−7) after 8 March 2026
    expect(
      graphInstant({ dateTime: "2026-02-02T09:00:00.0000000", timeZone: "Pacific Standard Time" }),
    ).toEqual(new Date("2026-02-02T17:00:00Z"));
    expect(
      graphInstant({ dateTime: "2026-03-09T09:00:00.0000000", timeZone: "Pacific Standard Time" }),
    ).toEqual(new Date("2026-03-09T16:00:00Z"));
    expect(
      graphInstant({ dateTime: "2026-07-01T09:00:00", timeZone: "W. Europe Standard Time" }),
    ).toEqual(new Date("2026-07-01T07:00:00Z"));
  });

  it("free, working elsewhere and declined are listed but free; tentative holds the time", () => {
    expect(read(timed({ showAs: "free" }))?.busy).toBe(false);
    expect(read(timed({ showAs: "workingElsewhere" }))?.busy).toBe(false);
    expect(read(timed({ responseStatus: { response: "declined" } }))?.busy).toBe(false);
    expect(read(timed({ showAs: "tentative" }))?.busy).toBe(true);
    expect(read(timed({ showAs: "oof" }))?.busy).toBe(true);
  });

  it("cancelled and removed events are not read at all", () => {
    expect(graphEventText(timed({ isCancelled: true }))).toBeUndefined();
    expect(graphEventText({ id: "x", "@removed": { reason: "deleted" } })).toBeUndefined();
  });

  it("an all-day event is its local day, busy only when it says busy", () => {
    const day = (showAs: GraphEvent["showAs"]) =>
      read({
        id: "d",
        subject: "Offsite",
        isAllDay: true,
        showAs,
        start: { dateTime: "2026-03-05T00:00:00.0000000", timeZone: "UTC" },
        end: { dateTime: "2026-03-06T00:00:00.0000000", timeZone: "UTC" },
      });
    const busy = day("busy");
    expect(busy?.allDay).toBe(true);
    // the date itself (how src/core holds an all-day day), whatever zone Graph answered in
    expect(busy?.start.toISOString().slice(0, 10)).toBe("2026-03-05");
    expect(busy?.busy).toBe(true);
    expect(day("free")?.busy).toBe(false);
  });

  it("a block Sage wrote is read under Sage's UID, never the person's busy time", () => {
    const text = graphEventText(
      timed({ transactionId: "sage-block-0b7c6a8e-2f4b-4c1e-9a55-7d8f1e2a3b4c" }),
    );
    expect(text).toContain("UID:sage-block-0b7c6a8e-2f4b-4c1e-9a55-7d8f1e2a3b4c");
    expect(graphEventText(timed({ transactionId: "someone-else" }))).toContain("UID:AAMkAGI2T=");
    // known by its Graph id when a response leaves the transactionId out
    const written = new Map([["AAMkAGI2T=", "sage-block-0b7c6a8e-2f4b-4c1e-9a55-7d8f1e2a3b4c"]]);
    expect(graphEventText(timed({}), written)).toContain(
      "UID:sage-block-0b7c6a8e-2f4b-4c1e-9a55-7d8f1e2a3b4c",
    );
  });
});
