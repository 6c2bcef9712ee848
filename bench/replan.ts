/**
 * The living plan (issue 26), measured side by side in one run (npm run bench:replan):
 * after one event lands on a planned block, how long until the plan has settled again (the
 * re-plan worker polling as in production: request due 300 ms after the change, polled every
 * 500 ms) and how many blocks moved per block hit — beside a full re-plan of the same state
 * (POST /api/plan, which keeps what fits) and a from-scratch plan (no previous blocks, what an
 * auto-scheduler without memory would move). Two sizes: 5 tasks / 20 events, and 200 tasks /
 * 500 events. Goal: settled within 2 s at p95, moving at most 1.2× the blocks hit.
 *
 * Uses the test template database: PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import { and, eq, isNotNull } from "drizzle-orm";
import { DateTime } from "luxon";
import { calendarEvents, replanRequests } from "../src/server/db/schema.ts";
import { planTasks } from "../src/server/planning/plan-tasks.ts";
import { startReplanWorker } from "../src/server/planning/replan-worker.ts";
import { startBenchApp } from "./support.ts";

const ZONE = "Europe/Berlin";
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
/** The horizon: a week for the small person, four weeks for the large one (200 tasks fit). */
let DAYS = 7;

const bench = await startBenchApp("sage-bench-replan");
const { app, database, config } = bench;
const stopWorker = startReplanWorker({ db: database.db, config, now: () => new Date() });

type Headers = Record<string, string>;
async function inject(headers: Headers, method: "GET" | "POST", url: string, payload?: object) {
  const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}
type Block = { id: string; task_id: string | null; start_time: string; end_time: string };
async function blocks(headers: Headers): Promise<Block[]> {
  const from = DateTime.now().minus({ days: 1 }).toUTC().toISO();
  const to = DateTime.now()
    .plus({ days: DAYS + 2 })
    .toUTC()
    .toISO();
  const { events } = await inject(headers, "GET", `/api/calendar-events?from=${from}&to=${to}`);
  return (events as Block[]).filter((e) => e.task_id !== null);
}
const spot = (b: { start_time: string; end_time: string; task_id: string | null }) =>
  `${b.task_id}|${b.start_time}|${b.end_time}`;
/** Blocks of `after` not at a place `before` had (what a person sees move). */
const movedBetween = (before: Block[], after: Block[]) => {
  const had = new Set(before.map(spot));
  return after.filter((b) => !had.has(spot(b))).length;
};

async function person(tasks: number, events: number) {
  const login = await app.inject({
    method: "POST",
    url: "/api/auth/dev-login",
    payload: { email: `replan-${randomUUID()}@example.com` },
  });
  const headers = { authorization: `Bearer ${login.json().accessToken}` };
  await app.inject({ method: "PATCH", url: "/api/profile", headers, payload: { timezone: ZONE } });
  const today = DateTime.now().setZone(ZONE).startOf("day");
  for (let i = 0; i < events; i++) {
    // meetings from a month back to five months ahead, about three a day, in working hours
    const day = today.plus({ days: Math.floor((i * 180) / events) - 30 });
    const start = day.set({ hour: 8 + ((i * 5) % 9), minute: (i % 4) * 15 });
    await inject(headers, "POST", "/api/calendar-events", {
      id: randomUUID(),
      title: `Meeting ${i}`,
      start_time: start.toUTC().toISO(),
      end_time: start.plus({ minutes: 30 }).toUTC().toISO(),
    });
  }
  for (let i = 0; i < tasks; i++) {
    await inject(headers, "POST", "/api/tasks", {
      title: `Task ${i}`,
      estimateMinutes: tasks > 50 ? 5 + (i % 3) * 5 : 20 + (i % 5) * 20,
      energy: (["low", "medium", "high"] as const)[i % 3],
      priority: (["low", "medium", "high"] as const)[i % 3],
    });
  }
  await inject(headers, "POST", "/api/plan", { days: DAYS });
  const userId = login.json().user.id as string;
  await settled(userId);
  return { headers, userId };
}

