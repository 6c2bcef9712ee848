/**
 * Bounded calendar work (issue 14), each figure beside its baseline in one run
 * (npm run bench:calendar:bounded):
 *
 * 1. Series expansion: a daily series from 1970 next to one from last week, read in a
 *    one-day window (today, and in 2099) — with expandOccurrences, and with rrule walking
 *    from the series' start (what expansion did before). Ratio old/new series ≈ 1 = the
 *    cost does not depend on the series' age.
 * 2. GET /api/calendar-events?from&to (2099) and POST /api/plan (28 days) with 100 daily
 *    series from 1970, next to 100 from last week: time and the event loop's longest block.
 * 3. The public feed at 600 and 10,000 events: before (all events, built in one go on every
 *    fetch, as the route did) next to after (cold build in slices, cached 200, 304): time,
 *    the event loop's longest block, and heap growth per fetch.
 *
 * Uses PGlite in a temporary directory, or PostgreSQL when DATABASE_URL is set.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { buildCalendarFeed } from "../src/core/calendar/calendar-feed.ts";
import { expandOccurrences, type Series } from "../src/core/calendar/recurrence.ts";
import { RRule } from "../src/core/calendar/rrule-lib.ts";
import { buildApp } from "../src/server/app.ts";
import { toServerEvent } from "../src/server/calendar/event-dto.ts";
import { loadConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/open-database.ts";
import { calendarEvents } from "../src/server/db/schema.ts";
import { makeEvents } from "./sample-events.ts";

const DAY = 86_400_000;
const ZONE = "Europe/Berlin";

/** Median time of `fn` in ms over `runs` runs after a warm-up. */
function median(fn: () => unknown, runs = 9): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

/**
 * Runs `fn` and reports its time, this process's CPU time (less disturbed by other
 * processes on a busy machine than wall time), the event loop's longest block (the longest gap between
 * ticks of a 1 ms interval, less the interval) and the heap's growth.
 */
type Measured = { ms: number; cpuMs: number; blockMs: number; heapMb: number };

async function measure<T>(fn: () => Promise<T>): Promise<Measured & { value: T }> {
  let last = performance.now();
  let longest = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  const heap0 = process.memoryUsage().heapUsed;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await fn();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const heapMb = (process.memoryUsage().heapUsed - heap0) / 1e6;
  // let the probe's late tick land, so a block at the very end is counted
  await new Promise((resolve) => setTimeout(resolve, 5));
  clearInterval(probe);
  return {
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    blockMs: Math.max(0, longest - 1),
    heapMb,
    value,
  };
}

// ---- 1. series expansion ----

/** What expansion did before: rrule from the series' start, in floating time. */
function expandFromStart(series: Series, from: Date, to: Date): number {
  const floating = (d: Date | string) => {
    const l = DateTime.fromJSDate(new Date(d), { zone: ZONE });
    return new Date(Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second));
  };
  const rule = new RRule({ freq: RRule.DAILY, dtstart: floating(series.start) });
  return rule.between(
    floating(new Date(from.getTime() - DAY)),
    floating(new Date(to.getTime() + DAY)),
    true,
  ).length;
}

function benchExpansion() {
  const daily = (start: string): Series => ({
    start,
    end: null,
    allDay: false,
    rule: {
      frequency: "DAILY",
      interval: 1,
      byDay: null,
      byMonthDay: null,
      until: null,
      count: null,
    },
  });
  const now = new Date();
  const lastWeek = daily(new Date(now.getTime() - 7 * DAY).toISOString());
  const old = daily("1970-01-01T08:00:00Z");
  console.log("\n1. One daily series in a one-day window (median of 9, ms per series)");
  console.log("   window       series from   before (walk from start)   after (start at window)");
  for (const [label, from] of [
    ["today", new Date(now.getTime() - (now.getTime() % DAY))],
    ["2099-12-01", new Date("2099-12-01T00:00:00Z")],
  ] as const) {
    const to = new Date(from.getTime() + DAY);
    const rows = [
      ["last week", lastWeek],
      ["1970", old],
    ] as const;
    const figures = rows.map(([, s]) => ({
      before: median(() => expandFromStart(s, from, to)),
      after: median(() => expandOccurrences(s, { from, to, zone: ZONE })),
    }));
    rows.forEach(([name], i) => {
      const f = figures[i]!;
      console.log(
        `   ${label.padEnd(12)} ${name.padEnd(13)} ${f.before.toFixed(3).padStart(10)}               ${f.after.toFixed(3).padStart(10)}`,
      );
    });
    const ratio = (k: "before" | "after") => figures[1]![k] / figures[0]![k];
    console.log(
      `   ${label.padEnd(12)} 1970 ÷ last week: before ${ratio("before").toFixed(0)}×, after ${ratio("after").toFixed(2)}×`,
    );
  }
}

