import http from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCalendar } from "../../src/core/calendar/external/parse-calendar.ts";
import { fetchIcs } from "../../src/server/integrations/calendars/ics/fetch-ics.ts";
import { checkSeries } from "../../src/server/integrations/calendars/worker/calendar-jobs.ts";
import { configureCalendarPool } from "../../src/server/integrations/calendars/worker/calendar-pool.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * A big calendar in the shape of a hostile one: a few hundred real events (a third
 * repeating) buried in tens of thousands of to-dos and junk lines, ~6 MB — seconds of
 * parsing that Sage must do without holding its event loop.
 */
function bigCalendar(events: number, filler: number): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//hostile//EN", "X-WR-CALNAME:Big"];
  for (let i = 0; i < events; i++) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:big-${i}@example.com`,
      "DTSTAMP:20250101T000000Z",
      `DTSTART;TZID=Europe/Berlin:202603${String(1 + (i % 28)).padStart(2, "0")}T${String(8 + (i % 9)).padStart(2, "0")}0000`,
      "DURATION:PT45M",
      `SUMMARY:Meeting ${i}`,
      ...(i % 3 === 0 ? ["RRULE:FREQ=WEEKLY;COUNT=40"] : []),
      "END:VEVENT",
    );
  }
  for (let i = 0; i < filler; i++) {
    lines.push(
      "BEGIN:VTODO",
      `UID:todo-${i}@example.com`,
      "DTSTAMP:20250101T000000Z",
      `SUMMARY:Something to do, number ${i}, with a long enough title to weigh`,
      `X-JUNK;X-PARAM=${i}:${"x".repeat(60)}`,
      "this line is not a content line",
      "END:VTODO",
    );
  }
  lines.push("END:VCALENDAR", "");
  return lines.join("\r\n");
}

/** VEVENT lines of one daily series with `overrides` RECURRENCE-ID VEVENTs (each moves one). */
function overriddenSeries(uid: string, overrides: number): string[] {
  const lines: string[] = [];
  const event = (extra: string[]) =>
    lines.push(
      "BEGIN:VEVENT",
      `UID:${uid}`,
      "DTSTAMP:20250101T000000Z",
      ...extra,
      "SUMMARY:Standup",
      "END:VEVENT",
    );
  event(["DTSTART:20200106T090000Z", "DURATION:PT15M", "RRULE:FREQ=DAILY"]);
  for (let i = 0; i < overrides; i++) {
    const day = new Date(Date.UTC(2020, 0, 6 + i, 9)).toISOString().replace(/[-:]|\.\d+/g, "");
    const moved = new Date(Date.UTC(2020, 0, 6 + i, 10)).toISOString().replace(/[-:]|\.\d+/g, "");
    event([`RECURRENCE-ID:${day}`, `DTSTART:${moved}`, "DURATION:PT15M"]);
  }
  return lines;
}

/** One daily series with `overrides` RECURRENCE-ID VEVENTs. */
function overriddenCalendar(overrides: number): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//hostile//EN",
    ...overriddenSeries("overridden@example.com", overrides),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

/**
 * `series` daily series of 1,000 overrides each, and `oneOffs` one-off events: with 10 and
 * 4,990, the heaviest calendar Sage accepts (every override and series limit reached).
 */
function heavyCalendar(series: number, oneOffs: number, summary = "Review"): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//hostile//EN"];
  for (let i = 0; i < series; i++) lines.push(...overriddenSeries(`heavy-${i}@example.com`, 1_000));
  for (let i = 0; i < oneOffs; i++) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:one-off-${i}@example.com`,
      "DTSTAMP:20250101T000000Z",
      `DTSTART:202603${String(1 + (i % 28)).padStart(2, "0")}T${String(8 + (i % 9)).padStart(2, "0")}0000Z`,
      "DURATION:PT30M",
      `SUMMARY:${summary} ${i}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR", "");
  return lines.join("\r\n");
}

/** The longest block of the event loop while `work` runs, in ms, and what it answered. */
async function longestBlock<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const value = await work();
  // a block only shows when the loop next reaches its timers: let it
  await new Promise((r) => setTimeout(r, 30));
  delay.disable();
  return { ms: delay.max / 1e6, value };
}

/** How long `work` holds this thread when done on it, in ms. */
function inline(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

let t: TestApp;
let server: http.Server;
let origin: string;
const files = new Map<string, Buffer>();
const big = Buffer.from(bigCalendar(90, 30_000));

beforeAll(async () => {
  t = await createTestApp();
  // its own server: no hashing of the body per request on the thread being measured
  server = http.createServer((req, res) => {
    const body = files.get(req.url ?? "");
    res.writeHead(body ? 200 : 404, { "content-type": "text/calendar" });
    res.end(body ?? "not found");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await configureCalendarPool({});
  await new Promise((r) => server.close(r));
  await t.close();
});

type Session = Awaited<ReturnType<TestApp["signIn"]>>;

async function connectSmall(s: Session, path: string) {
  files.set(
    path,
    Buffer.from(
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "BEGIN:VEVENT",
        "UID:small@example.com",
        "DTSTART:20260302T090000Z",
        "DTEND:20260302T100000Z",
        "SUMMARY:Standup",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
      ].join("\r\n"),
    ),
  );
  const res = await t.app.inject({
    method: "POST",
    url: "/api/connections",
    headers: s.headers,
    payload: { kind: "ics", url: `${origin}${path}` },
  });
  expect(res.statusCode).toBe(201);
  return res.json().connection as { id: string };
}

const sync = (s: Session, id: string) =>
  t.app.inject({ method: "POST", url: `/api/connections/${id}/sync`, headers: s.headers });

describe("a big or hostile calendar", () => {
  it("is read off the event loop: the server's thread stays free while it is parsed and checked", async () => {
    files.set("/big.ics", big);
    const url = new URL(`${origin}/big.ics`);
    const read = async () => {
      const got = await fetchIcs(
        url,
        { etag: null, lastModified: null },
        { allowLoopback: true },
        new Date("2026-03-02T06:00:00Z"),
      );
      if (got.kind !== "calendar") throw new Error("no calendar");
      return got.calendar.series.length;
    };
    expect(await read()).toBe(90); // warms the worker up: its start is not what is measured
    const delay = monitorEventLoopDelay({ resolution: 5 });
    const before = performance.eventLoopUtilization();
    delay.enable();
    expect(await read()).toBe(90);
    // a block only shows when the loop next reaches its timers: let it
    await new Promise((r) => setTimeout(r, 30));
    delay.disable();
    const busy = performance.eventLoopUtilization(before).utilization;
    // the same parse on this thread, side by side: the one block the worker spares it
    const inlineStarted = performance.now();
    expect(parseCalendar(big.toString("utf8")).series).toHaveLength(90);
    const inlineBlock = performance.now() - inlineStarted;
    // read on this thread it was one block of 1.3–2 s and a busy share of 0.94–0.97
    // (checked); the block bound leaves room for a loaded 2-core machine, where an idle
    // thread still waits 50–200 ms for a core now and then (quiet figures: the bench).
    // Compared with the inline parse, not with a fixed time: a fast machine parses faster.
    expect(busy).toBeLessThan(0.5);
    expect(delay.max / 1e6).toBeLessThan(300);
    expect(delay.max / 1e6).toBeLessThan(inlineBlock / 2);
  });

  it("that takes longer than the time limit ends in a plain error, and the server goes on", async () => {
    const s = await t.signIn();
    const { id } = await connectSmall(s, "/slow.ics");
    files.set("/slow.ics", big);
    await configureCalendarPool({ timeoutMs: 100 });
    const res = await sync(s, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().connection).toMatchObject({
      status: "error",
      // what was known before stays
      error:
        "Reading the calendar took too long (over 100 ms); it is too complex for Sage to follow",
      eventCount: 1,
    });
    // still serving, and the next calendar gets a fresh worker
    const list = await t.app.inject({ method: "GET", url: "/api/connections", headers: s.headers });
    expect(list.statusCode).toBe(200);
    await configureCalendarPool({});
    expect((await sync(s, id)).json().connection).toMatchObject({ status: "ok", eventCount: 90 });
  });

  it("with 50,000 overrides of one event is refused (422) without holding the event loop", async () => {
    const hostile = overriddenCalendar(49_999);
    files.set("/overrides.ics", Buffer.from(hostile));
    const s = await t.signIn();
    const connect = () =>
      t.app.inject({
        method: "POST",
        url: "/api/connections",
        headers: s.headers,
        payload: { kind: "ics", url: `${origin}/overrides.ics` },
      });
    await connectSmall(s, "/warm.ics"); // the worker's start is not what is measured
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const res = await connect();
    await new Promise((r) => setTimeout(r, 30));
    delay.disable();
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatch(/more than 1000 changed occurrences/);
    // the same parse on this thread, side by side (compared with it, not with a fixed time):
    // read here it held the loop for more than half of it (870 of 1,518 ms, checked)
    const inlineStarted = performance.now();
    expect(() => checkSeries(parseCalendar(hostile).series, Date.now())).toThrow(
      /more than 1000 changed occurrences/,
    );
    const inlineBlock = performance.now() - inlineStarted;
    expect(delay.max / 1e6).toBeLessThan(inlineBlock / 4);
    // and a later sync of a connection whose calendar turned into it: a plain error
    const { id } = await connectSmall(s, "/turns.ics");
    files.set("/turns.ics", Buffer.from(hostile));
    const later = monitorEventLoopDelay({ resolution: 5 });
    later.enable();
    const synced = await sync(s, id);
    await new Promise((r) => setTimeout(r, 30));
    later.disable();
    expect(synced.json().connection).toMatchObject({ status: "error", eventCount: 1 });
    expect(later.max / 1e6).toBeLessThan(inlineBlock / 4);
  }, 60_000);

  it("at every limit (10,000 overrides, 5,000 series) connects and syncs without holding the event loop", async () => {
    const heavy = heavyCalendar(10, 4_990);
    files.set("/heavy.ics", Buffer.from(heavy));
    const s = await t.signIn();
    await connectSmall(s, "/warm-heavy.ics"); // the worker's start is not what is measured
    const connected = await longestBlock(() =>
      t.app.inject({
        method: "POST",
        url: "/api/connections",
        headers: s.headers,
        payload: { kind: "ics", url: `${origin}/heavy.ics` },
      }),
    );
    expect(connected.value.statusCode).toBe(201);
    const { id } = connected.value.json().connection as { id: string };
    expect(connected.value.json().connection).toMatchObject({ eventCount: 5_000 });
    // a later sync reads it all again and replaces every stored series (changed titles)
    files.set("/heavy.ics", Buffer.from(heavyCalendar(10, 4_990, "Moved review")));
    const synced = await longestBlock(() => sync(s, id));
    expect(synced.value.json().connection).toMatchObject({ status: "ok", eventCount: 5_000 });
    // the same parse and check on this thread, side by side: what the server's thread
    // would hold without the worker (not a fixed time: a fast machine parses faster).
    // Checked: before the series crossed as text and were stored in chunks with a turn of
    // the loop between them, PGlite's thread was held 1,523 ms connecting and 1,020 ms
    // syncing (inline: 1,387 ms); now 67–114 ms on this loaded 2-core machine, where one
    // statement holds it up to 60 ms and an idle loop waits up to ~130 ms for a core at
    // times: a third, so the machine does not fail it and the old way still would.
    const inlineBlock = inline(() => checkSeries(parseCalendar(heavy).series, Date.now()));
    expect(connected.ms).toBeLessThan(inlineBlock / 3);
    expect(synced.ms).toBeLessThan(inlineBlock / 3);
  }, 120_000);

  it("with more than 10,000 overrides in all is refused (422) without holding the event loop", async () => {
    // 11 series of 1,000 overrides: each series within its own limit, the calendar not
    const hostile = heavyCalendar(11, 0);
    files.set("/many-overrides.ics", Buffer.from(hostile));
    const s = await t.signIn();
    await connectSmall(s, "/warm-many.ics");
    const refused = await longestBlock(() =>
      t.app.inject({
        method: "POST",
        url: "/api/connections",
        headers: s.headers,
        payload: { kind: "ics", url: `${origin}/many-overrides.ics` },
      }),
    );
    expect(refused.value.statusCode).toBe(422);
    expect(refused.value.json().error).toBe(
      "The calendar holds more than 10000 changed occurrences of repeating events, so it was not read",
    );
    // refused while parsing, in the worker: the same parse on this thread, side by side.
    // 11–14 ms here, once 254 ms (against 531 inline) when this loaded machine stalled the
    // thread: half, so that a stall does not fail it; a refusal after the copy is a whole one
    const inlineBlock = inline(() => expect(() => parseCalendar(hostile)).toThrow(/10000 changed/));
    expect(refused.ms).toBeLessThan(inlineBlock / 2);
  }, 60_000);
});
