import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  calendarEvents,
  calendarTokens,
  checkIns,
  domainContexts,
  messages,
  profiles,
  tasks,
  todaySeen,
  usageCarryovers,
  users,
} from "../../src/server/db/schema.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ llm: null });
});
afterAll(() => t.close());

type Session = Awaited<ReturnType<TestApp["signIn"]>>;

/** A user with something in every table: chats, an assistant, events, a task, a check-in, a feed, a checkout. */
async function busyUser(): Promise<Session & { conversationId: string; feedToken: string }> {
  const s = await t.signIn();
  const chat = await t.app.inject({
    method: "POST",
    url: "/api/chat",
    headers: s.headers,
    payload: { message: "Plan my thesis week" },
  });
  expect(chat.statusCode, chat.body).toBe(200);
  await t.db.insert(domainContexts).values({
    userId: s.user.id,
    domain: "productivity",
    contextSummary: "Morning person who avoids big tasks",
  });
  const [task] = await t.db
    .insert(tasks)
    .values({ userId: s.user.id, title: "Write chapter 2", estimatedMinutes: 90 })
    .returning();
  const blockId = randomUUID();
  await t.db.insert(calendarEvents).values({
    id: blockId,
    userId: s.user.id,
    title: "Deep work: chapter 2",
    startTime: new Date(),
    taskId: task!.id,
  });
  await t.db.insert(checkIns).values({
    userId: s.user.id,
    eventId: blockId,
    taskId: task!.id,
    outcome: "partly",
    minutes: 35,
    plannedMinutes: 50,
  });
  await t.db.insert(todaySeen).values({ userId: s.user.id, seenAt: new Date() });
  const feedToken = `feed-${randomUUID()}`;
  await t.db.insert(calendarTokens).values({ userId: s.user.id, token: feedToken });
  const checkout = await t.app.inject({
    method: "POST",
    url: "/api/create-checkout-session",
    headers: s.headers,
    payload: { priceId: "demo_price_starter" },
  });
  const sessionId = new URL(checkout.json().url).searchParams.get("session_id")!;
  await t.app.inject({
    method: "POST",
    url: "/api/demo-billing/complete",
    headers: s.headers,
    payload: { sessionId },
  });
  return { ...s, conversationId: chat.json().conversationId, feedToken };
}

