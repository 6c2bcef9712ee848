import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { signInOver, startServer } from "../support/server-process.ts";
import { openTestDatabase, testDbKind } from "../support/test-database.ts";

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

type Answer = { status: number; retryAfter: string | null; route: string };

/**
 * One user's requests in a loop: tasks created and listed, plans (a transaction) and chat
 * turns (transactions) kept under their per-user rate limits and the free allowance, so
 * every answer other than a 2xx is the fault's doing.
 */
function userLoad(url: string, headers: Record<string, string>, answers: Answer[]) {
  let stop = false;
  const counts = { plan: 0, chat: 0 };
  const send = async (route: string, method: string, body?: unknown) => {
    try {
      const res = await fetch(`${url}${route}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      answers.push({ status: res.status, retryAfter: res.headers.get("retry-after"), route });
      await res.arrayBuffer();
    } catch {
      answers.push({ status: 0, retryAfter: null, route }); // no answer: the process died
    }
  };
  const run = (async () => {
    for (let i = 0; !stop; i++) {
      if (i % 4 === 0 && counts.plan < 20) {
        counts.plan++;
        await send("/api/plan", "POST", { days: 3 });
      } else if (i % 4 === 1 && counts.chat < 8) {
        counts.chat++;
        await send("/api/chat", "POST", { message: `what should I do first? ${i}` });
      } else if (i % 2 === 0) {
        await send("/api/tasks", "POST", { title: `fault ${i}`, estimateMinutes: 30 });
      } else {
        await send("/api/tasks", "GET");
      }
    }
  })();
  return async () => {
    stop = true;
    await run;
  };
}

describe.skipIf(testDbKind() !== "postgres")("PostgreSQL connection faults", () => {
  it("backends terminated every 30 ms under load: the process lives, answers are 2xx or 503 with Retry-After, and it recovers", async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const name = new URL(database.url!).pathname.slice(1);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sage-pgfault-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: database.url! });
    cleanups.push(() => void server.child.kill("SIGKILL"));

    const users = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signInOver(server.url, `fault${i}@example.com`)),
    );
    const answers: Answer[] = [];
    const stops = users.map((headers) => userLoad(server.url, headers, answers));

    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    cleanups.push(() => admin.end());
    let terminated = 0;
    const until = Date.now() + 3_000;
    while (Date.now() < until && server.child.exitCode === null) {
      const r = await admin.query<{ t: boolean }>(
        "select pg_terminate_backend(pid) as t from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [name],
      );
      terminated += r.rows.filter((row) => row.t).length;
      await new Promise((r) => setTimeout(r, 30));
    }
    for (const stop of stops) await stop();

    expect(server.child.exitCode, server.output()).toBeNull();
    expect(terminated).toBeGreaterThan(10);
    const faults = answers.filter((a) => a.status === 503);
    expect(faults.length).toBeGreaterThan(0);
    const wrong = answers.filter(
      (a) => !(a.status >= 200 && a.status < 300) && !(a.status === 503 && a.retryAfter),
    );
    expect(wrong).toEqual([]);

    // by itself, with no restart: once the pool has dropped the terminated connections,
    // requests of every kind succeed
    const calmAt = Date.now();
    let health = 0;
    while (health !== 200 && Date.now() - calmAt < 10_000) {
      health = (await fetch(`${server.url}/healthz`)).status;
    }
    expect(health).toBe(200);
    const [headers] = users;
    const created = await fetch(`${server.url}/api/tasks`, {
      method: "POST",
      headers: headers!,
      body: JSON.stringify({ title: "after the storm", estimateMinutes: 30 }),
    });
    expect(created.status).toBe(201);
    expect((await fetch(`${server.url}/api/tasks`, { headers: headers! })).status).toBe(200);
    const plan = await fetch(`${server.url}/api/plan`, {
      method: "POST",
      headers: headers!,
      body: JSON.stringify({ days: 3 }),
    });
    expect(plan.status).toBe(200);
    console.info(
      `connection faults: ${terminated} backends terminated, ${answers.length} answers, ${faults.length} × 503`,
    );
  }, 240_000);
});
