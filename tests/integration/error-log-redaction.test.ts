import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, loggerOptions } from "../../src/server/app.ts";
import { signInOver, startServer } from "../support/server-process.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { openTestDatabase, testDbKind } from "../support/test-database.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The app with the production logger, writing into `lines`. */
async function loggedApp(lines: string[]) {
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = { ...t.config, logLevel: "info" };
  const app = await buildApp({
    config,
    database: t.database,
    logger: { ...loggerOptions(config), stream },
    webRoot: "/nonexistent",
  });
  await app.ready();
  return app;
}

describe("errors are logged without the values of the query that failed", () => {
  it("a failed insert's params, PostgreSQL's detail and a data exception's value stay out of the log", async () => {
    // the database refuses every task, quoting the title back the way a unique or check
    // violation quotes the row ("Failing row contains (…)")
    await t.db.execute(
      sql.raw(`
      create function refuse_task() returns trigger language plpgsql as $$
      begin
        raise exception 'tasks are refused' using detail = 'Failing row contains (' || new.title || ')';
      end $$`),
    );
    await t.db.execute(
      sql.raw(
        "create trigger refuse_task before insert on tasks for each row execute function refuse_task()",
      ),
    );
    const lines: string[] = [];
    const app = await loggedApp(lines);
    try {
      const s = await t.signIn();
      const secret = "my-secret-diary-entry-4f9a";
      const res = await app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: s.headers,
        payload: { title: secret, estimateMinutes: 30 },
      });
      expect(res.statusCode).toBe(500);
      app.log.error(
        { err: await t.db.execute(sql`select ${"sk-feed-token-77e1"}::int`).catch((e) => e) },
        "a data exception",
      );
      const log = lines.join("");
      expect(log).toContain("unhandled error");
      expect(log).toContain("insert into"); // the SQL text is kept, with its placeholders
      expect(log).toContain("params: [redacted]");
      expect(log).toContain("tasks are refused"); // the cause is still there
      expect(log).not.toContain(secret);
      expect(log).toContain("invalid input syntax");
      expect(log).not.toContain("sk-feed-token-77e1");
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(testDbKind() !== "postgres")("database faults in the log", () => {
  it("a terminated connection is one redacted JSON line, never a dump of the pg client", async () => {
    const database = await openTestDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sage-pglog-"));
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: database.url! });
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    try {
      await admin.connect();
      const headers = await signInOver(server.url, "faults-in-the-log@example.com");
      const name = new URL(database.url!).pathname.slice(1);
      let terminated = 0;
      for (let round = 0; round < 5; round++) {
        // a few requests in flight and a few connections idle in the pool, then cut them all
        const inFlight = Array.from({ length: 4 }, () =>
          fetch(`${server.url}/api/tasks`, { headers }).then((r) => r.arrayBuffer()),
        );
        await new Promise((r) => setTimeout(r, 20));
        const r = await admin.query<{ t: boolean }>(
          "select pg_terminate_backend(pid) as t from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
          [name],
        );
        terminated += r.rows.filter((row) => row.t).length;
        await Promise.all(inFlight);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(terminated).toBeGreaterThan(0);
      const lines = server
        .output()
        .split("\n")
        .filter((l) => l.trim() !== "");
      const notJson = lines.filter((l) => {
        try {
          JSON.parse(l);
          return false;
        } catch {
          return true;
        }
      });
      expect(notJson.slice(0, 5)).toEqual([]);
      const lost = lines
        .map((l) => JSON.parse(l) as { msg?: string; err?: { message?: string } })
        .filter((l) => l.msg === "postgres: connection lost");
      expect(lost.length).toBeGreaterThan(0);
      // one line per fault: never more lines than terminated backends
      expect(lost.length).toBeLessThanOrEqual(terminated);
      expect(lost[0]!.err?.message).toMatch(/terminat/i);
      const log = server.output();
      expect(log).not.toMatch(/secretKey|processID|_connecting|_queryable/);
    } finally {
      server.child.kill("SIGKILL");
      await server.exited;
      await admin.end();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
