/**
 * The mixed workload on PostgreSQL with one and with two server processes (issue 20):
 * sign-in, usage, the calendar's week, a calendar write, chat turns (the built-in offline
 * assistant), plans, feed fetches, and connected-calendar syncs against a real CalDAV
 * server (Radicale) — through a round-robin loopback proxy, as behind a load balancer.
 * Prints req/s, p50/p99, errors (must be 0) and each process's RSS over the run.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:mixed
 *   MIXED_SECONDS=30 MIXED_USERS=400 MIXED_CONNECTIONS=50 (the defaults)
 *
 * The servers are `node --import tsx src/server/main.ts` processes with production limits
 * (chat 20/min per person, feed 30/min per token, plan 30/min per person, syncs 30 per 10
 * min per person): the mix and the number of users keep every person under them, so any
 * non-2xx answer is an error.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { setupPostgres } from "../tests/support/global-setup.ts";
import {
  RADICALE_PASSWORD,
  RADICALE_USER,
  startRadicale,
} from "../tests/support/radicale-server.ts";
import { startRoundRobinProxy } from "../tests/support/round-robin-proxy.ts";
import { type ServerProcess, startServer } from "../tests/support/server-process.ts";
import { openTestDatabase } from "../tests/support/test-database.ts";

const USERS = Number(process.env.MIXED_USERS ?? 400);
const SECONDS = Number(process.env.MIXED_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.MIXED_CONNECTIONS ?? 50);
/** People with a connected CalDAV calendar; one of them syncs every SYNC_EVERY_MS. */
const CONNECTED = 60;
const SYNC_EVERY_MS = 500;

if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL must point at PostgreSQL");
process.env.SAGE_TEST_DB = "postgres";
await setupPostgres();

const dav = await startRadicale();
await dav.makeCalendar("work", "Work", "#3366cc");
for (let i = 0; i < 20; i++) {
  const day = new Date(Date.now() + (i % 7) * 86_400_000)
    .toISOString()
    .slice(0, 10)
    .replaceAll("-", "");
  await dav.put(
    "work",
    `meeting-${i}.ics`,
    [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//bench//EN",
      "BEGIN:VEVENT",
      `UID:meeting-${i}@bench`,
      "DTSTAMP:20260101T000000Z",
      `DTSTART:${day}T${String(8 + (i % 8)).padStart(2, "0")}0000Z`,
      "DURATION:PT45M",
      `SUMMARY:Meeting ${i}`,
      ...(i % 4 === 0 ? ["RRULE:FREQ=WEEKLY;COUNT=20"] : []),
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n"),
  );
}

const rssOf = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/);
  return line ? Math.round(Number(line[1]) / 1024) : 0;
};

type Row = {
  instances: number;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  syncs: number;
  syncP50: number;
  syncP99: number;
  syncFailed: number;
  rss: string;
  routes: Map<string, number[]>;
};

