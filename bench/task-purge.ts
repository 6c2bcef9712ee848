/**
 * A delete purges up to 100 of the user's old task tombstones; each purged row clears the
 * task_id of its blocks (ON DELETE SET NULL). Side by side in one run, on one database with
 * EVENTS calendar events of other users: that purge without and with
 * calendar_events_task_idx (the index is dropped for the first variant, then made again).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/task-purge.ts
 *   (EVENTS, default 200000; ROUNDS, default 3)
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { users } from "../src/server/db/schema.ts";
import { purgeOldTaskTombstones } from "../src/server/tasks/delete-task.ts";
import { setupPglite, setupPostgres } from "../tests/support/global-setup.ts";
import { openTestDatabase } from "../tests/support/test-database.ts";

const EVENTS = Number(process.env.EVENTS ?? 200_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);

const kind = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
process.env.SAGE_TEST_DB = kind;
await (kind === "postgres" ? setupPostgres() : setupPglite());
const database = await openTestDatabase();
const db = database.db;

const [other] = await db
  .insert(users)
  .values({ email: `purge-other-${randomUUID()}@example.com` })
  .returning();
// everyone else's calendar, some of it planned blocks of live tasks
await db.execute(sql`
  insert into tasks (id, user_id, title, estimated_minutes)
  select gen_random_uuid(), ${other!.id}, 'live ' || g, 30 from generate_series(1, 500) g`);
await db.execute(sql`
  insert into calendar_events (id, user_id, title, start_time, task_id, source)
  select gen_random_uuid(), ${other!.id}, 'event ' || g, now() + g * interval '1 minute',
    case when g % 10 = 0 then (select id from tasks where user_id = ${other!.id} offset g % 500 limit 1) end,
    case when g % 10 = 0 then 'assistant' else 'user' end
  from generate_series(1, ${EVENTS}) g`);
await db.execute(sql`analyze calendar_events`);

/** One purge of 100 expired tombstones, each with 3 past blocks; milliseconds. */
async function purgeOnce(): Promise<number> {
  const [user] = await db
    .insert(users)
    .values({ email: `purge-${randomUUID()}@example.com` })
    .returning();
  const id = user!.id;
  await db.execute(sql`
    insert into tasks (user_id, title, estimated_minutes, deleted_at)
    select ${id}, '', 30, now() - interval '40 days' from generate_series(1, 100)`);
  await db.execute(sql`
    insert into calendar_events (id, user_id, title, start_time, task_id, source)
    select gen_random_uuid(), ${id}, 'block', now() - interval '45 days', t.id, 'assistant'
    from tasks t, generate_series(1, 3) where t.user_id = ${id}`);
  const start = performance.now();
  await purgeOldTaskTombstones(db, id);
  return performance.now() - start;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const without: number[] = [];
const withIndex: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  await db.execute(sql`drop index if exists calendar_events_task_idx`);
  without.push(await purgeOnce());
  await db.execute(
    sql`create index calendar_events_task_idx on calendar_events (task_id) where task_id is not null`,
  );
  withIndex.push(await purgeOnce());
}
console.log(`${kind}, ${EVENTS.toLocaleString("en")} other events, purge of 100 tombstones:`);
console.log(`  without calendar_events_task_idx  median ${median(without).toFixed(1)} ms`);
console.log(`  with calendar_events_task_idx     median ${median(withIndex).toFixed(1)} ms`);
console.log(`  ratio ${(median(without) / median(withIndex)).toFixed(1)}×`);
await database.close();
