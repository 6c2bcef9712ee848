import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseFeed } from "../../src/core/calendar/feed-parse.test-support.ts";
import { buildApp } from "../../src/server/app.ts";
import { FEED_FAILURES, FEED_PER_TOKEN } from "../../src/server/calendar/feed-rate-limit.ts";
import { openPostgres } from "../../src/server/db/client.ts";
import { calendarVersions } from "../../src/server/db/schema.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/** The feed covers 3 months back (1 Dec 2024) to 18 months ahead (1 Sep 2026) of this day. */
const NOW = new Date("2025-03-01T12:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterAll(() => t.close());

type Session = Awaited<ReturnType<TestApp["signIn"]>>;
type App = TestApp["app"];

const createEvent = (s: Session, body: Record<string, unknown>, app: App = t.app) =>
  app.inject({ method: "POST", url: "/api/calendar-events", headers: s.headers, payload: body });
async function feedOf(s: Session) {
  const { feedUrl } = (
    await t.app.inject({ method: "POST", url: "/api/calendar-token", headers: s.headers })
  ).json();
  return new URL(feedUrl).pathname;
}
const fetchFeed = (
  url: string,
  opts: { headers?: Record<string, string>; app?: App; from?: string } = {},
) =>
  (opts.app ?? t.app).inject({
    method: "GET",
    url,
    headers: opts.headers ?? {},
    remoteAddress: opts.from ?? "127.0.0.1",
  });
async function versionOf(userId: string) {
  const [row] = await t.db
    .select({ version: calendarVersions.version })
    .from(calendarVersions)
    .where(eq(calendarVersions.userId, userId));
  return row?.version ?? 0;
}

describe("the feed is built once per change and revalidated by ETag", () => {
  it("answers If-None-Match with 304, and with a new ETag and the edit after a change", async () => {
    const s = await t.signIn();
    const { event } = (
      await createEvent(s, { title: "v1", start_time: "2025-03-03T07:00:00Z" })
    ).json();
    const url = await feedOf(s);
    const first = await fetchFeed(url);
    const etag = first.headers.etag as string;
    expect((await fetchFeed(url, { headers: { "if-none-match": etag } })).statusCode).toBe(304);

    await t.app.inject({
      method: "PUT",
      url: `/api/calendar-events?eventId=${event.id}`,
      headers: s.headers,
      payload: { title: "v2", start_time: "2025-03-03T07:00:00Z", version: 1 },
    });
    const after = await fetchFeed(url, { headers: { "if-none-match": etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(parseFeed(after.body).events.map((e) => e.summary)).toEqual(["v2"]);
  });

  it("changes the ETag when the profile's time zone changes", async () => {
    const s = await t.signIn();
    const url = await feedOf(s);
    const before = (await fetchFeed(url)).headers.etag;
    await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: s.headers,
      payload: { timezone: "Asia/Tokyo" },
    });
    expect((await fetchFeed(url)).headers.etag).not.toBe(before);
  });

  it("bumps the calendar version with every create, update and delete, the planner's included", async () => {
    const s = await t.signIn();
    const seen = [await versionOf(s.user.id)];
    const { event } = (
      await createEvent(s, { title: "a", start_time: "2025-03-03T07:00:00Z" })
    ).json();
    seen.push(await versionOf(s.user.id));
    await t.app.inject({
      method: "PUT",
      url: `/api/calendar-events?eventId=${event.id}`,
      headers: s.headers,
      payload: { title: "b", start_time: "2025-03-03T07:00:00Z" },
    });
    seen.push(await versionOf(s.user.id));
    await t.app.inject({
      method: "DELETE",
      url: `/api/calendar-events?eventId=${event.id}`,
      headers: s.headers,
    });
    seen.push(await versionOf(s.user.id));
    const task = (
      await t.app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: s.headers,
        payload: { title: "Write the report", estimateMinutes: 60 },
      })
    ).json().task;
    const plan = await t.app.inject({
      method: "POST",
      url: "/api/plan",
      headers: s.headers,
      payload: { days: 3 },
    });
    expect(plan.json().placed.length).toBeGreaterThan(0);
    seen.push(await versionOf(s.user.id));
    // deleting the task tombstones its future blocks in the same transaction
    await t.app.inject({ method: "DELETE", url: `/api/tasks/${task.id}`, headers: s.headers });
    seen.push(await versionOf(s.user.id));
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
  });

  it("serves gzip to clients that accept it and the same feed inflated to those that do not", async () => {
    const s = await t.signIn();
    await createEvent(s, { title: "Focus", start_time: "2025-03-03T07:00:00Z" });
    const url = await feedOf(s);
    const zipped = await fetchFeed(url, { headers: { "accept-encoding": "gzip, br" } });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    const plain = await fetchFeed(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(gunzipSync(zipped.rawPayload).toString("utf8")).toBe(plain.body);
    expect(plain.body).toContain("SUMMARY:Focus\r\n");
  });
});

describe("the feed's window", () => {
  it("holds events from 3 months back to 18 ahead; a series still repeating stays one RRULE", async () => {
    const s = await t.signIn();
    const make = (title: string, extra: Record<string, unknown>) =>
      createEvent(s, { title, ...extra });
    await make("too old", { start_time: "2024-11-20T09:00:00Z" });
    await make("recent", { start_time: "2024-12-15T09:00:00Z" });
    await make("next year", { start_time: "2026-08-15T09:00:00Z" });
    await make("too far", { start_time: "2026-09-15T09:00:00Z" });
    await make("weekly since 2020", {
      start_time: "2020-01-06T09:00:00Z",
      recurrence_frequency: "WEEKLY",
    });
    await make("ended in 2024", {
      start_time: "2024-01-01T09:00:00Z",
      recurrence_frequency: "DAILY",
      recurrence_count: 5,
    });
    const body = (await fetchFeed(await feedOf(s))).body;
    const { events } = parseFeed(body);
    expect(events.map((e) => e.summary).sort()).toEqual([
      "next year",
      "recent",
      "weekly since 2020",
    ]);
    // written whole: its own start and rule, not expanded into the window
    expect(body).toContain("DTSTART:20200106T090000Z\r\nRRULE:FREQ=WEEKLY\r\n");
  });
});

describe("the feed's rate limit", () => {
  it("limits a token fetched in a loop without touching another user's token", async () => {
    const [mine, theirs] = [await t.signIn(), await t.signIn()];
    const [myUrl, theirUrl] = [await feedOf(mine), await feedOf(theirs)];
    const statuses: number[] = [];
    for (let i = 0; i <= FEED_PER_TOKEN.max; i++) {
      statuses.push((await fetchFeed(myUrl, { from: "203.0.113.20" })).statusCode);
    }
    expect(statuses.slice(0, -1).every((code) => code === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await fetchFeed(theirUrl, { from: "203.0.113.20" })).statusCode).toBe(200);
  });

  it("someone else holding the feed's URL cannot lock the owner's calendar app out of it", async () => {
    const s = await t.signIn();
    const url = await feedOf(s);
    // the URL leaked (a shared screenshot, a forwarded invitation): a loop from elsewhere
    const statuses: number[] = [];
    for (let i = 0; i <= FEED_PER_TOKEN.max; i++) {
      statuses.push((await fetchFeed(url, { from: "198.51.100.66" })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    // the owner's calendar service polls from its own addresses, in the same minute
    for (const from of ["66.249.80.10", "17.58.100.20"]) {
      expect((await fetchFeed(url, { from })).statusCode, from).toBe(200);
    }
  });

  it("never lets bogus tokens from an address starve a valid token from the same address", async () => {
    const s = await t.signIn();
    const url = await feedOf(s);
    const from = "203.0.113.30";
    const statuses: number[] = [];
    for (let i = 0; i <= FEED_FAILURES.max; i++) {
      const bogus = `/api/calendar/feed/${randomBytes(32).toString("base64url")}.ics`;
      statuses.push((await fetchFeed(bogus, { from })).statusCode);
    }
    expect(statuses.slice(0, -1).every((code) => code === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await fetchFeed(url, { from })).statusCode).toBe(200);
  });
});

describe("several instances on one database", () => {
  it("serves a fresh feed from one instance after a change through the other", async () => {
    // a second app with its own feed cache; on PostgreSQL with its own connection pool
    const url = (t.database as { url?: string }).url;
    const second = url ? openPostgres(url, console, 4) : t.database;
    const other = await buildApp({
      config: t.config,
      database: second,
      logger: false,
      webRoot: "/nonexistent",
      now: () => NOW,
    });
    await other.ready();
    try {
      const s = await t.signIn();
      await createEvent(s, { title: "first", start_time: "2025-03-03T07:00:00Z" });
      const feed = await feedOf(s);
      const warm = await fetchFeed(feed, { app: other });
      expect(parseFeed(warm.body).events.map((e) => e.summary)).toEqual(["first"]);

      await createEvent(s, { title: "second", start_time: "2025-03-04T07:00:00Z" });
      const fresh = await fetchFeed(feed, {
        app: other,
        headers: { "if-none-match": warm.headers.etag as string },
      });
      expect(fresh.statusCode).toBe(200);
      expect(parseFeed(fresh.body).events.map((e) => e.summary)).toEqual(["first", "second"]);
      // and back: a change through the second instance reaches the first
      await createEvent(s, { title: "third", start_time: "2025-03-05T07:00:00Z" }, other);
      const back = parseFeed((await fetchFeed(feed)).body).events.map((e) => e.summary);
      expect(back).toEqual(["first", "second", "third"]);
    } finally {
      await other.close();
      if (second !== t.database) await second.close();
    }
  });
});
