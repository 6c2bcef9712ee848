/**
 * Connected calendars: syncing a 5,000-event calendar (a third repeating weekly, some with
 * moved and cancelled occurrences, zones from three exporters) beside parsing the same file
 * alone with ical.js, and the per-request cost of a week's connected occurrences.
 * Then the server's thread while a calendar is read: inline (as before the calendar
 * worker) beside the worker, for that calendar and one at the 10 MB cap.
 *   npm run bench:connected            (PGlite; TEST_DATABASE_URL for PostgreSQL)
 *   npm run bench:connected -- blocks  (only the server's-thread table)
 */
import http from "node:http";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { parseCalendar } from "../src/core/calendar/external/parse-calendar.ts";
import { createIcsConnection } from "../src/server/connections/create-connection.ts";
import { listConnectedOccurrences } from "../src/server/connections/list-external-occurrences.ts";
import { checkExpandable } from "../src/server/connections/store-series.ts";
import { syncConnection } from "../src/server/connections/sync-connection.ts";
import { calendarConnections, users } from "../src/server/db/schema.ts";
import { runCalendarJob } from "../src/server/integrations/calendars/worker/calendar-jobs.ts";
import { readCalendar } from "../src/server/integrations/calendars/worker/calendar-pool.ts";
import { startBenchApp } from "./support.ts";

const EVENTS = 5_000;
const NOW = new Date("2026-03-02T06:00:00Z");
const ZONES = ["Europe/Berlin", "W. Europe Standard Time", "America/New_York"];

function calendarText(): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//EN", "X-WR-CALNAME:Bench"];
  const pad = (n: number) => String(n).padStart(2, "0");
  for (let i = 0; i < EVENTS; i++) {
    const zone = ZONES[i % ZONES.length]!;
    const day = new Date(Date.UTC(2025, 0, 1) + (i % 540) * 86_400_000);
    const date = `${day.getUTCFullYear()}${pad(day.getUTCMonth() + 1)}${pad(day.getUTCDate())}`;
    const hour = pad(8 + (i % 9));
    lines.push(
      "BEGIN:VEVENT",
      `UID:bench-${i}@example.com`,
      "DTSTAMP:20250101T000000Z",
      `DTSTART;TZID=${zone}:${date}T${hour}0000`,
      `DTEND;TZID=${zone}:${date}T${hour}4500`,
      `SUMMARY:Meeting ${i}`,
      "TRANSP:OPAQUE",
    );
    const repeating = i % 3 === 0;
    if (repeating)
      lines.push(i % 2 ? "RRULE:FREQ=WEEKLY;BYDAY=MO,WE" : "RRULE:FREQ=WEEKLY;COUNT=40");
    if (repeating && i % 9 === 0) lines.push(`EXDATE;TZID=${zone}:${date}T${hour}0000`);
    lines.push("END:VEVENT");
    if (repeating && i % 6 === 0) {
      const moved = new Date(day.getTime() + 7 * 86_400_000);
      const m = `${moved.getUTCFullYear()}${pad(moved.getUTCMonth() + 1)}${pad(moved.getUTCDate())}`;
      lines.push(
        "BEGIN:VEVENT",
        `UID:bench-${i}@example.com`,
        "DTSTAMP:20250101T000000Z",
        `RECURRENCE-ID;TZID=${zone}:${m}T${hour}0000`,
        `DTSTART;TZID=${zone}:${m}T170000`,
        `DTEND;TZID=${zone}:${m}T174500`,
        `SUMMARY:Meeting ${i} (moved)`,
        "END:VEVENT",
      );
    }
  }
  lines.push("END:VCALENDAR", "");
  return lines.join("\r\n");
}

async function measure<T>(name: string, runs: number, work: () => Promise<T> | T) {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = heapBefore;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  times.sort((a, b) => a - b);
  return {
    name,
    median: times[Math.floor(times.length / 2)]!,
    heapMb: (peak - heapBefore) / 1024 / 1024,
  };
}

const text = calendarText();
const only = process.argv[2];
/** Runs per variant of the server's-thread table (BENCH_RUNS; 3 by default). */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

if (only !== "blocks") await syncAndRead();

