import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { type Config, loadConfig } from "../../src/server/config.ts";
import { syncDueConnections } from "../../src/server/connections/refresh-connections.ts";
import { type Database, openPostgres } from "../../src/server/db/client.ts";
import { runMigrations } from "../../src/server/db/migrate.ts";
import { calendarConnections, profiles, usageLogs } from "../../src/server/db/schema.ts";
import { claimPeriod } from "../../src/server/jobs/periodic-jobs.ts";
import { type IcsServer, icsFixture, startIcsServer } from "../support/ics-server.ts";
import { type RoundRobinProxy, startRoundRobinProxy } from "../support/round-robin-proxy.ts";
import { TEST_SECRET } from "../support/test-app.ts";
import { openTestDatabase, testDbKind } from "../support/test-database.ts";

/**
 * Two instances of the app, each with its own connection pool and its own process-local
 * state (caches, limiter memory), on one PostgreSQL database, behind a round-robin
 * loopback proxy — as N stateless instances behind a load balancer run in production.
 */
type Instance = {
  app: FastifyInstance;
  config: Config;
  database: Database;
  url: string;
  dataDir: string;
};

const onPostgres = testDbKind() === "postgres";
let shared: Database & { url?: string };
let instances: Instance[] = [];
let proxy: RoundRobinProxy;
let ics: IcsServer;

async function startInstance(url: string): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "perf-instance-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    // shared by every instance: a token signed by one is verified by the other
    SESSION_SECRET: TEST_SECRET,
    // and so is this one: a calendar connected through one is synced by the other
    CALENDAR_SECRET_KEY: "perf-two-instances-calendar-key-0123456789",
    LOG_LEVEL: "silent",
    TRUST_PROXY: "1",
  });
  const database = openPostgres(url, console, 5);
  // llm: null → the built-in offline assistant answers chat turns
  const app = await buildApp({ config, database, logger: false, llm: null, webRoot: dataDir });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as { port: number };
  return { app, config, database, url: `http://127.0.0.1:${port}`, dataDir };
}

beforeAll(async () => {
  if (!onPostgres) return;
  shared = await openTestDatabase("perf");
  instances = await Promise.all([startInstance(shared.url!), startInstance(shared.url!)]);
  proxy = await startRoundRobinProxy(instances.map((i) => i.url));
  ics = await startIcsServer();
});

afterAll(async () => {
  if (!onPostgres) return;
  await proxy.close();
  await ics.close();
  for (const i of instances) {
    await i.app.close();
    await i.database.close();
    rmSync(i.dataDir, { recursive: true, force: true });
  }
  await shared.close();
});

