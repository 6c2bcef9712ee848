import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  calendarConnections,
  chatReservations,
  conversations,
  profiles,
} from "../../src/server/db/schema.ts";
import type { LanguageModel } from "../../src/server/integrations/llm/language-model.ts";
import { refundStaleReservations } from "../../src/server/usage/reserve-allowance.ts";
import { type IcsServer, icsFixture, startIcsServer } from "../support/ics-server.ts";
import { signInOver, startServer } from "../support/server-process.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { openTestDatabase, testDbKind } from "../support/test-database.ts";

/** A provider's model whose first words come after `firstDeltaMs` (it reads the abort signal). */
function slowStartModel(firstDeltaMs: number): LanguageModel {
  const text = "Here is a plan for your week.";
  async function* stream(req: { signal?: AbortSignal }) {
    await new Promise((r) => setTimeout(r, firstDeltaMs));
    for (const piece of text.match(/\S+\s*/g)!) {
      if (req.signal?.aborted) break;
      yield piece;
    }
    return { text, tokensUsed: 42, model: "slow-start" };
  }
  return {
    kind: "provider",
    stream,
    async complete() {
      return { text, tokensUsed: 42, model: "slow-start" };
    },
  };
}

/**
 * Sends a chat request over a real socket and closes the connection `leaveAfterMs` after the
 * request was sent (0: at once), as a closed tab or a lost network does.
 */
function chatAndLeave(
  base: string,
  headers: Record<string, string>,
  opts: { stream: boolean; leaveAfterMs: number },
) {
  return new Promise<void>((resolve) => {
    const req = http.request(`${base}/api/chat`, {
      method: "POST",
      headers: {
        ...headers,
        "content-type": "application/json",
        ...(opts.stream ? { accept: "text/event-stream" } : {}),
      },
    });
    req.on("error", () => resolve());
    req.on("response", (res) => res.resume());
    req.end(JSON.stringify({ message: "Please plan my week" }), () => {
      setTimeout(() => {
        req.destroy();
        resolve();
      }, opts.leaveAfterMs);
    });
  });
}

describe("a client that leaves before the first delta", () => {
  let t: TestApp;
  let ics: IcsServer;
  let base: string;
  beforeAll(async () => {
    ics = await startIcsServer();
    t = await createTestApp({ llm: slowStartModel(300) });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await Promise.all([t.close(), ics.close()]);
  });

  /** The person's usage, conversations and open holds once the server is done with the turn. */
  async function settled(userId: string) {
    await new Promise((r) => setTimeout(r, 700));
    const [p] = await t.db
      .select({ used: profiles.monthlyUsage })
      .from(profiles)
      .where(eq(profiles.id, userId));
    const stored = await t.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.userId, userId));
    const holds = await t.db
      .select({ id: chatReservations.id })
      .from(chatReservations)
      .where(eq(chatReservations.userId, userId));
    return { used: p!.used, stored: stored.length, holds: holds.length };
  }

  for (const stream of [false, true]) {
    for (const leaveAfterMs of [0, 100]) {
      it(`${stream ? "streamed" : "JSON"} answer, client gone after ${leaveAfterMs} ms: refunded and not stored`, async () => {
        const s = await t.signIn();
        await chatAndLeave(base, s.headers, { stream, leaveAfterMs });
        expect(await settled(s.user.id)).toEqual({ used: 0, stored: 0, holds: 0 });
      });
    }
  }

  for (const stream of [false, true]) {
    it(`${stream ? "streamed" : "JSON"} answer, client gone while the connected calendar is refreshed: refunded and not stored`, async () => {
      const s = await t.signIn();
      ics.publish("/slow-for-chat.ics", icsFixture("apple"));
      const connected = await t.app.inject({
        method: "POST",
        url: "/api/connections",
        headers: s.headers,
        payload: { kind: "ics", url: ics.url("/slow-for-chat.ics") },
      });
      expect(connected.statusCode).toBe(201);
      // stale, and its server slow: the turn waits for it before the model starts
      await t.db
        .update(calendarConnections)
        .set({ lastSyncedAt: new Date(Date.now() - 3_600_000) })
        .where(eq(calendarConnections.userId, s.user.id));
      ics.setDelay(1_200);
      try {
        await chatAndLeave(base, s.headers, { stream, leaveAfterMs: 100 });
        await new Promise((r) => setTimeout(r, 1_200));
        expect(await settled(s.user.id)).toEqual({ used: 0, stored: 0, holds: 0 });
      } finally {
        ics.setDelay(0);
      }
    });
  }

  it("a client that stays is charged once and its turn stored", async () => {
    const s = await t.signIn();
    const res = await fetch(`${base}/api/chat`, {
      method: "POST",
      headers: { ...s.headers, "content-type": "application/json" },
      body: JSON.stringify({ message: "Please plan my week" }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { remainingUsage: number }).remainingUsage).toBe(14);
    expect(await settled(s.user.id)).toEqual({ used: 1, stored: 1, holds: 0 });
  });
});