// ---- the app ----

async function openApp() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sage-bench-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    PORT: "0",
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const database = await openDatabase(config, console);
  const app = await buildApp({
    config,
    database,
    logger: false,
    // as in production: the route table's answer check is for development and tests
    checkResponses: false,
    webRoot: path.join(dataDir, "none"),
  });
  const signIn = async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: `bench-${crypto.randomUUID()}@example.com` },
    });
    const { accessToken, user } = res.json() as { accessToken: string; user: { id: string } };
    const headers = { authorization: `Bearer ${accessToken}` };
    await app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers,
      payload: { timezone: ZONE },
    });
    for (const title of ["Write the report", "Review the budget", "Plan the offsite"]) {
      await app.inject({
        method: "POST",
        url: "/api/tasks",
        headers,
        payload: { title, estimateMinutes: 90 },
      });
    }
    return { headers, userId: user.id };
  };
  const close = async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, db: database.db, kind: database.kind, signIn, close };
}
type Bench = Awaited<ReturnType<typeof openApp>>;

async function insertSeries(b: Bench, userId: string, start: Date, n: number) {
  await b.db.insert(calendarEvents).values(
    Array.from({ length: n }, (_, i) => ({
      id: crypto.randomUUID(),
      userId,
      title: `Daily ${i}`,
      startTime: new Date(start.getTime() + i * 60_000),
      endTime: new Date(start.getTime() + i * 60_000 + 30 * 60_000),
      recurrenceFrequency: "DAILY" as const,
      recurrenceInterval: 1,
    })),
  );
}

// ---- 2. ranged list and plan with old series ----

async function benchRangedAndPlan(b: Bench) {
  const now = Date.now();
  const users = {
    "last week": await b.signIn(),
    "1970": await b.signIn(),
  } as const;
  await insertSeries(b, users["last week"].userId, new Date(now - 7 * DAY), 100);
  await insertSeries(b, users["1970"].userId, new Date("1970-01-01T08:00:00Z"), 100);
  console.log("\n2. 100 daily series per user: a ranged list in 2099 and a 28-day plan");
  console.log("   (median of 5, after a warm-up; the two users alternate)");
  console.log(
    "   request                          series from   time ms   cpu ms   longest block ms",
  );
  const list = (user: { headers: Record<string, string> }) =>
    b.app.inject({
      url: "/api/calendar-events?from=2099-12-01T00:00:00Z&to=2099-12-02T00:00:00Z",
      headers: user.headers,
    });
  const plan = (user: { headers: Record<string, string> }) =>
    b.app.inject({
      method: "POST",
      url: "/api/plan",
      headers: user.headers,
      payload: { days: 28 },
    });
  const figures: Record<string, { list: Measured[]; plan: Measured[] }> = {};
  for (const [label, user] of Object.entries(users)) {
    if ((await list(user)).json().events.length !== 100) throw new Error("list");
    if ((await plan(user)).statusCode !== 200) throw new Error("plan");
    figures[label] = { list: [], plan: [] };
  }
  for (let run = 0; run < 5; run++) {
    for (const [label, user] of Object.entries(users)) {
      figures[label]!.list.push(await measure(() => list(user)));
      figures[label]!.plan.push(await measure(() => plan(user)));
    }
  }
  const mid = (xs: Measured[], k: "ms" | "cpuMs" | "blockMs") =>
    xs.map((x) => x[k]).sort((a, c) => a - c)[1]!;
  for (const k of ["list", "plan"] as const) {
    for (const label of Object.keys(users)) {
      const name =
        k === "list" ? "GET /api/calendar-events (2099)" : "POST /api/plan (28 days)       ";
      const f = figures[label]![k];
      console.log(
        `   ${name}  ${label.padEnd(13)} ${mid(f, "ms").toFixed(0).padStart(7)}   ${mid(f, "cpuMs").toFixed(0).padStart(6)}   ${mid(f, "blockMs").toFixed(0).padStart(10)}`,
      );
    }
    const ratio = (m: "ms" | "cpuMs") =>
      (mid(figures["1970"]![k], m) / mid(figures["last week"]![k], m)).toFixed(2);
    console.log(`   ${k}: 1970 ÷ last week = ${ratio("ms")}× time, ${ratio("cpuMs")}× cpu`);
  }
}

