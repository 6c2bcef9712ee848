import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseFeed } from "../../src/core/calendar/feed-parse.test-support.ts";
import { buildApp, loggerOptions } from "../../src/server/app.ts";
import { users } from "../../src/server/db/schema.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/** The feed covers 3 months back to 18 ahead of the day: these tests' events are in 2025. */
const NOW = new Date("2025-03-01T12:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterAll(() => t.close());

type Session = Awaited<ReturnType<TestApp["signIn"]>>;

const postToken = (s: Session) =>
  t.app.inject({ method: "POST", url: "/api/calendar-token", headers: s.headers });
const getToken = (s: Session) =>
  t.app.inject({ method: "GET", url: "/api/calendar-token", headers: s.headers });
const feedPath = (feedUrl: string) => new URL(feedUrl).pathname;
const fetchFeed = (pathAndQuery: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: pathAndQuery, headers });
const createEvent = (s: Session, body: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/calendar-events", headers: s.headers, payload: body });

describe("calendar token", () => {
  it("answers 404 before one exists, then returns the one POST created", async () => {
    const s = await t.signIn();
    expect((await getToken(s)).statusCode).toBe(404);
    const created = await postToken(s);
    expect(created.statusCode).toBe(200);
    const { token, feedUrl } = created.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(feedUrl).toBe(`${t.config.publicUrl.origin}/api/calendar/feed/${token}.ics`);
    expect((await getToken(s)).json()).toEqual({ token, feedUrl });
  });

  it("rotates: a new POST replaces the token and the old URL dies at once", async () => {
    const s = await t.signIn();
    const old = (await postToken(s)).json();
    expect((await fetchFeed(feedPath(old.feedUrl))).statusCode).toBe(200);
    const fresh = (await postToken(s)).json();
    expect(fresh.token).not.toBe(old.token);
    expect((await fetchFeed(feedPath(old.feedUrl))).statusCode).toBe(404);
    expect((await fetchFeed(feedPath(fresh.feedUrl))).statusCode).toBe(200);
  });

  it("dies with the account", async () => {
    const s = await t.signIn();
    const { feedUrl } = (await postToken(s)).json();
    await t.db.delete(users).where(eq(users.id, s.user.id));
    expect((await fetchFeed(feedPath(feedUrl))).statusCode).toBe(404);
  });

  it("needs a signed-in user", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/calendar-token" })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: "GET", url: "/api/calendar-token" })).statusCode).toBe(
      401,
    );
  });
});