async function syncAndRead() {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/calendar" });
    res.end(text);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/bench.ics`;

  const bench = await startBenchApp("sage-bench-connected");
  const db = bench.database.db;
  const [user] = await db
    .insert(users)
    .values({ email: `bench-${Date.now()}@example.com` })
    .returning();
  // the bench app's config: a local one (loopback allowed, the key generated into its DATA_DIR)
  const deps = { db, config: bench.config, now: () => NOW };
  const connection = await createIcsConnection(deps, {
    userId: user!.id,
    input: { kind: "ics", url },
  });

  const rows = [
    await measure("ical.js parse alone (ICAL.parse + walk)", 5, () => {
      const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
      return root.getAllSubcomponents("vevent").length;
    }),
    await measure(
      "parseCalendar (group, resolve zones)",
      5,
      () => parseCalendar(text).series.length,
    ),
    await measure("parse + check expansion (a week back, 3 months ahead)", 3, async () => {
      const series = parseCalendar(text).series.map((s) => ({ key: s.uid, etag: null, series: s }));
      await checkExpandable(series, NOW);
    }),
    await measure(`full sync (fetch, parse, check, store) on ${bench.kind}`, 3, async () => {
      // a full read each time: forget the validators (this server sends none anyway)
      await db.execute(sql`update connection_calendars set http_etag = null`);
      if (!(await syncConnection(deps, connection.id))) throw new Error("not claimed");
      const [state] = await db
        .select({ status: calendarConnections.status, error: calendarConnections.error })
        .from(calendarConnections)
        .where(eq(calendarConnections.id, connection.id));
      if (state?.status !== "ok") throw new Error(`sync failed: ${state?.error}`);
    }),
    // a sync moves the connection's version: the first read expands, later ones reuse it
    await measure("one week of connected occurrences, first read after a sync", 1, () =>
      listConnectedOccurrences(db, {
        userId: user!.id,
        from: NOW,
        to: new Date(NOW.getTime() + 7 * 86_400_000),
      }),
    ),
    await measure("the same week again (expansion kept per connection version)", 20, () =>
      listConnectedOccurrences(db, {
        userId: user!.id,
        from: NOW,
        to: new Date(NOW.getTime() + 7 * 86_400_000),
      }),
    ),
  ];
  const base = rows[0]!.median;
  console.log(`\n${EVENTS} events (${(text.length / 1024 / 1024).toFixed(1)} MB), ${bench.kind}`);
  console.log("| step | median ms | × ical.js parse | heap Δ MB |");
  console.log("|---|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.median.toFixed(0)} | ${(r.median / base).toFixed(2)} | ${r.heapMb.toFixed(0)} |`,
    );
  }
  const week = await listConnectedOccurrences(db, {
    userId: user!.id,
    from: NOW,
    to: new Date(NOW.getTime() + 7 * 86_400_000),
  });
  console.log(`(${week.length} occurrences in that week)`);
  server.close();
  await bench.app.close();
  await bench.database.close();
}

/**
 * The server's thread while a calendar is read (parse + expansion check): inline, as before
 * the calendar worker, and in the worker. Longest block = the longest the event loop could
 * not run anything else (monitorEventLoopDelay, 1 ms resolution); busy = its utilization.
 */
async function mainThreadCost(label: string, read: () => Promise<unknown>) {
  const runs: { wall: number; longest: number; busy: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    globalThis.gc?.();
    const delay = monitorEventLoopDelay({ resolution: 1 });
    const before = performance.eventLoopUtilization();
    delay.enable();
    // the histogram measures from its first tick: let it take one before the work
    await new Promise((r) => setTimeout(r, 5));
    const t0 = performance.now();
    await read();
    const wall = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 20)); // a block shows at the next timer
    delay.disable();
    runs.push({
      wall,
      longest: delay.max / 1e6,
      busy: performance.eventLoopUtilization(before).utilization,
    });
  }
  runs.sort((a, b) => a.longest - b.longest);
  return { label, ...runs[Math.floor(runs.length / 2)]! };
}

// the same calendar, and one at the size cap: these events buried in to-dos and junk lines
const filler: string[] = [];
for (let i = 0, size = 0; size < 8.5 * 1024 * 1024; i += 1) {
  const todo = [
    "BEGIN:VTODO",
    `UID:todo-${i}@example.com`,
    "DTSTAMP:20250101T000000Z",
    `SUMMARY:Something to do, number ${i}, with a long enough title to weigh`,
    `X-JUNK;X-PARAM=${i}:${"x".repeat(60)}`,
    "END:VTODO",
  ].join("\r\n");
  filler.push(todo);
  size += todo.length + 2;
}
const capped = text.replace("END:VCALENDAR\r\n", `${filler.join("\r\n")}\r\nEND:VCALENDAR\r\n`);
const inline = async (t: string) => {
  await Promise.resolve();
  const parsed = runCalendarJob({ kind: "parse", text: t });
  runCalendarJob({ kind: "check", series: parsed.series, now: NOW.getTime() });
};
const offThread = async (t: string) => {
  // bytes, as fetchIcs hands them over (transferred, not copied)
  const parsed = await readCalendar({ kind: "parse", text: Buffer.from(t) });
  await readCalendar({ kind: "check", series: parsed.series, now: NOW.getTime() });
};
// start the worker: its start is not what is measured
await offThread(`${text.slice(0, text.indexOf("BEGIN:VEVENT", 40_000))}END:VCALENDAR\r\n`);
const blocks = [];
for (const [name, t] of [
  [`${EVENTS} events, ${(text.length / 1024 / 1024).toFixed(1)} MB`, text],
  [`the same + junk, ${(capped.length / 1024 / 1024).toFixed(1)} MB`, capped],
] as const) {
  blocks.push(await mainThreadCost(`${name}: inline (before)`, () => inline(t)));
  blocks.push(await mainThreadCost(`${name}: calendar worker`, () => offThread(t)));
}
console.log(`\nThe server's thread while a calendar is parsed and checked (median of ${RUNS})`);
console.log("| calendar: where | wall ms | longest block ms | event-loop busy | block ÷ inline |");
console.log("|---|---:|---:|---:|---:|");
for (const [i, b] of blocks.entries()) {
  const base = blocks[i - (i % 2)]!.longest;
  console.log(
    `| ${b.label} | ${b.wall.toFixed(0)} | ${b.longest.toFixed(0)} | ${(b.busy * 100).toFixed(0)} % | ${(b.longest / base).toFixed(3)} |`,
  );
}
process.exit(0); // the idle calendar worker is unref'd; the exit is explicit anyway