async function signIn(base: string, email: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/auth/dev-login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(200);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}`, "content-type": "application/json" };
}

const userIdOf = async (email: string) => {
  const rows = await shared.db.execute<{ id: string }>(
    sql`select id from users where email = ${email}`,
  );
  return (rows as unknown as { rows: { id: string }[] }).rows[0]!.id;
};

describe.skipIf(!onPostgres)("two instances on one PostgreSQL behave as one", () => {
  it("two instances starting together on an empty database both migrate it and start", async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = `perf_empty_${Date.now()}`;
    await admin.query(`create database "${name}"`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const both = [openPostgres(url.href, console, 3), openPostgres(url.href, console, 3)];
    try {
      const results = await Promise.allSettled(both.map((d) => runMigrations(d)));
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    } finally {
      for (const d of both) await d.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });

  it("the allowance race: 40 parallel chat turns across both store at most the limit", async () => {
    const headers = await signIn(proxy.url, "race@example.com");
    const before = [...proxy.served];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${proxy.url}/api/chat`, {
          method: "POST",
          headers,
          body: JSON.stringify({ message: `What should I focus on today? (${i})` }),
        }).then(async (r) => ({ status: r.status, body: await r.text() })),
      ),
    );
    // both instances answered turns
    expect(proxy.served.map((n, i) => n - before[i]!)).toEqual([20, 20]);
    const statuses = answers.map((a) => a.status);
    // the chat limit (20 a minute per user) and the allowance (15 a month, free) refuse the rest
    expect(statuses.filter((s) => ![200, 402, 429].includes(s))).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(15);
    const userId = await userIdOf("race@example.com");
    const [profile] = await shared.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile!.monthlyUsage).toBe(15);
    const logs = await shared.db.select().from(usageLogs).where(eq(usageLogs.userId, userId));
    expect(logs).toHaveLength(15);
  });

  it("a per-address limit holds across both: /api/meta's 300 a minute is 300, not 600", async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, () => fetch(`${proxy.url}/api/meta`).then((r) => r.status)),
      );
      statuses.push(...batch);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const over = await Promise.all([
      fetch(`${proxy.url}/api/meta`),
      fetch(`${proxy.url}/api/meta`),
    ]);
    expect(over.map((r) => r.status)).toEqual([429, 429]);
    expect(Number(over[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await over[1]!.text()).toContain("Rate limit");
  });

  it("a periodic job runs once per period however many instances ask at once", async () => {
    const job = `test-job-${Date.now()}`;
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) => claimPeriod(instances[i % 2]!.database.db, job, 60)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it("a due connection is synced once when both instances' background rounds run together", async () => {
    ics.publish("/two.ics", icsFixture("apple"));
    const headers = await signIn(proxy.url, "sync@example.com");
    const created = await fetch(`${proxy.url}/api/connections`, {
      method: "POST",
      headers,
      body: JSON.stringify({ kind: "ics", url: ics.url("/two.ics") }),
    });
    expect(created.status).toBe(201);
    const { connection } = (await created.json()) as { connection: { id: string } };
    // the first sync, started by connecting, has finished and let go of its lease
    for (let tries = 0; ; tries++) {
      const [row] = await shared.db
        .select()
        .from(calendarConnections)
        .where(eq(calendarConnections.id, connection.id));
      if (row!.lastSyncedAt && (!row!.leaseUntil || row!.leaseUntil < new Date())) break;
      if (tries > 100) throw new Error("the first sync did not finish");
      await new Promise((r) => setTimeout(r, 50));
    }
    await shared.db
      .update(calendarConnections)
      .set({ lastSyncedAt: new Date(Date.now() - 3_600_000), leaseUntil: null })
      .where(eq(calendarConnections.id, connection.id));
    const fetchesBefore = ics.requests.filter((r) => r.path === "/two.ics").length;
    const rounds = await Promise.all(
      instances.map((i) =>
        syncDueConnections({
          db: i.database.db,
          config: i.config,
          now: () => new Date(),
        }),
      ),
    );
    expect(rounds.reduce((a, b) => a + b, 0)).toBe(1);
    expect(ics.requests.filter((r) => r.path === "/two.ics").length - fetchesBefore).toBe(1);
    const [row] = await shared.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connection.id));
    expect(row!.status).toBe("ok");
  });

  it("a change through one instance is seen fresh through the other (week list and feed)", async () => {
    const [a, b] = instances as [Instance, Instance];
    const headers = await signIn(a.url, "fresh@example.com");
    // next week: inside the feed's window (3 months back to 18 ahead of today)
    const monday = new Date(Math.floor(Date.now() / 86_400_000 + 7) * 86_400_000);
    const day = (n: number) => new Date(monday.getTime() + n * 86_400_000).toISOString();
    const week = `from=${day(0)}&to=${day(7)}`;
    const titles = async (base: string) => {
      const res = await fetch(`${base}/api/calendar-events?${week}`, { headers });
      return ((await res.json()) as { events: { title: string }[] }).events.map((e) => e.title);
    };
    const token = await fetch(`${a.url}/api/calendar-token`, { method: "POST", headers });
    const feedPath = new URL(((await token.json()) as { feedUrl: string }).feedUrl).pathname;
    const create = (base: string, title: string, n: number) =>
      fetch(`${base}/api/calendar-events`, {
        method: "POST",
        headers,
        body: JSON.stringify({ title, start_time: day(n) }),
      });

    expect((await create(b.url, "first", 1)).status).toBe(201);
    // a's cache now holds the week and the feed
    expect(await titles(a.url)).toEqual(["first"]);
    const warm = await fetch(`${a.url}${feedPath}`);
    expect(warm.status).toBe(200);
    const etag = warm.headers.get("etag")!;

    expect((await create(b.url, "second", 2)).status).toBe(201);
    expect(await titles(a.url)).toEqual(["first", "second"]);
    const fresh = await fetch(`${a.url}${feedPath}`, { headers: { "if-none-match": etag } });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("etag")).not.toBe(etag);
    expect(await fresh.text()).toContain("SUMMARY:second");
  });

  it("a task changed through one instance is seen fresh in the other's task list", async () => {
    const [a, b] = instances as [Instance, Instance];
    const headers = await signIn(a.url, "fresh-tasks@example.com");
    const list = async (base: string) => {
      const res = await fetch(`${base}/api/tasks`, { headers });
      expect(res.status).toBe(200);
      return ((await res.json()) as { tasks: { title: string }[] }).tasks.map((t) => t.title);
    };
    const created = await fetch(`${b.url}/api/tasks`, {
      method: "POST",
      headers,
      body: JSON.stringify({ title: "Draft the report", estimateMinutes: 60 }),
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { task: { id: string } }).task.id;
    // a's cache now holds the list
    expect(await list(a.url)).toEqual(["Draft the report"]);
    expect(await list(a.url)).toEqual(["Draft the report"]);

    const renamed = await fetch(`${b.url}/api/tasks/${id}`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ title: "Send the report", estimateMinutes: 60 }),
    });
    expect(renamed.status).toBe(200);
    expect(await list(a.url)).toEqual(["Send the report"]);

    const deleted = await fetch(`${b.url}/api/tasks/${id}`, { method: "DELETE", headers });
    expect(deleted.status).toBeLessThan(300);
    expect(await list(a.url)).toEqual([]);
  });
});
