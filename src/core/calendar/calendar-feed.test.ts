import { describe, expect, it } from "vitest";
import { type EventFieldsInput, eventFields } from "../contract/calendar.ts";
import { buildCalendarFeed, type FeedEvent } from "./calendar-feed.ts";
import { seriesOf } from "./event-series.ts";
import { parseFeed } from "./feed-parse.test-support.ts";
import { expandOccurrences } from "./recurrence.ts";

let seq = 0;
/** A feed event built the way the server stores one: through the contract's normalization. */
function feedEvent(input: EventFieldsInput, extra: Partial<FeedEvent> = {}): FeedEvent {
  const fields = eventFields.parse(input);
  seq += 1;
  return {
    ...fields,
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
    version: 1,
    created_at: "2025-01-01T00:00:00.000Z",
    updated_at: "2025-01-02T03:04:05.000Z",
    ...extra,
  };
}

const octets = (line: string) => new TextEncoder().encode(line).length;

describe("buildCalendarFeed", () => {
  it("names the calendar 'Sage AI Recommendations' and publishes refresh hints", () => {
    const text = buildCalendarFeed({ events: [], zone: "Europe/Berlin" });
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(text).toContain("PRODID:-//Sage//Sage AI Recommendations//EN\r\n");
    // a feed is not an iTIP message: no METHOD, so no ORGANIZER is owed (RFC 5546)
    expect(text).not.toContain("METHOD:");
    expect(text).toContain("NAME:Sage AI Recommendations\r\n");
    expect(text).toContain("X-WR-CALNAME:Sage AI Recommendations\r\n");
    expect(text).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n");
    expect(text).toContain("X-PUBLISHED-TTL:PT1H\r\n");
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("writes the event's properties: UID, SEQUENCE, PRIORITY, CATEGORIES, LOCATION, URL, VALARM", () => {
    const e = feedEvent(
      {
        title: "Deep work",
        description: "Write the report",
        start_time: "2025-05-05T07:00:00Z",
        end_time: "2025-05-05T09:00:00Z",
        location: "Library",
        reminder_minutes: 15,
        category: "Focus",
        priority: "high",
        url: "https://example.com/doc",
      },
      { version: 4 },
    );
    const [parsed] = parseFeed(buildCalendarFeed({ events: [e], zone: "UTC" })).events;
    expect(parsed).toMatchObject({
      uid: `${e.id}@sage.calendar`,
      summary: "Deep work",
      description: "Write the report",
      location: "Library",
      url: "https://example.com/doc",
      priority: 1,
      sequence: 4,
      categories: ["Focus"],
      trigger: "-PT15M",
    });
    expect(parsed!.start.toJSDate().toISOString()).toBe("2025-05-05T07:00:00.000Z");
    expect(parsed!.end.toJSDate().toISOString()).toBe("2025-05-05T09:00:00.000Z");
  });

  it("maps priority high 1, medium 5, low 9", () => {
    const events = (["high", "medium", "low"] as const).map((priority) =>
      feedEvent({ title: priority, start_time: "2025-05-05T07:00:00Z", priority }),
    );
    const parsed = parseFeed(buildCalendarFeed({ events, zone: null })).events;
    expect(Object.fromEntries(parsed.map((p) => [p.summary, p.priority]))).toEqual({
      high: 1,
      medium: 5,
      low: 9,
    });
  });

  it("round-trips hostile text: CR/LF, ';', ',', '\\', emoji across the 75-octet boundary", () => {
    const titles = [
      "Line one\r\nLine two\rLine three\nLine four",
      "a;b,c\\d\\;e\\,f",
      "BEGIN:VEVENT",
      ...Array.from({ length: 6 }, (_, pad) => `${"x".repeat(60 + pad)}🎉🧘‍♀️ü€漢字`),
      "🎉".repeat(50),
    ];
    const events = titles.map((title, i) =>
      feedEvent({
        title,
        description: `${title}\n${"long 描述 🎉; ".repeat(350)}`.slice(0, 5000),
        location: `${title}`.slice(0, 500),
        category: `cat,${i};x`.slice(0, 50),
        start_time: "2025-05-05T07:00:00Z",
      }),
    );
    const text = buildCalendarFeed({ events, zone: "Europe/Berlin" });
    const parsed = parseFeed(text).events;
    expect(parsed).toHaveLength(events.length);
    const byUid = new Map(parsed.map((p) => [p.uid, p]));
    for (const e of events) {
      const p = byUid.get(`${e.id}@sage.calendar`)!;
      expect(p.summary).toBe(e.title);
      expect(p.description).toBe(e.description);
      expect(p.location).toBe(e.location);
      expect(p.categories).toEqual([e.category]);
    }
    // CR/LF in the input arrives as LF (the contract normalizes it before storage)
    expect(events[0]!.title).toBe("Line one\nLine two\nLine three\nLine four");
  });

  it("folds at 75 octets with CRLF and never splits a character", () => {
    const events = [
      feedEvent({
        title: `${"é".repeat(37)}${"🎉".repeat(40)}`,
        description: "ü".repeat(4000),
        start_time: "2025-05-05T07:00:00Z",
      }),
    ];
    const text = buildCalendarFeed({ events, zone: null });
    const lines = text.split("\r\n");
    expect(lines.pop()).toBe(""); // ends with CRLF
    for (const line of lines) {
      expect(line).not.toMatch(/[\r\n]/);
      expect(octets(line)).toBeLessThanOrEqual(75);
      // a lone surrogate means a character was cut in half
      expect(line).not.toMatch(
        /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
      );
    }
  });

  it("keeps a title from injecting properties or components", () => {
    const evil = feedEvent({
      title: "Evil\r\nX-INJECTED:1\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:fake",
      start_time: "2025-05-05T07:00:00Z",
      url: "https://example.com/a\r\nX-INJECTED:2",
    });
    const text = buildCalendarFeed({ events: [evil], zone: null });
    expect(text).not.toMatch(/\r\nX-INJECTED/);
    const { events } = parseFeed(text);
    expect(events).toHaveLength(1);
    expect(events[0]!.summary).toBe(evil.title);
    expect(events[0]!.vevent.getFirstProperty("x-injected")).toBeNull();
  });

  it("keeps a URL with ';' and ',' usable (percent-encoded, not backslash-escaped)", () => {
    const e = feedEvent({
      title: "Link",
      start_time: "2025-05-05T07:00:00Z",
      url: "https://example.com/a;b?c=1,2",
    });
    const [p] = parseFeed(buildCalendarFeed({ events: [e], zone: null })).events;
    expect(p!.url).toBe("https://example.com/a%3Bb?c=1%2C2");
  });

  it("writes a weekly series with TZID + VTIMEZONE so 09:00 stays 09:00 across the DST change", () => {
    const e = feedEvent({
      title: "Standup",
      start_time: "2025-03-17T08:00:00Z", // Monday 09:00 in Berlin (CET)
      end_time: "2025-03-17T08:15:00Z",
      recurrence_frequency: "WEEKLY",
      recurrence_by_day: '["MO"]',
      recurrence_count: 4,
    });
    const text = buildCalendarFeed({ events: [e], zone: "Europe/Berlin" });
    expect(text).toContain("DTSTART;TZID=Europe/Berlin:20250317T090000\r\n");
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n");
    expect(text).toContain("RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=4\r\n");
    const [p] = parseFeed(text).events;
    const expected = [
      "2025-03-17T08:00:00.000Z",
      "2025-03-24T08:00:00.000Z",
      "2025-03-31T07:00:00.000Z", // CEST from 30 March
      "2025-04-07T07:00:00.000Z",
    ];
    expect(p!.occurrences(10)).toEqual(expected);
    // the in-app expansion agrees with the independent parser
    const ours = expandOccurrences(seriesOf(e), {
      from: new Date("2025-01-01"),
      to: new Date("2026-01-01"),
      zone: "Europe/Berlin",
    }).map((o) => o.start.toISOString());
    expect(ours).toEqual(expected);
  });

  it("expands a daily New York series across the November fall-back identically to ical.js", () => {
    const e = feedEvent({
      title: "Run",
      start_time: "2025-10-30T11:30:00Z", // 07:30 EDT
      recurrence_frequency: "DAILY",
      recurrence_interval: 2,
      recurrence_until: "2025-11-10T23:00:00Z",
    });
    const text = buildCalendarFeed({ events: [e], zone: "America/New_York" });
    expect(text).toMatch(/RRULE:FREQ=DAILY;INTERVAL=2;UNTIL=20251110T230000Z\r\n/);
    const [p] = parseFeed(text).events;
    const theirs = p!.occurrences(50);
    const ours = expandOccurrences(seriesOf(e), {
      from: new Date("2025-01-01"),
      to: new Date("2026-01-01"),
      zone: "America/New_York",
    }).map((o) => o.start.toISOString());
    expect(theirs).toEqual(ours);
    expect(ours).toEqual([
      "2025-10-30T11:30:00.000Z",
      "2025-11-01T11:30:00.000Z",
      "2025-11-03T12:30:00.000Z", // 07:30 EST
      "2025-11-05T12:30:00.000Z",
      "2025-11-07T12:30:00.000Z",
      "2025-11-09T12:30:00.000Z",
    ]);
  });

  it("writes all-day events as dates, with an exclusive end", () => {
    const e = feedEvent({
      title: "Holiday",
      all_day: true,
      start_time: "2025-08-01T00:00:00Z",
      end_time: "2025-08-03T00:00:00Z",
      recurrence_frequency: "YEARLY",
      recurrence_until: "2027-08-01T00:00:00Z",
    });
    const text = buildCalendarFeed({ events: [e], zone: "Pacific/Auckland" });
    expect(text).toContain("DTSTART;VALUE=DATE:20250801\r\n");
    expect(text).toContain("DTEND;VALUE=DATE:20250803\r\n");
    expect(text).toContain("RRULE:FREQ=YEARLY;UNTIL=20270801\r\n");
    const [p] = parseFeed(text).events;
    expect(p!.start.isDate).toBe(true);
    expect(p!.occurrences(5).length).toBe(3);
  });

  it("is deterministic: the same events give the same bytes", () => {
    const events = [
      feedEvent({ title: "B", start_time: "2025-05-06T07:00:00Z" }),
      feedEvent({ title: "A", start_time: "2025-05-05T07:00:00Z", recurrence_frequency: "DAILY" }),
    ];
    const now = new Date("2025-05-01T00:00:00Z");
    const a = buildCalendarFeed({ events, zone: "Asia/Tokyo", now });
    const b = buildCalendarFeed({ events: [...events].reverse(), zone: "Asia/Tokyo", now });
    expect(a).toBe(b);
  });
});

describe("buildCalendarFeed — property: any stored text survives the feed", () => {
  // a small seeded generator, so a failure is reproducible
  function rng(seed: number) {
    let s = seed >>> 0;
    return () => {
      s = (s * 1664525 + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  }
  const alphabet = [..."abcXYZ 019;,:\\\"'\n\r\t=<>&%", "é", "ß", "€", "漢", "🎉", "🧘‍♀️", "\u200b"];

  it("parses back 300 random events equal to what was stored", () => {
    const rand = rng(20251122);
    const pick = (n: number) =>
      Array.from({ length: n }, () => alphabet[Math.floor(rand() * alphabet.length)]).join("");
    const zones = [
      "UTC",
      "Europe/Berlin",
      "America/Los_Angeles",
      "Australia/Sydney",
      "Asia/Kolkata",
    ];
    for (let round = 0; round < 10; round++) {
      const zone = zones[round % zones.length]!;
      const events: FeedEvent[] = [];
      for (let i = 0; i < 30; i++) {
        const title = pick(1 + Math.floor(rand() * 120));
        if (!title.trim()) continue;
        const start = Date.UTC(2025, 0, 1) + Math.floor(rand() * 365) * 86_400_000;
        events.push(
          feedEvent({
            title,
            description: pick(Math.floor(rand() * 400)),
            location: pick(Math.floor(rand() * 40)),
            category: pick(Math.floor(rand() * 20)),
            start_time: new Date(start + 9 * 3_600_000).toISOString(),
            recurrence_frequency: rand() < 0.3 ? "WEEKLY" : null,
            recurrence_count: null,
          }),
        );
      }
      const text = buildCalendarFeed({ events, zone });
      const parsed = new Map(parseFeed(text).events.map((p) => [p.uid, p]));
      expect(parsed.size).toBe(events.length);
      for (const e of events) {
        const p = parsed.get(`${e.id}@sage.calendar`)!;
        expect(p.summary).toBe(e.title);
        expect(p.description ?? null).toBe(e.description);
        expect(p.location ?? null).toBe(e.location);
        expect(p.categories).toEqual(e.category ? [e.category] : []);
        expect(p.start.toJSDate().toISOString()).toBe(e.start_time);
      }
      for (const line of text.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
    }
  });
});
