import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expandSeries } from "../../src/core/calendar/external/expand-series.ts";
import { parseCalendar } from "../../src/core/calendar/external/parse-calendar.ts";
import { listConnectedOccurrences } from "../../src/server/connections/list-external-occurrences.ts";
import { connectIcs, inZone } from "../support/connected-person.ts";
import { type IcsServer, startIcsServer } from "../support/ics-server.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * A corpus of real-world-shaped exports (tests/fixtures/calendars/): Google (VTIMEZONE,
 * EXDATE lists, a moved and a cancelled occurrence, a declined invitation, all-day days,
 * times on both DST nights), Exchange (Windows zone names, quoted display-name TZIDs, a
 * local-time UNTIL), iCloud (X-APPLE properties, floating times, RDATE periods), a
 * hand-rolled file (LF endings, shared UIDs, a DTSTART the rule does not match, BYSETPOS,
 * folded lines, DURATION) and a broken one. Each is read by Sage and by python's
 * recurring-ical-events, occurrence by occurrence, over windows across both DST changes,
 * for a person in Berlin and one in New York; then planned around.
 *
 * Where the oracle cannot answer, Sage is checked by hand and the gap named: python's
 * recurring-ical-events 2.0.1 raises on an RDATE;VALUE=PERIOD (a TypeError comparing a
 * datetime with a tuple), so the iCloud clinic visits are asserted below; and python's
 * icalendar reads the hour a VTIMEZONE repeats as its second occurrence (standard time),
 * where RFC 5545 §3.3.5 says the first — Sage's rule (src/core/calendar/local-time.ts) — so
 * the handover at 02:30 on the night Berlin's clocks go back is asserted below too.
 */
const PYTHON = "/usr/bin/python3";
const ORACLE = fileURLToPath(new URL("../support/ical-oracle.py", import.meta.url));
const DIR = new URL("../fixtures/calendars/", import.meta.url);
const fixture = (name: string) => readFileSync(new URL(`${name}.ics`, DIR), "utf8");
const available =
  existsSync(PYTHON) &&
  spawnSync(PYTHON, ["-c", "import recurring_ical_events, icalendar"]).status === 0;

const ZONES = ["Europe/Berlin", "America/New_York"];
/** Around the spring changes (US 8 March, EU 29 March) and the autumn ones (EU 25 Oct, US 1 Nov). */
const WINDOWS = [
  { from: "2026-03-01T00:00:00Z", to: "2026-04-15T00:00:00Z" },
  { from: "2026-10-15T00:00:00Z", to: "2026-11-15T00:00:00Z" },
];
const READABLE = ["google-export", "exchange", "icloud", "hand-rolled"];
/** The iCloud event with RDATE periods, which the oracle cannot expand. */
const CLINIC = "7B2C3D4E-5F60-4B7C-9D8E-0F1A2B3C4D5E";
/** Google's event at 02:30 on 25 October in Berlin, an hour the clocks repeat. */
const HANDOVER = "night-shift-4@google.com";
const byHand = new Set([CLINIC, HANDOVER]);

type Row = [uid: string, start: string, end: string];
const iso = (d: Date) => d.toISOString().replace(".000", "");

