import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, loggerOptions } from "../../src/server/app.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

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
