/**
 * The server side of bench/signed-in-reads.ts, in its own process so the load generator
 * does not share its event loop: the whole API on a fresh test database (PostgreSQL with
 * `TEST_DATABASE_URL`, else PGlite) seeded with USERS people, and the floor — a bare
 * Fastify route running one prepared primary-key query on the same database handle.
 * Tells its parent the addresses and tokens over IPC, then serves until told to stop.
 */
import { eq, sql } from "drizzle-orm";
import Fastify from "fastify";
import { profiles } from "../src/server/db/schema.ts";
import { makeEvents } from "./sample-events.ts";
import { startBenchApp } from "./support.ts";

const USERS = Number(process.env.BENCH_USERS ?? 50);
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

const week = makeEvents(1)[0]!.start_time.slice(0, 10);
process.send?.({ kind, url, floorUrl, tokens, week });

process.on("message", async (message) => {
  if (message !== "stop") return;
  await floor.close();
  await app.close();
  await database.close();
  process.exit(0);
});
