/**
 * Prepared statements or not, side by side in one run: the app's hot queries (the usage row,
 * the calendar list of 50 events, the session check) each run as drizzle builds them per
 * call and prepared, as the app now runs them, in alternating rounds, with CONCURRENCY
 * queries in flight on the pool the tests open (20 connections), without HTTP around it.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:prepared
 *   (ROUNDS, default 3; ROUND_MS per variant, default 3000)
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import { createEventRequest } from "../src/core/contract/calendar.ts";
import {
  createSession,
  liveSessionQuery,
  sessionIdFromCookie,
} from "../src/server/auth/sessions.ts";
import { createEvent } from "../src/server/calendar/create-event.ts";
import { allLiveEventsQuery } from "../src/server/calendar/list-events.ts";
import { preparedPerDb } from "../src/server/db/prepared.ts";
import { users } from "../src/server/db/schema.ts";
import { ensureProfile } from "../src/server/profile/ensure-profile.ts";
import { usageRowQuery } from "../src/server/usage/get-usage.ts";
import { setupPglite, setupPostgres } from "../tests/support/global-setup.ts";
import { openTestDatabase } from "../tests/support/test-database.ts";
import { makeEvents } from "./sample-events.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const ROUND_MS = Number(process.env.ROUND_MS ?? 3000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 20);

const kind = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
process.env.SAGE_TEST_DB = kind;
await (kind === "postgres" ? setupPostgres() : setupPglite());
const database = await openTestDatabase();
const db = database.db;

const [user] = await db
  .insert(users)
  .values({ email: `prepared-${randomUUID()}@example.com` })
  .returning();
const userId = user!.id;
await ensureProfile(db, { id: userId, email: user!.email });
const sessionId = sessionIdFromCookie(await createSession(db, userId))!;
for (const e of makeEvents(50)) {
  const { version: _v, created_at: _c, updated_at: _u, ...fields } = e;
  await createEvent(db, {
    userId,
    input: createEventRequest.parse({ ...fields, id: randomUUID() }),
  });
}

type Run = () => Promise<unknown>;
type Pair = { name: string; dynamic: Run; prepared: Run };

const usagePrepared = preparedPerDb((d) => usageRowQuery(d).prepare("bench_usage"));
const listPrepared = preparedPerDb((d) => allLiveEventsQuery(d).prepare("bench_list"));
const sessionPrepared = preparedPerDb((d) => liveSessionQuery(d).prepare("bench_session"));

const pairs: Pair[] = [
  {
    name: "usage row",
    dynamic: () => usageRowQuery(db).execute({ userId }),
    prepared: () => usagePrepared(db).execute({ userId }),
  },
  {
    name: "calendar list (50 events)",
    dynamic: () => allLiveEventsQuery(db).execute({ userId }),
    prepared: () => listPrepared(db).execute({ userId }),
  },
  {
    name: "session check",
    dynamic: () => liveSessionQuery(db).execute({ sessionId, userId }),
    prepared: () => sessionPrepared(db).execute({ sessionId, userId }),
  },
];

async function measure(run: Run): Promise<number> {
  let done = 0;
  const until = Date.now() + ROUND_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        await run();
        done++;
      }
    }),
  );
  return (done * 1000) / ROUND_MS;
}

console.log(
  `prepared statements on ${kind}: ${ROUNDS} alternating rounds of ${ROUND_MS} ms per variant, ${CONCURRENCY} in flight, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
);
console.log("\n| query | built per call (queries/s) | prepared (queries/s) | ratio |");
console.log("|---|---:|---:|---:|");
for (const { name, dynamic, prepared } of pairs) {
  await measure(dynamic); // warm up both (the first prepared call plans it per connection)
  await measure(prepared);
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    a.push(await measure(dynamic));
    b.push(await measure(prepared));
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  console.log(
    `| ${name} | ${Math.round(median(a))} | ${Math.round(median(b))} | ${(median(b) / median(a)).toFixed(2)} |`,
  );
}
await database.close();
