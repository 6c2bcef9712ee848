import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeOpenAi } from "../support/fake-openai-server.ts";
import { type ServerProcess, signInOver, startServer } from "../support/server-process.ts";
import { createTestApp } from "../support/test-app.ts";
import { openTestDatabase, testDbKind } from "../support/test-database.ts";

const onPostgres = testDbKind() === "postgres";
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/**
 * Fires task creations with `concurrency` in flight until stopped; returns the ids the
 * server acknowledged (201 with the task). Failures (the process died) are not counted.
 */
function burstOfWrites(url: string, headers: Record<string, string>, concurrency = 8) {
  const acked: string[] = [];
  let stop = false;
  let n = 0;
  const worker = async () => {
    while (!stop) {
      const i = n++;
      try {
        const res = await fetch(`${url}/api/tasks`, {
          method: "POST",
          headers,
          body: JSON.stringify({ title: `burst ${i}`, estimateMinutes: 30 }),
        });
        if (res.status === 201)
          acked.push(((await res.json()) as { task: { id: string } }).task.id);
      } catch {
        // the connection died with the process: not acknowledged
      }
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  return {
    acked,
    stop: async () => {
      stop = true;
      await Promise.all(workers);
    },
  };
}

async function killDuringBurst(env: Record<string, string>) {
  const email = "burst@example.com";
  const first: ServerProcess = await startServer(env);
  cleanups.push(() => void first.child.kill("SIGKILL"));
  const burst = burstOfWrites(first.url, await signInOver(first.url, email));
  // let a good number of writes be acknowledged, then kill the process mid-burst
  while (burst.acked.length < 60) await new Promise((r) => setTimeout(r, 20));
  first.child.kill("SIGKILL");
  expect(await first.exited).toBe("SIGKILL");
  await burst.stop();
  const acked = [...burst.acked];

  const second = await startServer(env);
  cleanups.push(() => void second.child.kill("SIGKILL"));
  const res = await fetch(`${second.url}/api/tasks`, {
    headers: await signInOver(second.url, email),
  });
  expect(res.status).toBe(200);
  const stored = new Set(
    ((await res.json()) as { tasks: { id: string }[] }).tasks.map((t) => t.id),
  );
  const lost = acked.filter((id) => !stored.has(id));
  expect({ acknowledged: acked.length, lost }).toEqual({ acknowledged: acked.length, lost: [] });
  second.child.kill("SIGTERM");
  expect(await second.exited).toBe(0);
}

describe("nothing acknowledged is lost", () => {
  it.skipIf(onPostgres)(
    "PGlite: the server SIGKILLed during a burst of writes keeps every acknowledged write",
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "sage-kill-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      await killDuringBurst({ DATA_DIR: dataDir });
    },
    90_000,
  );

  it.skipIf(!onPostgres)(
    "PostgreSQL: the server SIGKILLed during a burst of writes keeps every acknowledged write",
    async () => {
      const database = await openTestDatabase();
      cleanups.push(() => database.close());
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "sage-kill-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      await killDuringBurst({ DATA_DIR: dataDir, DATABASE_URL: database.url! });
    },
    90_000,
  );
});

describe.skipIf(!onPostgres)("PostgreSQL goes away under load", () => {
  it("answers 503 with a clear error while it is away, recovers by itself, loses nothing acknowledged", async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const url = (t.database as { url?: string }).url!;
    const name = new URL(url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    cleanups.push(() => admin.end());
    const s = await t.signIn();

    const acked: string[] = [];
    const statuses: number[] = [];
    let stop = false;
    const load = (async () => {
      for (let i = 0; !stop; i++) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/tasks",
          headers: s.headers,
          payload: { title: `load ${i}`, estimateMinutes: 30 },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 201) acked.push(res.json().task.id);
        else if (res.statusCode === 503) {
          expect(res.json()).toEqual({
            error: "The database is unavailable right now. Please try again in a moment.",
            code: "service_unavailable",
          });
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    })();
    while (acked.length < 20) await new Promise((r) => setTimeout(r, 10));

    // the database goes away: no new connections, every existing one terminated
    await admin.query(`alter database "${name}" allow_connections false`);
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [name],
    );
    const whileAway = await t.app.inject({ method: "GET", url: "/api/tasks", headers: s.headers });
    expect(whileAway.statusCode).toBe(503);
    expect(whileAway.json().code).toBe("service_unavailable");
    const health = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(503);
    await new Promise((r) => setTimeout(r, 500));

    // it comes back: the next requests succeed without a restart of the app
    await admin.query(`alter database "${name}" allow_connections true`);
    const recoveredAt = Date.now();
    let back = 0;
    while (back !== 200 && Date.now() - recoveredAt < 10_000) {
      back = (await t.app.inject({ method: "GET", url: "/healthz" })).statusCode;
    }
    expect(back).toBe(200);
    const countBefore = acked.length;
    while (acked.length < countBefore + 10) await new Promise((r) => setTimeout(r, 10));
    stop = true;
    await load;

    expect(statuses).toContain(503);
    expect(statuses.filter((c) => c !== 201 && c !== 503)).toEqual([]);
    const list = await t.app.inject({ method: "GET", url: "/api/tasks", headers: s.headers });
    const stored = new Set((list.json().tasks as { id: string }[]).map((x) => x.id));
    expect(acked.filter((id) => !stored.has(id))).toEqual([]);
  }, 240_000);
});