async function run(instances: number): Promise<Row> {
  const database = await openTestDatabase("perf_bench");
  const servers: ServerProcess[] = [];
  for (let i = 0; i < instances; i++) {
    servers.push(
      await startServer({
        DATABASE_URL: database.url!,
        TRUST_PROXY: "1",
        // the same on every instance: the access tokens' issuer, as in production
        PUBLIC_URL: "http://localhost:3399",
        CALENDAR_SECRET_KEY: "perf-bench-calendar-secret-key-0123456789",
        DATA_DIR: `${os.tmpdir()}/perf-bench-${process.pid}-${instances}-${i}`,
        LOG_LEVEL: "error",
      }),
    );
  }
  const timings = new Map<string, number[]>();
  let measuring = false;
  const routeOf = (method: string, path: string) => {
    const bare = path.split("?")[0]!;
    if (bare.startsWith("/api/calendar/feed/")) return "GET /api/calendar/feed/<token>.ics";
    if (bare.startsWith("/api/connections/")) return `${method} /api/connections/:id/sync`;
    return `${method} ${bare}${path.includes("?from=") ? "?from&to" : ""}`;
  };
  const proxy = await startRoundRobinProxy(
    servers.map((s) => s.url),
    (method, path, _status, ms) => {
      if (!measuring) return;
      const key = routeOf(method, path);
      const list = timings.get(key) ?? [];
      list.push(ms);
      timings.set(key, list);
    },
  );
  const json = { "content-type": "application/json" };
  const call = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${proxy.url}${path}`, init);
    if (!res.ok)
      throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };

  type User = { email: string; token: string; feed: string; connection?: string };
  const users: User[] = [];
  const weekFrom = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
  const week = `from=${weekFrom.toISOString()}&to=${new Date(weekFrom.getTime() + 7 * 86_400_000).toISOString()}`;
  for (let i = 0; i < USERS; i++) {
    const email = `mixed-${i}@example.com`;
    const signIn = await call("/api/auth/dev-login", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email }),
    });
    const token = signIn.accessToken as string;
    const auth = { ...json, authorization: `Bearer ${token}` };
    for (let e = 0; e < 5; e++) {
      await call("/api/calendar-events", {
        method: "POST",
        headers: auth,
        body: JSON.stringify({
          title: `Seed ${e}`,
          start_time: new Date(
            weekFrom.getTime() + (e + 1) * 86_400_000 + 9 * 3_600_000,
          ).toISOString(),
          end_time: new Date(
            weekFrom.getTime() + (e + 1) * 86_400_000 + 10 * 3_600_000,
          ).toISOString(),
        }),
      });
    }
    for (let k = 0; k < 3; k++) {
      await call("/api/tasks", {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ title: `Task ${k}`, estimateMinutes: 60 }),
      });
    }
    const feedUrl = (await call("/api/calendar-token", { method: "POST", headers: auth }))
      .feedUrl as string;
    const user: User = { email, token, feed: new URL(feedUrl).pathname };
    if (i < CONNECTED) {
      const { connection } = (await call("/api/connections", {
        method: "POST",
        headers: auth,
        body: JSON.stringify({
          kind: "caldav",
          url: dav.origin,
          username: RADICALE_USER,
          password: RADICALE_PASSWORD,
        }),
      })) as { connection: { id: string } };
      user.connection = connection.id;
    }
    users.push(user);
  }
  // the monthly allowance is not what this measures
  await database.db.execute(sql`update profiles set monthly_usage_limit = 999999999`);

  let next = 0;
  const pick = () => users[next++ % users.length]!;
  const bearer = (req: autocannon.Request, extra: Record<string, string> = {}) => ({
    ...req.headers,
    ...extra,
    authorization: `Bearer ${pick().token}`,
  });
  type Req = autocannon.Request;
  const get = (path: string): Req => ({
    method: "GET",
    setupRequest: (req) => ({ ...req, path, headers: bearer(req) }),
  });
  // one cycle of a connection: what a crowd of open calendars mostly does, reads
  const cycle: Req[] = [
    get("/api/usage"),
    get(`/api/calendar-events?${week}`),
    get("/api/usage"),
    get(`/api/calendar-events?${week}`),
    get("/api/tasks"),
    get(`/api/calendar-events?${week}`),
    {
      method: "GET",
      setupRequest: (req) => ({ ...req, path: pick().feed }),
    },
    {
      method: "POST",
      setupRequest: (req) => ({
        ...req,
        path: "/api/auth/dev-login",
        headers: { ...req.headers, ...json },
        body: JSON.stringify({ email: pick().email }),
      }),
    },
    {
      method: "POST",
      setupRequest: (req) => ({
        ...req,
        path: "/api/calendar-events",
        headers: bearer(req, json),
        body: JSON.stringify({
          id: crypto.randomUUID(),
          title: "Load block",
          start_time: new Date(weekFrom.getTime() + 2 * 86_400_000 + 14 * 3_600_000).toISOString(),
        }),
      }),
    },
    {
      method: "POST",
      setupRequest: (req) => ({
        ...req,
        path: "/api/chat",
        headers: bearer(req, json),
        body: JSON.stringify({ message: "What is on my calendar tomorrow?" }),
      }),
    },
    {
      method: "POST",
      setupRequest: (req) => ({
        ...req,
        path: "/api/plan",
        headers: bearer(req, json),
        body: JSON.stringify({ days: 7 }),
      }),
    },
  ];

  // connected-calendar syncs at a steady rate beside the crowd, round robin over the people
  const connected = users.filter((u) => u.connection);
  const syncTimes: number[] = [];
  let syncFailed = 0;
  let syncing = true;
  const syncLoop = (async () => {
    let k = 0;
    const pending: Promise<void>[] = [];
    while (syncing) {
      const u = connected[k++ % connected.length]!;
      const started = performance.now();
      pending.push(
        fetch(`${proxy.url}/api/connections/${u.connection}/sync`, {
          method: "POST",
          headers: { authorization: `Bearer ${u.token}` },
        }).then(
          async (res) => {
            await res.arrayBuffer();
            if (res.ok) syncTimes.push(performance.now() - started);
            else syncFailed++;
          },
          () => {
            syncFailed++;
          },
        ),
      );
      await new Promise((r) => setTimeout(r, SYNC_EVERY_MS));
    }
    await Promise.all(pending);
  })();

  measuring = true;
  const pids = servers.map((s) => s.child.pid!);
  const rssStart = pids.map(rssOf);
  const rssMax = [...rssStart];
  const sampler = setInterval(() => {
    pids.forEach((pid, i) => {
      rssMax[i] = Math.max(rssMax[i]!, rssOf(pid));
    });
  }, 1000);
  const result = await autocannon({
    url: proxy.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: cycle,
  });
  syncing = false;
  await syncLoop;
  measuring = false;
  clearInterval(sampler);
  const rssEnd = pids.map(rssOf);

  await proxy.close();
  for (const s of servers) {
    s.child.kill("SIGTERM");
    await s.exited;
  }
  await database.close();
  syncTimes.sort((a, b) => a - b);
  const at = (q: number) => Math.round(syncTimes[Math.floor(q * (syncTimes.length - 1))] ?? 0);
  return {
    instances,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
    syncs: syncTimes.length,
    syncP50: at(0.5),
    syncP99: at(0.99),
    syncFailed,
    rss: pids.map((_, i) => `${rssStart[i]} → max ${rssMax[i]} → ${rssEnd[i]}`).join("; "),
    routes: timings,
  };
}

console.log(
  `mixed workload on PostgreSQL: ${USERS} users (${CONNECTED} with a CalDAV calendar), ${CONNECTIONS} connections, ${SECONDS} s, ${os.cpus().length} cores, node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
const rows: Row[] = [];
for (const n of (process.env.MIXED_INSTANCES ?? "1,2").split(",").map(Number))
  rows.push(await run(n));
await dav.close();

console.log(
  "\n| instances | req/s | p50 ms | p99 ms | requests | errors | non-2xx | syncs (p50, p99 ms) | failed syncs | RSS MB per process: start → max → end |",
);
console.log("|---:|---:|---:|---:|---:|---:|---:|---|---:|---|");
for (const r of rows) {
  console.log(
    `| ${r.instances} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.requests} | ${r.errors} | ${r.non2xx} | ${r.syncs} (${r.syncP50}, ${r.syncP99}) | ${r.syncFailed} | ${r.rss} |`,
  );
}
console.log("\nper route, as the proxy saw it (count, p50 ms, p99 ms) with 1 and 2 instances:");
const quantile = (list: number[], q: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(q * (sorted.length - 1))] ?? 0);
};
const names = [...new Set(rows.flatMap((r) => [...r.routes.keys()]))].sort();
console.log(`| route | ${rows.map((r) => `${r.instances} instance(s)`).join(" | ")} |`);
console.log(`|---|${rows.map(() => "---:").join("|")}|`);
for (const name of names) {
  const cells = rows.map((r) => {
    const list = r.routes.get(name) ?? [];
    return `${list.length}, ${quantile(list, 0.5)}, ${quantile(list, 0.99)}`;
  });
  console.log(`| ${name} | ${cells.join(" | ")} |`);
}
const failed = rows.reduce((n, r) => n + r.errors + r.non2xx + r.syncFailed, 0);
console.log(failed === 0 ? "errors: 0" : `ERRORS: ${failed}`);
process.exit(failed === 0 ? 0 : 1);