describe("the built-in assistant's non-answer", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(); // no model configured: the built-in offline assistant
  });
  afterAll(() => t.close());

  const chat = (headers: Record<string, string>, message: string) =>
    t.app.inject({ method: "POST", url: "/api/chat", headers, payload: { message } });
  const used = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: "GET", url: "/api/usage", headers })).json().used as number;

  it("'Tell me the next step…' is stored but costs no message; an answer costs one", async () => {
    const s = await t.signIn();
    const vague = await chat(s.headers, "hmm, the blue one I guess");
    expect(vague.statusCode).toBe(200);
    expect(vague.json().response).toMatch(/next (concrete )?step|first step/i);
    expect(vague.json().remainingUsage).toBe(15);
    expect(await used(s.headers)).toBe(0);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/conversations",
      headers: s.headers,
    });
    expect(list.json().conversations).toHaveLength(1);

    const advice = await chat(s.headers, "I keep procrastinating on my thesis");
    expect(advice.statusCode).toBe(200);
    expect(advice.json().remainingUsage).toBe(14);
    expect(await used(s.headers)).toBe(1);
  });

  it("an exhausted allowance still refuses before the assistant runs (402)", async () => {
    const s = await t.signIn();
    await t.db
      .update(profiles)
      .set({ monthlyUsage: 15, usagePeriod: new Date().toISOString().slice(0, 7) })
      .where(eq(profiles.id, s.user.id));
    expect((await chat(s.headers, "hmm, the blue one I guess")).statusCode).toBe(402);
    expect(await used(s.headers)).toBe(15);
  });
});

describe("holds left behind", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("a hold older than 15 minutes is refunded once by the periodic job; a fresh one is not", async () => {
    const s = await t.signIn();
    const period = new Date().toISOString().slice(0, 7);
    await t.db
      .update(profiles)
      .set({ monthlyUsage: 2, usagePeriod: period })
      .where(eq(profiles.id, s.user.id));
    await t.db.insert(chatReservations).values([
      { userId: s.user.id, period, createdAt: new Date(Date.now() - 16 * 60_000) },
      { userId: s.user.id, period, createdAt: new Date() },
    ]);
    expect(await refundStaleReservations(t.db)).toBe(1);
    expect(await refundStaleReservations(t.db)).toBe(0);
    const [p] = await t.db
      .select({ used: profiles.monthlyUsage })
      .from(profiles)
      .where(eq(profiles.id, s.user.id));
    expect(p!.used).toBe(1);
    const left = await t.db.execute(
      sql`select count(*)::int as n from chat_reservations where user_id = ${s.user.id}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});

describe.skipIf(testDbKind() !== "postgres")("allowance under backend terminations", () => {
  it("12 people chatting while every backend is terminated every 30 ms: units charged = conversations stored", async () => {
    const database = await openTestDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sage-chatfault-"));
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: database.url! });
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    try {
      await admin.connect();
      const name = new URL(database.url!).pathname.slice(1);
      const users = await Promise.all(
        Array.from({ length: 12 }, (_, i) => signInOver(server.url, `charged${i}@example.com`)),
      );
      const statuses: number[] = [];
      let stop = false;
      // advice the built-in assistant recognises (an answer, so it is charged), each turn a
      // new conversation; under the per-minute chat limit and the free allowance
      const load = users.map(async (headers) => {
        for (let i = 0; !stop && i < 12; i++) {
          try {
            const res = await fetch(`${server.url}/api/chat`, {
              method: "POST",
              headers,
              body: JSON.stringify({ message: `I keep procrastinating on chapter ${i}` }),
            });
            statuses.push(res.status);
            await res.arrayBuffer();
          } catch {
            statuses.push(0);
          }
        }
      });
      let terminated = 0;
      const until = Date.now() + 3_000;
      while (Date.now() < until) {
        const r = await admin.query<{ t: boolean }>(
          "select pg_terminate_backend(pid) as t from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
          [name],
        );
        terminated += r.rows.filter((row) => row.t).length;
        await new Promise((r) => setTimeout(r, 30));
      }
      stop = true;
      await Promise.all(load);
      expect(terminated).toBeGreaterThan(10);
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);

      // refunds that met a fault are retried with backoff once the storm is over
      await admin.end();
      const check = new pg.Client({ connectionString: database.url! });
      await check.connect();
      let row = { charged: -1, stored: -2, holds: -1 };
      try {
        const deadline = Date.now() + 30_000;
        for (;;) {
          const r = await check.query<{ charged: number; stored: number; holds: number }>(
            `select
               (select coalesce(sum(monthly_usage), 0)::int from profiles) as charged,
               (select count(*)::int from conversations) as stored,
               (select count(*)::int from chat_reservations) as holds`,
          );
          row = r.rows[0]!;
          if ((row.holds === 0 && row.charged === row.stored) || Date.now() > deadline) break;
          await new Promise((r) => setTimeout(r, 250));
        }
      } finally {
        await check.end();
      }
      expect(row.stored).toBeGreaterThan(0);
      expect(row).toEqual({ charged: row.stored, stored: row.stored, holds: 0 });
      console.info(
        `allowance faults: ${terminated} backends terminated, ${statuses.length} chats (${[...new Set(statuses)].map((c) => `${c}×${statuses.filter((x) => x === c).length}`).join(" ")}), ${row.stored} stored = charged`,
      );
    } finally {
      server.child.kill("SIGKILL");
      await server.exited;
      await admin.end().catch(() => {});
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