// ---- 3. the feed ----

/** The route before issue 14: every live event, built in one go, on every fetch. */
async function feedBefore(b: Bench, userId: string): Promise<number> {
  const rows = await b.db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.userId, userId), isNull(calendarEvents.deletedAt)))
    .orderBy(asc(calendarEvents.startTime), asc(calendarEvents.id));
  return buildCalendarFeed({ events: rows.map(toServerEvent), zone: ZONE }).length;
}

async function seedFeed(b: Bench, n: number) {
  const user = await b.signIn();
  // spread over the feed's window (3 months back to 18 ahead), so none is left out
  const first = Date.now() - 80 * DAY;
  const step = (560 * DAY) / n;
  const events = makeEvents(n).map((e, i) => {
    const start = new Date(first + i * step);
    return {
      id: crypto.randomUUID(),
      userId: user.userId,
      title: e.title,
      description: e.description,
      location: e.location,
      startTime: start,
      endTime: new Date(start.getTime() + 90 * 60_000),
      reminderMinutes: e.reminder_minutes,
      category: e.category,
      priority: e.priority,
      recurrenceFrequency: e.recurrence_frequency,
      recurrenceInterval: e.recurrence_interval,
      recurrenceByDay: e.recurrence_by_day,
      recurrenceCount: e.recurrence_count,
    };
  });
  for (let i = 0; i < events.length; i += 1000) {
    await b.db.insert(calendarEvents).values(events.slice(i, i + 1000));
  }
  const token = (
    await b.app.inject({ method: "POST", url: "/api/calendar-token", headers: user.headers })
  ).json().token as string;
  return { ...user, url: `/api/calendar/feed/${token}.ics` };
}

async function benchFeed(b: Bench) {
  console.log(
    "\n3. GET /api/calendar/feed/<token>.ics (in process; heap = growth during the fetch)",
  );
  console.log(
    "   events   fetch                      time ms   cpu ms   longest block ms   heap MB   bytes",
  );
  for (const n of [600, 10_000]) {
    const user = await seedFeed(b, n);
    const row = (label: string, m: Measured, bytes: number) =>
      console.log(
        `   ${String(n).padStart(6)}   ${label.padEnd(26)} ${m.ms.toFixed(0).padStart(7)}   ${m.cpuMs.toFixed(0).padStart(6)}   ${m.blockMs.toFixed(0).padStart(16)}   ${m.heapMb.toFixed(0).padStart(7)}   ${bytes}`,
      );
    const before = await measure(() => feedBefore(b, user.userId));
    row("before: built every fetch", before, before.value);
    const gz = { "accept-encoding": "gzip" };
    const cold = await measure(() => b.app.inject({ url: user.url, headers: gz }));
    row("after: cold (builds)", cold, cold.value.rawPayload.length);
    const cached = await measure(() => b.app.inject({ url: user.url, headers: gz }));
    row("after: cached, gzip", cached, cached.value.rawPayload.length);
    const plain = await measure(() => b.app.inject({ url: user.url }));
    row("after: cached, no gzip", plain, plain.value.rawPayload.length);
    const etag = cached.value.headers.etag as string;
    const revalidated = await measure(() =>
      b.app.inject({ url: user.url, headers: { ...gz, "if-none-match": etag } }),
    );
    if (revalidated.value.statusCode !== 304) throw new Error("expected 304");
    row("after: If-None-Match → 304", revalidated, 0);
    console.log(
      `   ${String(n).padStart(6)}   before ÷ cached: time ${(before.ms / cached.ms).toFixed(0)}×, longest block ${(before.blockMs / Math.max(1, cached.blockMs)).toFixed(0)}×; before ÷ cold block ${(before.blockMs / Math.max(1, cold.blockMs)).toFixed(0)}×`,
    );
    await b.db.execute(sql`delete from calendar_events where user_id = ${user.userId}`);
  }
}

console.log(
  `node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown"})`,
);
benchExpansion();
const bench = await openApp();
try {
  console.log(`database: ${bench.kind === "pglite" ? "PGlite" : "PostgreSQL"}`);
  await benchRangedAndPlan(bench);
  await benchFeed(bench);
} finally {
  await bench.close();
}