describe.skipIf(onPostgres)("graceful shutdown", () => {
  it("on SIGTERM the in-flight request finishes, new connections are refused, the process exits 0", async () => {
    const fake = await startFakeOpenAi("Take the morning for deep work.");
    cleanups.push(() => fake.close());
    fake.setMode("slow");
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sage-term-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startServer({
      DATA_DIR: dataDir,
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: fake.baseUrl,
    });
    cleanups.push(() => void server.child.kill("SIGKILL"));
    const headers = await signInOver(server.url, "term@example.com");
    const inFlight = fetch(`${server.url}/api/chat`, {
      method: "POST",
      headers,
      body: JSON.stringify({ message: "plan my morning" }),
    });
    await new Promise((r) => setTimeout(r, 400)); // the model is still thinking
    server.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 200));
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { response: string }).response).toBe(
      "Take the morning for deep work.",
    );
    // promptly: the client's idle keep-alive connection does not hold the process open
    const exit = await Promise.race([
      server.exited,
      new Promise((r) => setTimeout(() => r("still running after 5 s"), 5000)),
    ]);
    expect(exit).toBe(0);
  }, 240_000);

  it("on SIGTERM an open chat stream runs to its done event, a new request is refused, the process exits 0", async () => {
    const fake = await startFakeOpenAi("Take the morning for deep work.");
    cleanups.push(() => fake.close());
    fake.setMode("drip"); // five words, 400 ms apart: ~1.6 s of stream after the first
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sage-term-stream-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startServer({
      DATA_DIR: dataDir,
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: fake.baseUrl,
    });
    cleanups.push(() => void server.child.kill("SIGKILL"));
    const headers = await signInOver(server.url, "stream-term@example.com");
    const stream = await fetch(`${server.url}/api/chat`, {
      method: "POST",
      headers: { ...headers, accept: "text/event-stream" },
      body: JSON.stringify({ message: "plan my morning" }),
    });
    // the stream is open: its first word has arrived, four more are still to come
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    server.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 200));
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    const text = await stream.text();
    expect(text).toContain("event: delta");
    expect(text).toContain("deep work.");
    expect(text).toContain("event: done");
    expect(text).not.toContain("event: error");
    const exit = await Promise.race([
      server.exited,
      new Promise((r) => setTimeout(() => r("still running after 5 s"), 5000)),
    ]);
    expect(exit).toBe(0);
  }, 240_000);
});
