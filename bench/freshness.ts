/**
 * Freshness (issue 30, item 4), measured side by side in one run (npm run bench:freshness):
 * for Google Calendar and Microsoft Graph, against the loopback providers
 * (tests/support/fake-google-calendar.ts, fake-microsoft-graph.ts), which send their
 * notifications to Sage's notify routes over HTTP as the real ones do.
 *
 * 1. Change → plan settled: an event is added at the provider over one of Sage's planned
 *    blocks; the clock stops when the API shows the event and no block left under it.
 *    - pushed: the provider notifies Sage, which syncs (after PUSH_SETTLE_MS) and re-plans
 *      (the re-plan worker polling every 500 ms, as in production);
 *    - polled: the notification is lost; the sync is started at once, as the next poll
 *      would, and timed the same way. The wait for that poll cannot be waited out here, so
 *      it is modelled: on average half the interval (POLL_MINUTES / 2 without push,
 *      PUSH_BACKSTOP_MINUTES / 2 for a lost notification with push) plus the measured time.
 * 2. API calls per connection per hour, counted from the providers' request logs: one sync
 *    that finds nothing (a poll), one renewal of every channel, and each change's sync; per
 *    hour at BENCH_CHANGES_PER_HOUR changes (10 unless told), beside each provider's quota.
 *
 * No assertions: it prints numbers. Uses the test template database (PGlite, or PostgreSQL
 * when TEST_DATABASE_URL is set). BENCH_RUNS changes per provider and mode (10 unless told).
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import { and, eq, gt, isNull } from "drizzle-orm";
import { DateTime } from "luxon";
import {
  POLL_MINUTES,
  PUSH_BACKSTOP_MINUTES,
  RENEW_BEFORE_MS,
  renewChannels,
} from "../src/server/connections/push-channels.ts";
import { syncConnection } from "../src/server/connections/sync-connection.ts";
import { calendarConnections, pushChannels, replanRequests } from "../src/server/db/schema.ts";
import { createGoogleSignIn } from "../src/server/integrations/identity/google.ts";
import { startReplanWorker } from "../src/server/planning/replan-worker.ts";
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  startFakeGoogle,
} from "../tests/support/fake-google-calendar.ts";
import {
  MS_CLIENT_ID,
  MS_CLIENT_SECRET,
  startFakeGraph,
} from "../tests/support/fake-microsoft-graph.ts";
import { connectByConsent, pushedPerson } from "../tests/support/pushed-person.ts";
import { startBenchApp } from "./support.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const CHANGES_PER_HOUR = Number(process.env.BENCH_CHANGES_PER_HOUR ?? 10);
const PUBLIC_URL = "https://sage.example.com";
const DAYS = 7;
/** Requests per user per hour each provider allows: 600/min (Google), 10,000/10 min (Graph). */
const QUOTA_PER_HOUR = { google: 600 * 60, microsoft: 10_000 * 6 } as const;
type Kind = keyof typeof QUOTA_PER_HOUR;

/** While false, the providers' notifications are lost on the way (the polled runs). */
let delivering = true;
let sageUrl = "";
/** Sage's public address as the providers know it, reached here on its loopback port. */
const toSage = (address: string) => {
  const u = new URL(address);
  return `${sageUrl}${u.pathname}${u.search}`;
};
async function deliver(address: string, init: RequestInit): Promise<Response | undefined> {
  if (!delivering) return undefined;
  return fetch(toSage(address), { method: "POST", ...init });
}

const google = await startFakeGoogle({
  deliver: async (address, headers) => (await deliver(address, { headers }))?.status ?? 0,
});
google.addCalendar({ id: "me@example.com", summary: "me", accessRole: "owner", primary: true });
const graph = await startFakeGraph({
  validate: async (url) => {
    const res = await fetch(toSage(url), {
      method: "POST",
      headers: { "content-type": "text/plain; charset=utf-8" },
      body: "",
    });
    return {
      status: res.status,
      body: await res.text(),
      type: res.headers.get("content-type") ?? "",
    };
  },
  notify: async (url, body) =>
    (await deliver(url, { headers: { "content-type": "application/json" }, body }))?.status ?? 0,
});
graph.addCalendar({ id: "cal-main", name: "Calendar", canEdit: true, isDefaultCalendar: true });