describe("GET feedUrl (the iCalendar feed)", () => {
  it("serves the user's live events as iCalendar with private, no-referrer headers", async () => {
    const s = await t.signIn();
    await createEvent(s, {
      title: "Focus block",
      start_time: "2025-06-02T07:00:00Z",
      end_time: "2025-06-02T08:30:00Z",
      priority: "high",
      category: "Deep work",
      reminder_minutes: 5,
    });
    const gone = (
      await createEvent(s, { title: "Cancelled", start_time: "2025-06-03T07:00:00Z" })
    ).json().event;
    await t.app.inject({
      method: "DELETE",
      url: `/api/calendar-events?eventId=${gone.id}`,
      headers: s.headers,
    });
    const { feedUrl } = (await postToken(s)).json();
    const res = await fetchFeed(feedPath(feedUrl));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.headers["cache-control"]).toMatch(/^private/);
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["content-disposition"]).toBeUndefined();
    const { events } = parseFeed(res.body);
    expect(events.map((e) => e.summary)).toEqual(["Focus block"]);
    expect(events[0]).toMatchObject({ priority: 1, categories: ["Deep work"], trigger: "-PT5M" });
    expect(res.body).toContain("X-WR-CALNAME:Sage AI Recommendations\r\n");
  });

  it("serves ?download=1 as the attachment sage-recommendations.ics", async () => {
    const s = await t.signIn();
    const { feedUrl } = (await postToken(s)).json();
    const res = await fetchFeed(`${feedPath(feedUrl)}?download=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="sage-recommendations.ics"',
    );
  });

  it("answers wrong, malformed and extension-less tokens with the same 404", async () => {
    const s = await t.signIn();
    const { token } = (await postToken(s)).json();
    const wrong = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const answers = await Promise.all(
      [
        `/api/calendar/feed/${wrong}.ics`,
        "/api/calendar/feed/short.ics",
        `/api/calendar/feed/${token}`,
        `/api/calendar/feed/${"x".repeat(90)}.ics`,
      ].map((p) => fetchFeed(p)),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: "Not found", code: "not_found" });
    }
  });

  it("raises SEQUENCE when an event changes and keeps its UID", async () => {
    const s = await t.signIn();
    const { event } = (
      await createEvent(s, { title: "v1", start_time: "2025-06-02T07:00:00Z" })
    ).json();
    const { feedUrl } = (await postToken(s)).json();
    const before = parseFeed((await fetchFeed(feedPath(feedUrl))).body).events[0]!;
    await t.app.inject({
      method: "PUT",
      url: `/api/calendar-events?eventId=${event.id}`,
      headers: s.headers,
      payload: { title: "v2", start_time: "2025-06-02T07:00:00Z", version: 1 },
    });
    const after = parseFeed((await fetchFeed(feedPath(feedUrl))).body).events[0]!;
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.summary).toBe("v2");
  });

  it("answers a matching If-None-Match with 304", async () => {
    const s = await t.signIn();
    const { feedUrl } = (await postToken(s)).json();
    const first = await fetchFeed(feedPath(feedUrl));
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await fetchFeed(feedPath(feedUrl), { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("writes recurring events in the user's zone (TZID + VTIMEZONE) after PATCH /api/profile", async () => {
    const s = await t.signIn();
    await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: s.headers,
      payload: { timezone: "America/New_York" },
    });
    await createEvent(s, {
      title: "Run",
      start_time: "2025-10-30T11:30:00Z",
      recurrence_frequency: "DAILY",
      recurrence_count: 6,
    });
    const { feedUrl } = (await postToken(s)).json();
    const body = (await fetchFeed(feedPath(feedUrl))).body;
    expect(body).toContain("DTSTART;TZID=America/New_York:20251030T073000\r\n");
    const [run] = parseFeed(body).events;
    expect(run!.occurrences(10).slice(2, 4)).toEqual([
      "2025-11-01T11:30:00.000Z",
      "2025-11-02T12:30:00.000Z", // after the fall-back, still 07:30 local
    ]);
  });

  it("serves a feed of 2,000 events, a third of them recurring, that parses back whole", async () => {
    const s = await t.signIn();
    await t.db.execute(sql`
      insert into calendar_events (id, user_id, title, description, start_time, end_time,
        priority, recurrence_frequency, recurrence_interval, version)
      select gen_random_uuid(), ${s.user.id}, 'Event ' || n || ' ; , \\ 🎉', repeat('d', n % 300),
        timestamptz '2025-01-01 09:00Z' + (n || ' hours')::interval,
        timestamptz '2025-01-01 10:00Z' + (n || ' hours')::interval,
        (array['low','medium','high'])[1 + n % 3],
        case when n % 3 = 0 then 'WEEKLY' end, case when n % 3 = 0 then 1 end, 1 + n % 5
      from generate_series(1, 2000) as n`);
    const { feedUrl } = (await postToken(s)).json();
    const res = await fetchFeed(feedPath(feedUrl));
    expect(res.statusCode).toBe(200);
    const { events } = parseFeed(res.body);
    expect(events).toHaveLength(2000);
    expect(new Set(events.map((e) => e.uid)).size).toBe(2000);
    expect(events.filter((e) => e.rrule)).toHaveLength(666);
    expect(events.find((e) => e.summary === "Event 7 ; , \\ 🎉")).toMatchObject({ sequence: 3 });
  });

  it("never writes the token to the log", async () => {
    const lines: string[] = [];
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
    try {
      const s = await t.signIn();
      const { token, feedUrl } = (await postToken(s)).json();
      for (const url of [feedPath(feedUrl), `${feedPath(feedUrl)}?download=1`]) {
        expect((await app.inject({ method: "GET", url })).statusCode).toBe(200);
      }
      await app.inject({ method: "GET", url: `/api/calendar/feed/${token.slice(1)}x.ics` });
      const log = lines.join("");
      expect(log).toContain("/api/calendar/feed/[redacted]");
      expect(log).not.toContain(token);
      expect(log).not.toContain(token.slice(1));
    } finally {
      await app.close();
    }
  });
});

describe("PATCH /api/profile {timezone}", () => {
  const patch = (s: Session, payload: unknown) =>
    t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: s.headers,
      payload: payload as object,
    });

  it("stores an IANA time zone on the profile", async () => {
    const s = await t.signIn();
    const res = await patch(s, { timezone: "Europe/Berlin" });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.timezone).toBe("Europe/Berlin");
    const read = await t.app.inject({ method: "GET", url: "/api/profile", headers: s.headers });
    expect(read.json().profile.timezone).toBe("Europe/Berlin");
  });

  it.each([["Mars/Olympus_Mons"], ["Europe/Berlin; drop table"], [""], [42]])(
    "refuses %s, naming timezone",
    async (timezone) => {
      const s = await t.signIn();
      const res = await patch(s, { timezone });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^timezone: /);
    },
  );

  it("refuses other fields (the profile's tier is not the client's to set)", async () => {
    const s = await t.signIn();
    const res = await patch(s, { timezone: "UTC", subscription_tier: "pro" });
    expect(res.statusCode).toBe(400);
  });

  it("needs a signed-in user", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      payload: { timezone: "UTC" },
    });
    expect(res.statusCode).toBe(401);
  });
});