/** Sage's occurrences: instants in UTC, all-day ones as their dates (shared UIDs as one). */
function ours(name: string, zone: string, w: (typeof WINDOWS)[number]): Row[] {
  const ctx = { from: new Date(w.from), to: new Date(w.to), personZone: zone, addresses: [] };
  return parseCalendar(fixture(name))
    .series.flatMap((s) => expandSeries(s, ctx))
    .map((o): Row => {
      const uid = o.uid.replace(/#\d+$/, "");
      return o.allDay
        ? [uid, iso(o.start).slice(0, 10), iso(o.end).slice(0, 10)]
        : [uid, iso(o.start), iso(o.end)];
    })
    .sort();
}

function oracle(name: string, zone: string, w: (typeof WINDOWS)[number]): Row[] {
  const file = fileURLToPath(new URL(`${name}.ics`, DIR));
  const run = spawnSync(PYTHON, [ORACLE, file, w.from, w.to, zone], {
    encoding: "utf8",
    timeout: 20_000,
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Row[];
}

const cases = READABLE.flatMap((name) =>
  ZONES.flatMap((zone) => WINDOWS.map((w) => ({ name, zone, w, label: `${w.from.slice(0, 7)}` }))),
);

describe.runIf(available || process.env.CI)("the corpus, read as python reads it", () => {
  it.each(cases)("$name for a person in $zone, around $label", ({ name, zone, w }) => {
    expect(available, "python3-recurring-ical-events is needed (see .ci/run)").toBe(true);
    const mine = ours(name, zone, w).filter(([uid]) => !byHand.has(uid));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine).toEqual(oracle(name, zone, w).filter(([uid]) => !byHand.has(uid)));
  });

  it("the repeated 02:30 is its first occurrence, summer time (RFC 5545 §3.3.5)", () => {
    const handover = ours("google-export", "America/New_York", WINDOWS[1]!).filter(
      ([uid]) => uid === HANDOVER,
    );
    // 02:30 CEST is 00:30 UTC; its end, 03:30, exists once (CET): 02:30 UTC
    expect(handover).toEqual([[HANDOVER, "2026-10-25T00:30:00Z", "2026-10-25T02:30:00Z"]]);
  });

  it("iCloud's RDATE periods: DTSTART and each visit at its own length, in New York's time", () => {
    const visits = ours("icloud", "Europe/Berlin", WINDOWS[1]!).filter(([uid]) => uid === CLINIC);
    expect(visits).toEqual([
      [CLINIC, "2026-10-30T15:00:00Z", "2026-10-30T16:00:00Z"], // EDT, 1 h (DTEND)
      [CLINIC, "2026-11-03T16:00:00Z", "2026-11-03T17:30:00Z"], // EST, its period: 1 h 30
      [CLINIC, "2026-11-06T14:00:00Z", "2026-11-06T14:45:00Z"], // EST, its duration: 45 min
    ]);
  });
});

describe("a broken file", () => {
  it("keeps every event it can read and counts the rest, with their titles", () => {
    const parsed = parseCalendar(fixture("broken"));
    expect(parsed.unreadable).toEqual({ count: 2, titles: ["Broken date", "Broken rule"] });
    expect(parsed.skippedLines).toBe(1);
    const all = WINDOWS.flatMap((w) => ours("broken", "Europe/Berlin", w)).sort();
    expect(all).toEqual([
      ["good-1", "2026-03-17T10:00:00Z", "2026-03-17T11:00:00Z"],
      ["good-2", "2026-10-28T15:00:00Z", "2026-10-28T16:00:00Z"],
      ["never", "2026-03-19T08:00:00Z", "2026-03-19T08:30:00Z"],
      ["outlook-tzid", "2026-03-18T08:00:00Z", "2026-03-18T09:00:00Z"],
    ]);
  });
});

describe("the planner around each file of the corpus", () => {
  /** Monday 16 March 2026, 06:00 UTC. */
  const NOW = new Date("2026-03-16T06:00:00Z");
  let t: TestApp;
  let ics: IcsServer;
  beforeAll(async () => {
    [t, ics] = await Promise.all([createTestApp({ now: () => NOW, llm: null }), startIcsServer()]);
    for (const name of [...READABLE, "broken"]) ics.publish(`/${name}.ics`, fixture(name));
  });
  afterAll(async () => {
    await Promise.all([t?.close(), ics?.close()]);
  });

  it.each([...READABLE, "broken"].flatMap((name) => ZONES.map((zone) => ({ name, zone }))))(
    "$name, for a person in $zone: no block on busy time",
    async ({ name, zone }) => {
      const s = await inZone(t, await t.signIn(), zone);
      await connectIcs(t, s, ics.url(`/${name}.ics`));
      for (const [title, minutes] of [
        ["Write the report", 240],
        ["Prepare the talk", 180],
        ["Clear the inbox", 60],
      ] as const) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/tasks",
          headers: s.headers,
          payload: { title, estimateMinutes: minutes, priority: "high" },
        });
        expect(res.statusCode).toBe(201);
      }
      const plan = await t.app.inject({
        method: "POST",
        url: "/api/plan",
        headers: s.headers,
        payload: { days: 14 },
      });
      expect(plan.statusCode).toBe(200);
      expect(plan.json().notice).toBeUndefined();
      const placed = plan.json().placed as { start: string; end: string }[];
      expect(placed.length).toBeGreaterThan(0);

      // busy time as the person's calendar means it: an all-day day is their local day
      const busy = (
        await listConnectedOccurrences(t.db, {
          userId: s.user.id,
          from: NOW,
          to: new Date(NOW.getTime() + 15 * 86_400_000),
          busyOnly: true,
        })
      ).map((o) =>
        o.allDay
          ? {
              title: o.title,
              start: DateTime.fromISO(iso(o.start).slice(0, 10), { zone }).toMillis(),
              end: DateTime.fromISO(iso(o.end).slice(0, 10), { zone }).toMillis(),
            }
          : { title: o.title, start: o.start.getTime(), end: o.end.getTime() },
      );
      expect(busy.length).toBeGreaterThan(0);
      for (const b of placed) {
        const [start, end] = [Date.parse(b.start), Date.parse(b.end)];
        const clash = busy.filter((x) => start < x.end && end > x.start).map((x) => x.title);
        expect(clash, `${b.start}–${b.end}`).toEqual([]);
      }
    },
  );
});