const googleSignIn = createGoogleSignIn({
  issuer: google.origin,
  clientId: FAKE_CLIENT_ID,
  clientSecret: FAKE_CLIENT_SECRET,
  redirectUri: `${PUBLIC_URL}/api/auth/google/callback`,
});
const bench = await startBenchApp("sage-bench-freshness", {
  google: googleSignIn,
  env: {
    PUBLIC_URL,
    GOOGLE_API_BASE: google.origin,
    GOOGLE_CLIENT_ID: FAKE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: FAKE_CLIENT_SECRET,
    CALENDAR_SECRET_KEY: "bench-freshness-calendar-key-0123456789abcdef",
    MICROSOFT_CLIENT_ID: MS_CLIENT_ID,
    MICROSOFT_CLIENT_SECRET: MS_CLIENT_SECRET,
    MICROSOFT_AUTHORITY: graph.origin,
    MICROSOFT_GRAPH_BASE: graph.graph,
  },
});
const { app, database, config } = bench;
const { db } = database;
sageUrl = bench.url;
const deps = { db, config, now: () => new Date(), google: googleSignIn };
const stopWorker = startReplanWorker(deps);

type Headers = Record<string, string>;
async function api(
  headers: Headers,
  method: "GET" | "POST" | "PATCH",
  url: string,
  payload?: object,
) {
  const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A person with a connected calendar of `kind` and a planned week of five tasks. */
async function person(kind: Kind) {
  const sage = { app, db, config };
  const { user, headers, session } = await pushedPerson(sage, `fresh-${kind}`);
  const { connection } = await connectByConsent(sage, { user, headers, session }, kind);
  if (connection?.updates !== "push") throw new Error(`${kind}: not connected with push`);
  for (let i = 0; i < 5; i++)
    await api(headers, "POST", "/api/tasks", { title: `Task ${i}`, estimateMinutes: 60 + i * 15 });
  await api(headers, "POST", "/api/plan", { days: DAYS });
  await quiet(user.id, connection.id);
  return { headers, userId: user.id, connectionId: connection.id };
}
type Person = Awaited<ReturnType<typeof person>>;

type Shown = { title: string; task_id: string | null; start_time: string; end_time: string };
async function shown(p: Person): Promise<Shown[]> {
  const from = DateTime.now().minus({ days: 1 }).toUTC().toISO();
  const to = DateTime.now()
    .plus({ days: DAYS + 2 })
    .toUTC()
    .toISO();
  return (await api(p.headers, "GET", `/api/calendar-events?from=${from}&to=${to}`)).events;
}

/** No sync waiting or running on the connection, and no re-plan waiting for the person. */
async function quiet(userId: string, connectionId: string): Promise<void> {
  for (;;) {
    const [busy] = await db
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(
        and(
          eq(calendarConnections.id, connectionId),
          isNull(calendarConnections.pushRequestedAt),
          isNull(calendarConnections.leaseOwner),
        ),
      );
    const waiting = await db
      .select({ id: replanRequests.userId })
      .from(replanRequests)
      .where(eq(replanRequests.userId, userId));
    if (busy && waiting.length === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The person adds an event at the provider, over [start, end). */
function addAtProvider(kind: Kind, title: string, start: Date, end: Date): void {
  const id = `surprise${randomUUID().replace(/-/g, "")}`;
  if (kind === "google")
    google.put("me@example.com", {
      id,
      summary: title,
      start: { dateTime: start.toISOString(), timeZone: "UTC" },
      end: { dateTime: end.toISOString(), timeZone: "UTC" },
    });
  else {
    const wall = (d: Date) => ({
      dateTime: d
        .toISOString()
        .replace("Z", "")
        .replace(/\.\d+$/, ".0000000"),
      timeZone: "UTC",
    });
    graph.put("cal-main", { id, subject: title, start: wall(start), end: wall(end) });
  }
}
const requests = (kind: Kind) => (kind === "google" ? google : graph).log.requests.length;

/**
 * One change over a planned block, until the plan settled around it: answers the time (ms)
 * and the provider requests it cost.
 */
async function change(kind: Kind, p: Person, label: string, pushed: boolean) {
  const blocks = (await shown(p)).filter(
    (e) => e.task_id !== null && Date.parse(e.start_time) > Date.now() + 3_600_000,
  );
  if (blocks.length === 0) throw new Error(`${kind}: no planned block left to land on`);
  const hit = blocks[Math.floor(blocks.length / 2)]!;
  const start = new Date(hit.start_time);
  const end = new Date(Math.min(Date.parse(hit.end_time), start.getTime() + 45 * 60_000));
  const before = requests(kind);
  delivering = pushed;
  const began = performance.now();
  addAtProvider(kind, label, start, end);
  if (!pushed) await syncConnection(deps, p.connectionId);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const events = await shown(p);
    const seen = events.some((e) => e.title === label);
    const under = events.some(
      (e) =>
        e.task_id !== null &&
        Date.parse(e.start_time) < end.getTime() &&
        Date.parse(e.end_time) > start.getTime(),
    );
    if (seen && !under) break;
    if (Date.now() > deadline) throw new Error(`${kind}: the plan never settled around ${label}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - began;
  await quiet(p.userId, p.connectionId);
  delivering = true;
  return { ms, calls: requests(kind) - before };
}

/** Provider requests of one sync that finds nothing new (a poll or a backstop poll). */
async function idleSync(kind: Kind, p: Person): Promise<number> {
  const before = requests(kind);
  await syncConnection(deps, p.connectionId);
  await quiet(p.userId, p.connectionId);
  return requests(kind) - before;
}

/**
 * Provider requests of renewing every channel of the connection once, and how often that
 * happens: a channel is renewed RENEW_BEFORE_MS before the expiry the provider granted.
 */
async function renewal(kind: Kind, p: Person) {
  await db
    .update(pushChannels)
    .set({ expiresAt: new Date(Date.now() + 3_600_000) })
    .where(eq(pushChannels.connectionId, p.connectionId));
  const before = requests(kind);
  await renewChannels(deps);
  const calls = requests(kind) - before;
  const rows = await db
    .select({ expiresAt: pushChannels.expiresAt })
    .from(pushChannels)
    .where(
      and(eq(pushChannels.connectionId, p.connectionId), gt(pushChannels.expiresAt, new Date())),
    );
  const lifetime = Math.min(...rows.map((r) => r.expiresAt.getTime() - Date.now()));
  return { calls, everyHours: (lifetime - RENEW_BEFORE_MS) / 3_600_000 };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function measure(kind: Kind) {
  const began = performance.now();
  const p = await person(kind);
  console.error(`${kind}: person ready in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  const pushed: { ms: number; calls: number }[] = [];
  const polled: { ms: number; calls: number }[] = [];
  for (let run = 0; run < RUNS; run++) {
    pushed.push(await change(kind, p, `Pushed ${kind} ${run}`, true));
    polled.push(await change(kind, p, `Polled ${kind} ${run}`, false));
  }
  return {
    kind,
    pushed: pushed.map((r) => r.ms),
    polled: polled.map((r) => r.ms),
    perChange: mean(pushed.map((r) => r.calls)),
    perPolledChange: mean(polled.map((r) => r.calls)),
    perSync: await idleSync(kind, p),
    renewal: await renewal(kind, p),
  };
}

const results = [await measure("google"), await measure("microsoft")];
stopWorker();

const s = (ms: number) =>
  ms >= 60_000 ? `${(ms / 60_000).toFixed(1)} min` : `${(ms / 1000).toFixed(2)} s`;
const mins = (m: number) => m * 60_000;
console.log(
  `\n${bench.kind}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, ${RUNS} changes per provider and mode\n`,
);
console.log("Change at the provider → plan settled around it (median / p95):\n");
console.log(
  `| provider | pushed (measured) | sync + re-plan alone (measured) | polled every ${POLL_MINUTES} min (modelled) | push lost, backstop every ${PUSH_BACKSTOP_MINUTES} min (modelled) |`,
);
console.log("|---|---:|---:|---:|---:|");
for (const r of results) {
  const poll = (m: number) =>
    `${s(mins(m) / 2 + pct(r.polled, 50))} / ${s(mins(m) * 0.95 + pct(r.polled, 95))}`;
  console.log(
    `| ${r.kind} | ${s(pct(r.pushed, 50))} / ${s(pct(r.pushed, 95))} | ${s(pct(r.polled, 50))} / ${s(pct(r.polled, 95))} | ${poll(POLL_MINUTES)} | ${poll(PUSH_BACKSTOP_MINUTES)} |`,
  );
}
console.log(
  `\nModelled: a poll comes on average half an interval after the change (p95: 95% of one), then the measured sync + re-plan.\n`,
);
console.log(`Provider API calls per connection per hour (${CHANGES_PER_HOUR} changes an hour):\n`);
console.log(
  "| provider | one poll | one change, pushed | renewal (all channels) | polled / h | pushed / h | quota / h | polled % | pushed % |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const r of results) {
  const polledHour = (60 / POLL_MINUTES) * r.perSync;
  const pushedHour =
    (60 / PUSH_BACKSTOP_MINUTES) * r.perSync +
    r.renewal.calls / r.renewal.everyHours +
    CHANGES_PER_HOUR * r.perChange;
  const quota = QUOTA_PER_HOUR[r.kind];
  const pc = (n: number) => `${((100 * n) / quota).toFixed(3)}%`;
  console.log(
    `| ${r.kind} | ${r.perSync} | ${r.perChange.toFixed(1)} | ${r.renewal.calls} every ${r.renewal.everyHours.toFixed(0)} h | ${polledHour.toFixed(1)} | ${pushedHour.toFixed(1)} | ${quota.toLocaleString("en")} | ${pc(polledHour)} | ${pc(pushedHour)} |`,
  );
}
await app.close();
await database.close();
await google.close();
await graph.close();
process.exit(0);
