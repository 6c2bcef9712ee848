/**
 * Signed-in reads beside the one-query floor (issue 20): a bare Fastify route that runs one
 * primary-key query on the same database handle is the least a database-backed route can
 * cost; a signed-in read checks the session and runs its own query, so ~0.5 of the floor is
 * the ceiling. Each route is measured right after its floor, in one run, because this
 * machine is noisy. `TEST_DATABASE_URL` selects PostgreSQL (the production database).
 */
import os from "node:os";
import type autocannon from "autocannon";
import { eq, sql } from "drizzle-orm";
import Fastify from "fastify";
import { profiles } from "../src/server/db/schema.ts";
import { makeEvents } from "./sample-events.ts";
import { type Figures, load, printTable, startBenchApp } from "./support.ts";

const USERS = 50;
const { kind, database, app, url } = await startBenchApp("sage-bench-reads");

const tokens: string[] = [];
const userIds: string[] = [];
for (let i = 0; i < USERS; i++) {
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/dev-login",
    payload: { email: `reads-${i}@example.com` },
  });
  const { accessToken, user } = res.json();
  tokens.push(accessToken);
  userIds.push(user.id);
  const auth = { authorization: `Bearer ${accessToken}` };
  for (const e of makeEvents(20)) {
    const { version: _v, created_at: _c, updated_at: _u, ...fields } = e;
    const created = await app.inject({
      method: "POST",
      url: "/api/calendar-events",
      headers: auth,
      payload: { ...fields, id: crypto.randomUUID() },
    });
    if (created.statusCode !== 201) throw new Error(`seeding failed: ${created.body}`);
  }
  for (let t = 0; t < 10; t++) {
    const created = await app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: auth,
      payload: { title: `Task ${t}`, estimateMinutes: 30 },
    });
    if (created.statusCode !== 201) throw new Error(`seeding tasks failed: ${created.body}`);
  }
}

// the floor: one primary-key query per request, on the very same database handle
const floorQuery = database.db
  .select({ id: profiles.id, used: profiles.monthlyUsage })
  .from(profiles)
  .where(eq(profiles.id, sql.placeholder("userId")))
  .prepare("bench_floor");
const floor = Fastify({ logger: false });
let floorNext = 0;
floor.get("/floor", async () => {
  const [row] = await floorQuery.execute({ userId: userIds[floorNext++ % USERS] });
  return row;
});
await floor.listen({ port: 0, host: "127.0.0.1" });
const floorUrl = `http://127.0.0.1:${(floor.server.address() as { port: number }).port}/floor`;

let next = 0;
const signedIn = (path: string) => ({
  url: `${url}${path}`,
  requests: [
    {
      method: "GET" as const,
      setupRequest: (req: autocannon.Request) => ({
        ...req,
        headers: { ...req.headers, authorization: `Bearer ${tokens[next++ % USERS]}` },
      }),
    },
  ],
});

const week = makeEvents(1)[0]!.start_time.slice(0, 10);
const from = new Date(`${week}T00:00:00Z`);
const to = new Date(from.getTime() + 7 * 86_400_000);
// the same week moved by a second per request: never answered from the ranged-list cache
let shift = 0;
const uncachedWeek = {
  url,
  requests: [
    {
      method: "GET" as const,
      setupRequest: (req: autocannon.Request) => {
        const start = new Date(from.getTime() + (shift++ % 3600) * 1000);
        const end = new Date(start.getTime() + 7 * 86_400_000);
        return {
          ...req,
          path: `/api/calendar-events?from=${start.toISOString()}&to=${end.toISOString()}`,
          headers: { ...req.headers, authorization: `Bearer ${tokens[next++ % USERS]}` },
        };
      },
    },
  ],
};

const routes: [string, string | autocannon.Options][] = [
  ["GET /api/usage", "/api/usage"],
  [
    "GET /api/calendar-events (a week)",
    `/api/calendar-events?from=${from.toISOString()}&to=${to.toISOString()}`,
  ],
  ["GET /api/calendar-events (a week, a new range each time)", uncachedWeek],
  ["GET /api/tasks", "/api/tasks"],
];

console.log(
  `signed-in reads on ${kind}, ${USERS} users, ${os.cpus().length} cores, node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
for (const [name, path] of routes) {
  const rows: Figures[] = [];
  const base = await load("floor: bare route + one primary-key query", { url: floorUrl });
  rows.push(base, await load(name, typeof path === "string" ? signedIn(path) : path));
  printTable(rows, base);
}

await floor.close();
await app.close();
await database.close();