/** Every row anywhere that belongs to the user: tables with user_id, plus users, profiles, messages, counters. */
async function rowsOf(userId: string, conversationId: string) {
  const result = await t.db.execute(sql`
    select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'user_id'`);
  const tables = (result as unknown as { rows: { table_name: string }[] }).rows.map(
    (r) => r.table_name,
  );
  expect(tables.length).toBeGreaterThanOrEqual(8);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const r = await t.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`,
    );
    counts[table] = Number((r as unknown as { rows: { n: number }[] }).rows[0]!.n);
  }
  counts.users = (await t.db.select().from(users).where(eq(users.id, userId))).length;
  counts.profiles = (await t.db.select().from(profiles).where(eq(profiles.id, userId))).length;
  counts.messages = (
    await t.db.select().from(messages).where(eq(messages.conversationId, conversationId))
  ).length;
  const limits = await t.db.execute(
    sql`select count(*)::int as n from rate_limits where key like ${`%:u:${userId}`}`,
  );
  counts.rate_limits = Number((limits as unknown as { rows: { n: number }[] }).rows[0]!.n);
  return counts;
}

describe("GET /api/account/export", () => {
  it("downloads everything stored about the user as JSON, without secrets", async () => {
    const s = await busyUser();
    const other = await busyUser();
    const res = await t.app.inject({
      method: "GET",
      url: "/api/account/export",
      headers: s.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="sage-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const body = res.json();
    expect(body).toMatchObject({
      format: "sage-account-export/1",
      user: { id: s.user.id, email: s.user.email },
    });
    const d = body.data;
    expect(d.profile).toMatchObject({ id: s.user.id, subscriptionTier: "starter" });
    expect(d.conversations).toHaveLength(1);
    expect(d.conversations[0].messages.map((m: { role: string }) => m.role)).toEqual([
      "user",
      "assistant",
    ]);
    expect(d.conversations[0].messages[0].content).toBe("Plan my thesis week");
    expect(d.assistants[0]).toMatchObject({ domain: "productivity" });
    expect(d.tasks[0]).toMatchObject({ title: "Write chapter 2" });
    expect(d.calendarEvents[0]).toMatchObject({ title: "Deep work: chapter 2" });
    expect(d.checkIns[0]).toMatchObject({ outcome: "partly", minutes: 35, plannedMinutes: 50 });
    expect(d.todaySeen).toHaveLength(1);
    expect(d.usageLogs.length).toBeGreaterThan(0);
    expect(d.activityLogs.map((a: { activityType: string }) => a.activityType)).toContain(
      "subscription_started",
    );
    expect(d.checkoutSessions).toHaveLength(1);
    expect(d.sessions.length).toBeGreaterThan(0);
    expect(d.calendarFeed).toHaveProperty("createdAt");
    // secrets and other people's data stay out
    expect(res.body).not.toContain(s.feedToken);
    expect(res.body).not.toContain("tokenHash");
    expect(res.body).not.toContain(other.user.id);
  });

  it("needs a signed-in user", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/account/export" });
    expect(res.statusCode).toBe(401);
  });
});

describe("DELETE /api/account", () => {
  it("needs an explicit confirmation", async () => {
    const s = await t.signIn();
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: s.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.id, s.user.id))).toHaveLength(1);
  });

  it("removes every row of the user and nobody else's; the old token, cookie and feed token are dead", async () => {
    const s = await busyUser();
    const other = await busyUser();
    const before = await rowsOf(s.user.id, s.conversationId);
    for (const table of [
      "users",
      "profiles",
      "sessions",
      "conversations",
      "messages",
      "calendar_events",
      "calendar_tokens",
      "checkout_sessions",
      "rate_limits",
    ]) {
      expect(before[table], table).toBeGreaterThan(0);
    }

    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: s.headers,
      payload: { confirm: true },
    });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === "sage_session");
    expect(cleared?.value).toBe("");

    const after = await rowsOf(s.user.id, s.conversationId);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    const others = await rowsOf(other.user.id, other.conversationId);
    expect(others.users).toBe(1);
    expect(others.conversations).toBe(1);

    // the old access token, the old refresh cookie and the feed token are all refused
    const usage = await t.app.inject({ method: "GET", url: "/api/usage", headers: s.headers });
    expect(usage.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      headers: { cookie: s.cookie },
    });
    expect(refresh.statusCode).toBe(401);
    expect(
      await t.db.select().from(calendarTokens).where(eq(calendarTokens.token, s.feedToken)),
    ).toEqual([]);

    // signing in again with the same e-mail starts a brand-new account
    const again = await t.signIn(s.user.email);
    expect(again.user.id).not.toBe(s.user.id);
  });

  const deleteMe = (headers: Record<string, string>) =>
    t.app.inject({ method: "DELETE", url: "/api/account", headers, payload: { confirm: true } });
  const usageOf = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: "GET", url: "/api/usage", headers })).json() as {
      used: number;
      limit: number;
    };
  const thisMonth = () => new Date().toISOString().slice(0, 7);

  it("a new account with a deleted account's e-mail starts the month with its usage", async () => {
    const email = `Again-${randomUUID()}@Example.com`;
    const first = await t.signIn(email);
    // two messages really used, then more counted directly
    for (const message of ["Plan my thesis week", "I keep procrastinating"]) {
      const chat = await t.app.inject({
        method: "POST",
        url: "/api/chat",
        headers: first.headers,
        payload: { message },
      });
      expect(chat.statusCode).toBe(200);
    }
    await t.db
      .update(profiles)
      .set({ monthlyUsage: sql`${profiles.monthlyUsage} + 10` })
      .where(eq(profiles.id, first.user.id));
    expect((await usageOf(first.headers)).used).toBe(12);
    expect((await deleteMe(first.headers)).statusCode).toBe(204);

    // the remembered row holds a hash, the month and a count — no address, no account id
    const remembered = await t.db.select().from(usageCarryovers);
    const mine = remembered.filter((r) => r.monthlyUsage === 12 && r.period === thisMonth());
    expect(mine).toHaveLength(1);
    expect(mine[0]!.emailHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(remembered)).not.toContain(email.toLowerCase().split("@")[0]!);
    expect(JSON.stringify(remembered)).not.toContain(first.user.id);

    // the same address (in any case) gets the month's 12, not 15 fresh messages
    const again = await t.signIn(email.toLowerCase());
    expect(again.user.id).not.toBe(first.user.id);
    expect(await usageOf(again.headers)).toMatchObject({ used: 12, limit: 15 });
    // another address starts at 0
    expect((await usageOf((await t.signIn()).headers)).used).toBe(0);

    // deleting again keeps the larger count of the month
    await t.db.update(profiles).set({ monthlyUsage: 15 }).where(eq(profiles.id, again.user.id));
    expect((await deleteMe(again.headers)).statusCode).toBe(204);
    const third = await t.signIn(email);
    expect((await usageOf(third.headers)).used).toBe(15);
    const chat = await t.app.inject({
      method: "POST",
      url: "/api/chat",
      headers: third.headers,
      payload: { message: "Plan my week" },
    });
    expect(chat.statusCode).toBe(402);
  });

  it("a remembered usage of a past month is not carried, and is purged by the next deletion", async () => {
    const email = `past-${randomUUID()}@example.com`;
    const first = await t.signIn(email);
    await t.db.update(profiles).set({ monthlyUsage: 9 }).where(eq(profiles.id, first.user.id));
    expect((await deleteMe(first.headers)).statusCode).toBe(204);
    expect(
      await t.db.select().from(usageCarryovers).where(eq(usageCarryovers.monthlyUsage, 9)),
    ).toHaveLength(1);
    // as if the month had ended
    await t.db
      .update(usageCarryovers)
      .set({ period: "2000-01" })
      .where(eq(usageCarryovers.monthlyUsage, 9));
    const again = await t.signIn(email);
    expect((await usageOf(again.headers)).used).toBe(0);
    // any deletion purges the rows of past months
    const someone = await t.signIn();
    expect((await deleteMe(someone.headers)).statusCode).toBe(204);
    expect(
      await t.db
        .select()
        .from(usageCarryovers)
        .where(sql`${usageCarryovers.period} < ${thisMonth()}`),
    ).toEqual([]);
  });

  it("an account that used nothing this month leaves nothing behind", async () => {
    const before = (await t.db.select().from(usageCarryovers)).length;
    const s = await t.signIn();
    expect((await deleteMe(s.headers)).statusCode).toBe(204);
    expect((await t.db.select().from(usageCarryovers)).length).toBe(before);
  });
});
