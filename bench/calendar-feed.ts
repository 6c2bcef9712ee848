/**
 * Calendar benchmarks, each measured side by side in one run (npm run bench:calendar):
 *
 * 1. Feed generation for 5,000 events (a third recurring, user zone Europe/Berlin):
 *    Sage's buildCalendarFeed next to ical-generator alone building the same events.
 * 2. GET /api/calendar-events with 50 events (bearer auth, session check, database read)
 *    next to a bare Fastify route answering the same JSON from memory.
 *
 * Uses PGlite in a temporary directory, or PostgreSQL when DATABASE_URL is set.
 * BENCH_SECONDS (default 10) sets each HTTP measurement's length.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import Fastify from "fastify";
import ical from "ical-generator";
import { buildCalendarFeed, type FeedEvent } from "../src/core/calendar/calendar-feed.ts";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/open-database.ts";
import { makeEvents } from "./sample-events.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** The same calendar written straight with ical-generator: no mapping, no VTIMEZONE. */
function icalGeneratorAlone(events: FeedEvent[]): string {
  const cal = ical({ name: "Sage AI Recommendations" });
  for (const e of events) {
    cal.createEvent({
      id: e.id,
      sequence: e.version,
      stamp: new Date(e.updated_at),
      start: new Date(e.start_time),
      end: e.end_time ? new Date(e.end_time) : null,
      summary: e.title,
      description: e.description,
      location: e.location,
      categories: e.category ? [{ name: e.category }] : [],
      priority: 5,
      repeating: e.recurrence_frequency ? "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=12" : null,
      alarms: e.reminder_minutes === null ? [] : [{ trigger: e.reminder_minutes * 60 }],
    });
  }
  return cal.toString();
}

function timeIt(fn: () => string, runs: number): { medianMs: number; bytes: number } {
  for (let i = 0; i < 3; i++) fn(); // warm up
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    bytes = fn().length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)]!, bytes };
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, headers, connections: 10, duration: SECONDS });
  if (result.non2xx || result.errors) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

async function benchFeed() {
  const events = makeEvents(5000);
  const ours = timeIt(
    () => buildCalendarFeed({ events, zone: "Europe/Berlin", now: new Date("2025-06-01") }),
    15,
  );
  const alone = timeIt(() => icalGeneratorAlone(events), 15);
  console.log("\nFeed generation, 5,000 events (1,667 weekly-recurring), median of 15 runs");
  console.log(
    `  Sage buildCalendarFeed   ${ours.medianMs.toFixed(1)} ms  (${(ours.bytes / 1e6).toFixed(2)} MB)`,
  );
  console.log(
    `  ical-generator alone     ${alone.medianMs.toFixed(1)} ms  (${(alone.bytes / 1e6).toFixed(2)} MB)`,
  );
  console.log(`  ratio                    ${(ours.medianMs / alone.medianMs).toFixed(2)}×`);
}

async function benchList() {
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
  const bare = Fastify({ logger: false });
  try {
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: `bench-${Date.now()}@example.com` },
    });
    const { accessToken } = login.json() as { accessToken: string };
    const auth = { authorization: `Bearer ${accessToken}` };
    for (const e of makeEvents(50)) {
      const { version: _v, created_at: _c, updated_at: _u, ...fields } = e;
      const res = await app.inject({
        method: "POST",
        url: "/api/calendar-events",
        headers: auth,
        payload: { ...fields, id: crypto.randomUUID() },
      });
      if (res.statusCode !== 201) throw new Error(`seeding failed: ${res.body}`);
    }
    const snapshot = (await app.inject({ url: "/api/calendar-events", headers: auth })).body;
    bare.get("/api/calendar-events", async (_req, reply) =>
      reply.type("application/json").send(snapshot),
    );
    const ourUrl = await app.listen({ port: 0, host: "127.0.0.1" });
    const bareUrl = await bare.listen({ port: 0, host: "127.0.0.1" });

    const ours = await load(`${ourUrl}/api/calendar-events`, auth);
    const baseline = await load(`${bareUrl}/api/calendar-events`);
    const db = database.kind === "pglite" ? "PGlite" : "PostgreSQL";
    console.log(
      `\nGET /api/calendar-events, 50 events (${(snapshot.length / 1024).toFixed(1)} KB), 10 connections, ${SECONDS} s each, ${db}`,
    );
    console.log(
      `  Sage route               ${ours.rps.toFixed(0)} req/s  p50 ${ours.p50} ms  p99 ${ours.p99} ms`,
    );
    console.log(
      `  bare Fastify route       ${baseline.rps.toFixed(0)} req/s  p50 ${baseline.p50} ms  p99 ${baseline.p99} ms`,
    );
    console.log(`  ratio                    ${(ours.rps / baseline.rps).toFixed(2)}× of bare`);
  } finally {
    await bare.close();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown"})`,
);
await benchFeed();
await benchList();
