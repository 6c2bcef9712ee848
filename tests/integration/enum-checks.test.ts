import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING_PROVIDERS, CHECKOUT_STATUSES } from "../../src/core/contract/billing.ts";
import { EVENT_SOURCES, FREQUENCIES, PRIORITIES } from "../../src/core/contract/calendar.ts";
import { MESSAGE_ROLES } from "../../src/core/contract/chat.ts";
import { CONNECTION_KINDS, CONNECTION_STATUSES } from "../../src/core/contract/connections.ts";
import { TASK_LEVELS, TASK_STATUSES } from "../../src/core/contract/tasks.ts";
import { PAID_TIERS, TIERS } from "../../src/core/plans.ts";
import type { Database } from "../../src/server/db/client.ts";
import { WRITE_OWNERS } from "../../src/server/db/schema.ts";
import { openTestDatabase } from "../support/test-database.ts";

/**
 * The enum-like text columns: the database itself refuses a value src/core does not know
 * (a CHECK per column, migration enum_checks), so a bug or a hand-written query cannot store
 * a row the typed schema would then read back as a value it cannot be.
 */
let database: Database;
const userId = randomUUID();
const connectionId = randomUUID();
const calendarId = randomUUID();
const eventId = randomUUID();
const conversationId = randomUUID();

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  await db.execute(sql`insert into users (id, email) values (${userId}, 'enum@example.com')`);
  await db.execute(
    sql`insert into conversations (id, user_id, title) values (${conversationId}, ${userId}, 't')`,
  );
  await db.execute(
    sql`insert into calendar_connections (id, user_id, kind, name, credentials) values (${connectionId}, ${userId}, 'ics', 'c', 'x')`,
  );
  await db.execute(
    sql`insert into connection_calendars (id, connection_id, user_id, external_id, name) values (${calendarId}, ${connectionId}, ${userId}, 'ics', 'c')`,
  );
  await db.execute(
    sql`insert into calendar_events (id, user_id, title, start_time) values (${eventId}, ${userId}, 'e', now())`,
  );
});
afterAll(() => database.close());

type Column = {
  column: string;
  values: readonly string[];
  /** Inserts one row with the column set to `value`, inside a savepoint the test rolls back. */
  insert: (value: string) => ReturnType<typeof sql>;
};

const columns: Column[] = [
  {
    column: "profiles.subscription_tier",
    values: TIERS,
    insert: (v) =>
      sql`insert into profiles (id, email, subscription_tier) values (${userId}, 'p@example.com', ${v})`,
  },
  {
    column: "messages.role",
    values: MESSAGE_ROLES,
    insert: (v) =>
      sql`insert into messages (conversation_id, role, content) values (${conversationId}, ${v}, 'hi')`,
  },
  ...(["priority", "energy"] as const).map((c) => ({
    column: `tasks.${c}`,
    values: TASK_LEVELS,
    insert: (v: string) =>
      sql`insert into tasks (user_id, title, estimated_minutes, ${sql.identifier(c)}) values (${userId}, 't', 30, ${v})`,
  })),
  {
    column: "tasks.status",
    values: TASK_STATUSES,
    insert: (v) =>
      sql`insert into tasks (user_id, title, estimated_minutes, status) values (${userId}, 't', 30, ${v})`,
  },
  ...(
    [
      ["priority", PRIORITIES],
      ["recurrence_frequency", FREQUENCIES],
      ["source", EVENT_SOURCES],
    ] as const
  ).map(([c, values]) => ({
    column: `calendar_events.${c}`,
    values,
    insert: (v: string) =>
      sql`insert into calendar_events (id, user_id, title, start_time, ${sql.identifier(c)}) values (${randomUUID()}, ${userId}, 'e', now(), ${v})`,
  })),
  ...(
    [
      ["provider", BILLING_PROVIDERS],
      ["tier", PAID_TIERS],
      ["status", CHECKOUT_STATUSES],
    ] as const
  ).map(([c, values]) => ({
    column: `checkout_sessions.${c}`,
    values,
    insert: (v: string) => {
      const row = { provider: "demo", tier: "pro", status: "open", [c]: v };
      return sql`insert into checkout_sessions (id, user_id, provider, tier, status) values (${randomUUID()}, ${userId}, ${row.provider}, ${row.tier}, ${row.status})`;
    },
  })),
  ...(
    [
      ["kind", CONNECTION_KINDS],
      ["status", CONNECTION_STATUSES],
    ] as const
  ).map(([c, values]) => ({
    column: `calendar_connections.${c}`,
    values,
    insert: (v: string) => {
      const row = { kind: "ics", status: "ok", [c]: v };
      return sql`insert into calendar_connections (user_id, kind, name, credentials, status) values (${userId}, ${row.kind}, 'c', 'x', ${row.status})`;
    },
  })),
  {
    column: "external_writes.owner",
    values: WRITE_OWNERS,
    insert: (v) =>
      sql`insert into external_writes (event_id, calendar_id, connection_id, user_id, href, uid, written, owner) values (${eventId}, ${calendarId}, ${connectionId}, ${userId}, '/h', 'u', 'w', ${v})`,
  },
];

/** Runs the insert and rolls it back, so each case starts from the same rows. */
async function attempt(statement: ReturnType<typeof sql>): Promise<unknown> {
  const rollback = new Error("rollback");
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(statement);
      throw rollback;
    });
  } catch (err) {
    if (err === rollback) return undefined;
    return err;
  }
  return undefined;
}

/** The PostgreSQL error code of a failed statement (drizzle wraps the driver's error). */
const codeOf = (err: unknown): unknown => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | undefined;
  return e?.code ?? e?.cause?.code;
};

describe("enum-like columns keep to the values in src/core", () => {
  for (const { column, values, insert } of columns) {
    it(`${column}: accepts ${values.join(", ")} and refuses anything else`, async () => {
      for (const v of values) expect(await attempt(insert(v)), `${column} = ${v}`).toBeUndefined();
      for (const bad of ["bogus", values[0]!.toUpperCase() === values[0] ? "daily" : "HIGH", ""]) {
        const err = await attempt(insert(bad));
        // 23514: check_violation
        expect(codeOf(err), `${column} = '${bad}'`).toBe("23514");
      }
    });
  }
});
