/**
 * Two instances of the app on one database (PostgreSQL, each with its own pool, when
 * TEST_DATABASE_URL is set; one PGlite otherwise) both receive Google's notifications for the
 * same connection at once — as behind a load balancer (decision 041): the lease and the
 * database mark make them one sync at the provider, and the living plan settles once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { type Config, loadConfig } from "../../src/server/config.ts";
import { type Database, openPostgres } from "../../src/server/db/client.ts";
import { calendarConnections, pushChannels, replanRequests } from "../../src/server/db/schema.ts";
import { createGoogleSignIn } from "../../src/server/integrations/identity/google.ts";
import { runDueReplans } from "../../src/server/planning/replan-worker.ts";
import { planTask } from "../support/connected-person.ts";
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  type FakeGoogle,
  startFakeGoogle,
} from "../support/fake-google-calendar.ts";
import { connectByConsent, pushedPerson, until } from "../support/pushed-person.ts";
import { TEST_SECRET } from "../support/test-app.ts";
import { openTestDatabase, testDbKind } from "../support/test-database.ts";

const PUBLIC_URL = "https://sage.example.com";
const ME = "me@example.com";
type Instance = { app: FastifyInstance; config: Config; database: Database; dataDir: string };

let g: FakeGoogle;
let shared: Database & { url?: string };
let instances: Instance[] = [];

async function startInstance(database: Database): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "push-instance-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SESSION_SECRET: TEST_SECRET,
    LOG_LEVEL: "silent",
    PORT: "80",
    PUBLIC_URL,
    GOOGLE_API_BASE: g.origin,
    GOOGLE_CLIENT_ID: FAKE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: FAKE_CLIENT_SECRET,
    // shared by both: a connection made through one is synced by the other
    CALENDAR_SECRET_KEY: "push-two-instances-calendar-key-0123456789",
  });
  const google = createGoogleSignIn({
    issuer: g.origin,
    clientId: FAKE_CLIENT_ID,
    clientSecret: FAKE_CLIENT_SECRET,
    redirectUri: `${PUBLIC_URL}/api/auth/google/callback`,
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    llm: null,
    webRoot: dataDir,
    google,
  });
  await app.ready();
  return { app, config, database, dataDir };
}

beforeAll(async () => {
  g = await startFakeGoogle();
  g.addCalendar({ id: ME, summary: ME, accessRole: "owner", primary: true });
  shared = await openTestDatabase("push2");
  // on PostgreSQL the second instance has a pool of its own; one PGlite is one connection
  const second = shared.url ? openPostgres(shared.url, console, 5) : shared;
  instances = [await startInstance(shared), await startInstance(second)];
});

afterAll(async () => {
  for (const i of instances) {
    await i.app.close();
    if (i.database !== shared) await i.database.close();
    rmSync(i.dataDir, { recursive: true, force: true });
  }
  await shared?.close();
  await g.close();
});

const sage = (i: number) => ({ ...instances[i]!, db: instances[i]!.database.db });

describe(`two instances on one ${testDbKind()} database`, () => {
  it("notifications for one connection reaching both at once are one sync, and the plan settles once", async () => {
    const a = sage(0);
    const person = await pushedPerson(a, "two");
    const { connection } = await connectByConsent(a, person, "google");
    expect(connection.updates).toBe("push");
    // one task, planned: the block the change will land on
    const { placed } = await planTask(a, person, "Write the report", 90);
    const [block] = placed;
    expect(block).toBeDefined();
    await settledReplans();

    // the person adds a meeting over the block in Google Calendar
    g.put(ME, {
      id: "surprise",
      summary: "Surprise meeting",
      start: { dateTime: block!.start, timeZone: "UTC" },
      end: { dateTime: block!.end, timeZone: "UTC" },
    });
    const [channel] = await a.db
      .select()
      .from(pushChannels)
      .where(eq(pushChannels.connectionId, connection.id));
    const headers = {
      "x-goog-channel-id": channel!.channelId,
      "x-goog-channel-token": channel!.token,
      "x-goog-resource-id": channel!.resourceId!,
      "x-goog-resource-state": "exists",
    };
    const lists = g.log.lists.length;
    // Google retries and duplicates: five notifications to each instance, all at once
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        instances[n % 2]!.app.inject({
          method: "POST",
          url: "/api/connections/google/notify",
          headers: { ...headers, "x-goog-message-number": String(n + 2) },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    await until(async () => (await quietConnection(connection.id)) && g.log.lists.length > lists);
    // a late second sync would show here
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await quietConnection(connection.id)).toBe(true);
    expect(g.log.lists.length - lists).toBe(1);

    // both instances' re-plan workers run: the change is re-planned once
    expect(await settledReplans()).toBe(1);
    const events = await a.app.inject({
      method: "GET",
      url: `/api/calendar-events?from=${new Date(Date.parse(block!.start) - 86_400_000).toISOString()}&to=${new Date(Date.parse(block!.end) + 7 * 86_400_000).toISOString()}`,
      headers: person.headers,
    });
    const shown = events.json().events as {
      title: string;
      task_id: string | null;
      start_time: string;
      end_time: string;
    }[];
    expect(shown.map((e) => e.title)).toContain("Surprise meeting");
    const under = shown.filter(
      (e) =>
        e.task_id !== null &&
        Date.parse(e.start_time) < Date.parse(block!.end) &&
        Date.parse(e.end_time) > Date.parse(block!.start),
    );
    expect(under).toEqual([]);
  });
});

/** No sync running or asked for on the connection. */
async function quietConnection(id: string): Promise<boolean> {
  const [row] = await shared.db
    .select({ id: calendarConnections.id })
    .from(calendarConnections)
    .where(
      and(
        eq(calendarConnections.id, id),
        isNull(calendarConnections.leaseOwner),
        isNull(calendarConnections.pushRequestedAt),
      ),
    );
  return !!row;
}

/**
 * Runs both instances' re-plan workers side by side until no request is left (requests
 * come due 300 ms after a change); answers how many re-plans ran in all.
 */
async function settledReplans(): Promise<number> {
  let ran = 0;
  const end = Date.now() + 10_000;
  for (;;) {
    const counts = await Promise.all(
      instances.map((i) =>
        runDueReplans({ db: i.database.db, config: i.config, now: () => new Date() }),
      ),
    );
    ran += counts.reduce((x, y) => x + y, 0);
    const [left] = await shared.db.select({ n: sql<number>`count(*)::int` }).from(replanRequests);
    if (Number(left!.n) === 0) return ran;
    if (Date.now() > end) throw new Error("re-plans never settled");
    await new Promise((r) => setTimeout(r, 50));
  }
}