async function settled(userId: string): Promise<void> {
  for (;;) {
    const rows = await database.db
      .select({ id: replanRequests.userId })
      .from(replanRequests)
      .where(eq(replanRequests.userId, userId));
    if (rows.length === 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

async function scenario(label: string, tasks: number, events: number, days: number) {
  DAYS = days;
  const began = performance.now();
  const { headers, userId } = await person(tasks, events);
  console.error(`${label}: person ready in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  const settle: number[] = [];
  const full: number[] = [];
  let hits = 0;
  let moved = 0;
  let fullMoved = 0;
  let scratchMoved = 0;
  let lost = 0;
  for (let run = 0; run < RUNS; run++) {
    const before = await blocks(headers);
    const future = before.filter((b) => Date.parse(b.start_time) > Date.now() + 3_600_000);
    if (future.length === 0) throw new Error(`${label}: no planned block to land on`);
    const hit = future[(run * 7) % future.length]!;
    const startedAt = performance.now();
    await inject(headers, "POST", "/api/calendar-events", {
      id: randomUUID(),
      title: `Surprise ${run}`,
      start_time: hit.start_time,
      end_time: new Date(Date.parse(hit.start_time) + 20 * 60_000).toISOString(),
    });
    // settled: the request was claimed, re-planned and released
    await new Promise((r) => setTimeout(r, 5));
    await settled(userId);
    settle.push(performance.now() - startedAt);
    const after = await blocks(headers);
    // blocks hit: those the meeting and the buffer kept around it (10 min, the default) touch
    const buffer = 10 * 60_000;
    const meeting = {
      start: Date.parse(hit.start_time),
      end: Date.parse(hit.start_time) + 20 * 60_000,
    };
    hits += before.filter(
      (b) =>
        Date.parse(b.start_time) < meeting.end + buffer &&
        meeting.start - buffer < Date.parse(b.end_time),
    ).length;
    moved += movedBetween(before, after);
    // the hit task found no time again (its block went, nothing new for it)
    if (!after.some((b) => b.task_id === hit.task_id && !before.some((x) => spot(x) === spot(b))))
      lost += 1;
    if (process.env.BENCH_DEBUG) {
      const had = new Set(before.map(spot));
      const still = new Set(after.map(spot));
      console.error(
        `${label} run ${run}: moved ${movedBetween(before, after)}; gone ${before
          .filter((b) => !still.has(spot(b)))
          .map(
            (b) =>
              `${b.task_id?.slice(0, 4)} ${b.start_time.slice(5, 16)}-${b.end_time.slice(11, 16)}`,
          )
          .join(", ")}; new ${after
          .filter((b) => !had.has(spot(b)))
          .map(
            (b) =>
              `${b.task_id?.slice(0, 4)} ${b.start_time.slice(5, 16)}-${b.end_time.slice(11, 16)}`,
          )
          .join(", ")}`,
      );
    }

    // side by side: a full re-plan of the same state (keeps what fits)
    const t0 = performance.now();
    await inject(headers, "POST", "/api/plan", { days: DAYS });
    full.push(performance.now() - t0);
    const again = await blocks(headers);
    fullMoved += movedBetween(after, again);
    await settled(userId);

    // and what a plan without memory of its blocks would have moved
    const scratch = await fromScratchMoves(userId, again);
    scratchMoved += scratch;
  }
  return {
    label,
    runs: settle.length,
    settleP50: pct(settle, 50),
    settleP95: pct(settle, 95),
    fullP50: pct(full, 50),
    fullP95: pct(full, 95),
    movedPerHit: moved / hits,
    lost,
    fullMovedPerRun: fullMoved / settle.length,
    scratchMovedPerRun: scratchMoved / settle.length,
  };
}

/**
 * How many blocks a plan that ignored the current ones would put elsewhere: a preview after
 * deleting every block, inside a transaction that is rolled back.
 */
async function fromScratchMoves(userId: string, current: Block[]): Promise<number> {
  let moved = 0;
  await database.db
    .transaction(async (tx) => {
      await tx
        .delete(calendarEvents)
        .where(and(eq(calendarEvents.userId, userId), isNotNull(calendarEvents.taskId)));
      const proposal = await planTasks(tx as never, {
        userId,
        days: DAYS,
        now: new Date(),
        preview: true,
      });
      const had = new Set(current.map(spot));
      moved = proposal.placed.filter(
        (p) =>
          !had.has(
            `${p.taskId}|${new Date(p.start).toISOString()}|${new Date(p.end).toISOString()}`,
          ),
      ).length;
      throw new Error("rollback");
    })
    .catch((error: Error) => {
      if (error.message !== "rollback") throw error;
    });
  return moved;
}

const rows = [
  await scenario("5 tasks, 20 events, 7 days", 5, 20, 7),
  await scenario("200 tasks, 500 events, 28 days", 200, 500, 28),
];
stopWorker();
console.log(
  `\n${bench.kind}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, ${RUNS} runs each\n`,
);
console.log(
  "| size | runs | event → settled p50 / p95 | full re-plan p50 / p95 | blocks moved per block hit | hit, no time left | full re-plan moved | from scratch would move |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
for (const r of rows) {
  console.log(
    `| ${r.label} | ${r.runs} | ${r.settleP50.toFixed(0)} / ${r.settleP95.toFixed(0)} ms | ${r.fullP50.toFixed(0)} / ${r.fullP95.toFixed(0)} ms | ${r.movedPerHit.toFixed(2)} | ${r.lost} | ${r.fullMovedPerRun.toFixed(2)} | ${r.scratchMovedPerRun.toFixed(1)} |`,
  );
}
await app.close();
await database.close();
process.exit(0);
