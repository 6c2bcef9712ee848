/**
 * Microsoft 365 / Outlook.com (issue 30, decision 040) against a loopback identity platform
 * and Microsoft Graph written from Microsoft's documentation
 * (tests/support/fake-microsoft-graph.ts): the consent (code flow with PKCE), the first
 * read (pages, expanded series, busy rules, zones), delta rounds from the deltaLink and a
 * full round on 410, token refresh, throttling, blocks written with If-Match, and
 * disconnecting.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  calendarConnections,
  connectionCalendars,
  externalWrites,
} from "../../src/server/db/schema.ts";
import { inZone, planTask } from "../support/connected-person.ts";
import {
  type FakeGraph,
  MS_CLIENT_ID,
  MS_CLIENT_SECRET,
  startFakeGraph,
} from "../support/fake-microsoft-graph.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const NOW = new Date("2026-03-02T06:00:00Z");
const PUBLIC_URL = "http://localhost:3000";
let t: TestApp;
let g: FakeGraph;

const utc = (dateTime: string) => ({ dateTime: `${dateTime}.0000000`, timeZone: "UTC" });

function seed(fake: FakeGraph) {
  fake.addCalendar({
    id: "cal-main",
    name: "Calendar",
    hexColor: "#40E0D0",
    canEdit: true,
    isDefaultCalendar: true,
  });
  fake.addCalendar({ id: "cal-holidays", name: "Holidays", canEdit: false });
  fake.put("cal-main", {
    id: "budget",
    subject: "Budget meeting",
    start: utc("2026-03-02T09:00:00"),
    end: utc("2026-03-02T10:00:00"),
  });
  fake.put("cal-main", {
    id: "focus",
    subject: "Focus (free)",
    showAs: "free",
    start: utc("2026-03-02T11:00:00"),
    end: utc("2026-03-02T12:00:00"),
  });
  fake.put("cal-main", {
    id: "maybe",
    subject: "Maybe lunch",
    showAs: "tentative",
    start: utc("2026-03-02T12:00:00"),
    end: utc("2026-03-02T13:00:00"),
  });
  fake.put("cal-main", {
    id: "vendor",
    subject: "Vendor call",
    responseStatus: { response: "declined" },
    start: utc("2026-03-02T13:00:00"),
    end: utc("2026-03-02T14:00:00"),
  });
  fake.put("cal-main", {
    id: "called-off",
    subject: "Called off",
    isCancelled: true,
    start: utc("2026-03-02T14:00:00"),
    end: utc("2026-03-02T15:00:00"),
  });
  fake.put("cal-main", {
    id: "west",
    subject: "West coast sync",
    // Graph answering in the event's own Windows zone, whatever Sage asked for
    ignorePrefer: true,
    start: { dateTime: "2026-03-03T08:00:00.0000000", timeZone: "Pacific Standard Time" },
    end: { dateTime: "2026-03-03T09:00:00.0000000", timeZone: "Pacific Standard Time" },
  });
  fake.put("cal-main", {
    id: "offsite",
    subject: "Offsite",
    isAllDay: true,
    showAs: "busy",
    start: utc("2026-03-05T00:00:00"),
    end: utc("2026-03-06T00:00:00"),
  });
  fake.put("cal-holidays", {
    id: "holiday",
    subject: "Bank holiday",
    isAllDay: true,
    showAs: "free",
    start: utc("2026-03-04T00:00:00"),
    end: utc("2026-03-05T00:00:00"),
  });
  fake.putDailySeries("cal-main", {
    id: "standup",
    subject: "Standup",
    start: utc("2026-03-02T08:00:00"),
    end: utc("2026-03-02T08:15:00"),
    count: 120,
  });
  fake.put("cal-main", {
    id: "old",
    subject: "Long ago",
    start: utc("2025-01-10T09:00:00"),
    end: utc("2025-01-10T10:00:00"),
  });
}

beforeAll(async () => {
  g = await startFakeGraph();
  seed(g);
  t = await createTestApp({
    now: () => NOW,
    llm: null,
    env: {
      PUBLIC_URL,
      MICROSOFT_CLIENT_ID: MS_CLIENT_ID,
      MICROSOFT_CLIENT_SECRET: MS_CLIENT_SECRET,
      MICROSOFT_AUTHORITY: g.origin,
      MICROSOFT_GRAPH_BASE: g.graph,
    },
  });
});
afterAll(async () => {
  await Promise.all([t.close(), g.close()]);
});

type Session = Awaited<ReturnType<TestApp["signIn"]>>;
const signedIn = async (): Promise<Session> => inZone(t, await t.signIn());

/** The start as a browser makes it: the link, the hop under /api/auth, the consent URL. */
async function start(s: Session) {
  const link = await t.app.inject({ method: "GET", url: "/api/connections/microsoft/start" });
  expect(link.statusCode).toBe(302);
  expect(link.headers.location).toBe("/api/auth/microsoft/calendar");
  const hop = await t.app.inject({
    method: "GET",
    url: link.headers.location as string,
    headers: { cookie: s.cookie },
  });
  expect(hop.statusCode).toBe(302);
  return { consentUrl: new URL(hop.headers.location as string), cookies: hop.cookies };
}

/** The whole consent: start, Microsoft's consent page (grants at once), the callback. */
async function connect(s: Session) {
  const { consentUrl, cookies } = await start(s);
  const flow = cookies.find((c) => c.name === "sage_mscal")!;
  const consent = await fetch(consentUrl, { redirect: "manual" });
  const back = new URL(consent.headers.get("location")!);
  const callback = await t.app.inject({
    method: "GET",
    url: back.pathname + back.search,
    cookies: { sage_mscal: flow.value },
  });
  const list = await t.app.inject({ method: "GET", url: "/api/connections", headers: s.headers });
  return { consentUrl, callback, connection: list.json().connections[0], list };
}

type Listed = {
  id: string;
  title: string;
  start_time: string;
  end_time: string;
  source: string;
  busy?: boolean;
};
const week = async (s: Session) =>
  (
    await t.app.inject({
      method: "GET",
      url: "/api/calendar-events?from=2026-03-02T00:00:00Z&to=2026-03-09T00:00:00Z",
      headers: s.headers,
    })
  ).json().events as Listed[];

const sync = async (s: Session, id: string) => {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/connections/${id}/sync`,
    headers: s.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().connection as { status: string; error?: string; eventCount: number };
};

const setWriteCalendar = async (
  s: Session,
  connection: { id: string; calendars: { id: string; name: string }[] },
) => {
  const main = connection.calendars.find((c) => c.name === "Calendar")!;
  const res = await t.app.inject({
    method: "PATCH",
    url: `/api/connections/${connection.id}`,
    headers: s.headers,
    payload: { writeCalendarId: main.id },
  });
  expect(res.statusCode).toBe(200);
};

describe("Microsoft 365: consent", () => {
  it("asks Calendars.ReadWrite offline with PKCE S256 at the tenant, seals the tokens, and lists the calendars", async () => {
    const s = await signedIn();
    const { consentUrl, callback, connection, list } = await connect(s);
    expect(consentUrl.origin + consentUrl.pathname).toBe(
      `${g.origin}/common/oauth2/v2.0/authorize`,
    );
    const q = consentUrl.searchParams;
    expect(q.get("scope")?.split(" ").sort()).toEqual(["Calendars.ReadWrite", "offline_access"]);
    expect(q.get("response_type")).toBe("code");
    expect(q.get("response_mode")).toBe("query");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get("state")).toBeTruthy();
    expect(q.get("redirect_uri")).toBe(`${PUBLIC_URL}/api/connections/microsoft/callback`);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe("/calendar?panel=calendars&connected=microsoft");
    expect(connection).toMatchObject({
      kind: "microsoft",
      name: "Microsoft 365 (Calendar)",
      status: "ok",
    });
    expect(
      connection.calendars.map((c: { name: string; writable: boolean; color?: string }) => [
        c.name,
        c.writable,
        c.color,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ["Calendar", true, "#40e0d0"],
        ["Holidays", false, undefined],
      ]),
    );
    expect(list.body).not.toMatch(/refresh-|access-/);
    const [row] = await t.db
      .select({ credentials: calendarConnections.credentials })
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connection.id));
    expect(row!.credentials).toMatch(/^v1\./);
    expect(row!.credentials).not.toMatch(/refresh-|access-/);
  });

  it("the hop needs the session cookie and sets a signed flow cookie bound to the person", async () => {
    const s = await signedIn();
    const refused = await t.app.inject({ method: "GET", url: "/api/auth/microsoft/calendar" });
    expect(refused.statusCode).toBe(401);
    expect(refused.cookies.find((c) => c.name === "sage_mscal")).toBeUndefined();
    const { consentUrl, cookies } = await start(s);
    const flow = cookies.find((c) => c.name === "sage_mscal")!;
    expect(flow).toMatchObject({
      httpOnly: true,
      path: "/api/connections/microsoft",
      sameSite: "Lax",
    });
    const value = t.app.unsignCookie(flow.value);
    expect(value.valid).toBe(true);
    expect(JSON.parse(value.value!)).toMatchObject({
      userId: s.user.id,
      state: consentUrl.searchParams.get("state"),
    });
  });

  it("a forged state, a missing flow cookie or a refused consent connect nothing", async () => {
    const s = await signedIn();
    const started = await start(s);
    const consent = await fetch(started.consentUrl, { redirect: "manual" });
    const back = new URL(consent.headers.get("location")!);
    const bare = await t.app.inject({ method: "GET", url: back.pathname + back.search });
    expect(bare.headers.location).toMatch(/connectError=The%20connection%20link%20expired/);
    const flow = started.cookies.find((c) => c.name === "sage_mscal")!;
    back.searchParams.set("state", "forged");
    const forged = await t.app.inject({
      method: "GET",
      url: back.pathname + back.search,
      cookies: { sage_mscal: flow.value },
    });
    expect(forged.headers.location).toMatch(/^\/calendar\?panel=calendars&connectError=/);
    g.denyConsent(true);
    try {
      const again = await start(s);
      const denied = await fetch(again.consentUrl, { redirect: "manual" });
      const deniedBack = new URL(denied.headers.get("location")!);
      const res = await t.app.inject({
        method: "GET",
        url: deniedBack.pathname + deniedBack.search,
        cookies: { sage_mscal: again.cookies.find((c) => c.name === "sage_mscal")!.value },
      });
      expect(res.headers.location).toBe(
        `/calendar?panel=calendars&connectError=${encodeURIComponent("Access to the Microsoft calendar was not granted")}`,
      );
    } finally {
      g.denyConsent(false);
    }
    const list = await t.app.inject({ method: "GET", url: "/api/connections", headers: s.headers });
    expect(list.json().connections).toEqual([]);
  });
});

describe("Microsoft 365: reading", () => {
  it("reads every page of the calendar view in UTC, with Graph's expanded series and the busy rules", async () => {
    const s = await signedIn();
    const before = g.log.deltas.length;
    const { connection } = await connect(s);
    const rounds = g.log.deltas.slice(before);
    // 120 standups and the rest over pages of 100; every request asks for UTC
    expect(rounds.filter((d) => d.url.includes("$skiptoken")).length).toBeGreaterThan(0);
    expect(rounds.every((d) => d.prefer?.includes('outlook.timezone="UTC"'))).toBe(true);
    const first = new URL(rounds[0]!.url);
    expect(first.searchParams.get("startDateTime")).toBe("2026-01-31T00:00:00.000Z");
    expect(first.searchParams.get("endDateTime")).toBe("2027-03-02T00:00:00.000Z");
    // cancelled left out; the 2025 event is outside the window
    expect(connection.eventCount).toBe(120 + 7);

    const events = await week(s);
    const byTitle = (title: string) => events.filter((e) => e.title === title);
    expect(byTitle("Standup")).toHaveLength(7);
    expect(byTitle("Called off")).toHaveLength(0);
    expect(byTitle("West coast sync")[0]?.start_time).toBe("2026-03-03T16:00:00.000Z");
    expect(byTitle("Budget meeting")[0]?.start_time).toBe("2026-03-02T09:00:00.000Z");

    // busy as the scheduler sees it (showAs, the person's response, all-day)
    const busyOf = (title: string) => byTitle(title)[0]?.busy;
    expect(
      ["Budget meeting", "Maybe lunch", "West coast sync", "Offsite", "Standup"].map(busyOf),
    ).toEqual([true, true, true, true, true]);
    expect(["Focus (free)", "Vendor call", "Bank holiday"].map(busyOf)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("syncs what changed from the deltaLink: moved, added and @removed events", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    g.put("cal-main", {
      id: "moved",
      subject: "Moved review",
      start: utc("2026-03-04T10:00:00"),
      end: utc("2026-03-04T11:00:00"),
    });
    g.put("cal-main", {
      id: "gone",
      subject: "Gone soon",
      start: utc("2026-03-04T12:00:00"),
      end: utc("2026-03-04T13:00:00"),
    });
    await sync(s, connection.id);
    g.put("cal-main", {
      id: "moved",
      subject: "Moved review",
      start: utc("2026-03-04T14:00:00"),
      end: utc("2026-03-04T15:00:00"),
    });
    g.remove("gone");
    const before = g.log.deltas.length;
    const after = await sync(s, connection.id);
    expect(after.status).toBe("ok");
    const rounds = g.log.deltas.slice(before);
    expect(rounds.every((d) => d.url.includes("$deltatoken") || d.url.includes("$skiptoken"))).toBe(
      true,
    );
    const events = await week(s);
    expect(events.filter((e) => e.title === "Moved review").map((e) => e.start_time)).toEqual([
      "2026-03-04T14:00:00.000Z",
    ]);
    expect(events.some((e) => e.title === "Gone soon")).toBe(false);
    g.remove("moved");
  });

  it("a 410 on the deltaLink starts a full round again", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    g.expireDeltaStates();
    const before = g.log.deltas.length;
    const after = await sync(s, connection.id);
    expect(after).toMatchObject({ status: "ok", eventCount: 127 });
    const rounds = g.log.deltas.slice(before).map((d) => new URL(d.url));
    expect(rounds.some((u) => u.searchParams.has("startDateTime"))).toBe(true);
  });

  it("refreshes the access token after a 401, and a refused refresh says to connect again and keeps the events", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    const grants = g.log.refreshGrants;
    g.expireAccessTokens();
    expect(await sync(s, connection.id)).toMatchObject({ status: "ok" });
    expect(g.log.refreshGrants).toBe(grants + 1);

    g.revokeRefreshTokens();
    const failed = await sync(s, connection.id);
    expect(failed.status).toBe("error");
    expect(failed.error).toMatch(/connect Microsoft 365 again/);
    expect((await week(s)).some((e) => e.title === "Budget meeting")).toBe(true);
  });

  it("honours 429 Retry-After, and stops with a plain sentence when asked to wait long", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    const throttled = g.log.throttled;
    g.throttleNext(1, "1");
    const started = Date.now();
    expect(await sync(s, connection.id)).toMatchObject({ status: "ok" });
    expect(g.log.throttled).toBe(throttled + 1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);

    g.throttleNext(1, "120");
    const slowed = await sync(s, connection.id);
    expect(slowed).toMatchObject({ status: "error" });
    expect(slowed.error).toMatch(/asked Sage to slow down/);
    g.throttleNext(0);
    expect((await week(s)).some((e) => e.title === "Budget meeting")).toBe(true);
  });
});

describe("Microsoft 365: links Graph sends", () => {
  it("never follows a page link to another origin, so the bearer token stays with Graph", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    const elsewhere: string[] = [];
    const trap = http.createServer((req, res) => {
      elsewhere.push(req.headers.authorization ?? "no token");
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
    await new Promise<void>((resolve) => trap.listen(0, "127.0.0.1", resolve));
    g.sendLinksTo(`http://127.0.0.1:${(trap.address() as AddressInfo).port}`);
    g.expireDeltaStates(); // a full round, whose first page links onwards
    try {
      const synced = await sync(s, connection.id);
      expect(synced).toMatchObject({
        status: "error",
        error: "Microsoft Graph sent a link Sage does not follow",
      });
      expect(elsewhere).toEqual([]);
    } finally {
      g.sendLinksTo(undefined);
      trap.closeAllConnections();
      await new Promise<void>((resolve) => trap.close(() => resolve()));
    }
    expect(await sync(s, connection.id)).toMatchObject({ status: "ok" });
  });
});

describe("Microsoft 365: stored cursors", () => {
  it("a cursor naming another Graph base starts a full round instead of failing", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    const calendars = await t.db
      .select()
      .from(connectionCalendars)
      .where(eq(connectionCalendars.connectionId, connection.id));
    for (const c of calendars) {
      const cursor = JSON.parse(c.syncToken!) as { link: string; until: string };
      await t.db
        .update(connectionCalendars)
        .set({
          syncToken: JSON.stringify({
            ...cursor,
            link: cursor.link.replace(g.origin, "https://graph.example"),
          }),
        })
        .where(eq(connectionCalendars.id, c.id));
    }
    const before = g.log.deltas.length;
    expect(await sync(s, connection.id)).toMatchObject({ status: "ok", eventCount: 127 });
    const rounds = g.log.deltas.slice(before).map((d) => new URL(d.url));
    expect(rounds.filter((u) => u.searchParams.has("startDateTime"))).toHaveLength(2);
  });
});

describe("Microsoft 365: Sage's blocks", () => {
  it("creates blocks with Sage's transactionId, updates with If-Match, a moved one becomes theirs, done ones are deleted", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    await setWriteCalendar(s, connection);
    const othersBefore = JSON.stringify(g.eventsIn("cal-main").filter((e) => !e.transactionId));
    const { task, placed } = await planTask(t, s, "Write the proposal");
    expect(placed.length).toBeGreaterThan(1);
    const writes = await t.db
      .select()
      .from(externalWrites)
      .where(eq(externalWrites.connectionId, connection.id));
    const refOf = (eventId: string) => writes.find((w) => w.eventId === eventId)!.href;
    for (const b of placed) {
      const e = g.event(refOf(b.eventId))!;
      expect(e).toMatchObject({
        subject: "Write the proposal",
        showAs: "busy",
        transactionId: `sage-block-${b.eventId}`,
      });
      expect(new Date(`${e.start.dateTime}Z`).toISOString()).toBe(b.start);
    }
    // read back by the next sync, the blocks are Sage's plan, not busy time
    const synced = await sync(s, connection.id);
    expect(synced.eventCount).toBe(127);
    expect(
      (await week(s))
        .filter((e) => e.title === "Write the proposal")
        .every((e) => e.source === "assistant"),
    ).toBe(true);

    // the person moves a block in Outlook: at the next sync it is theirs, at their time
    const [first, second] = placed;
    g.put("cal-main", {
      ...g.event(refOf(second!.eventId))!,
      start: utc("2026-03-06T15:00:00"),
      end: utc("2026-03-06T16:00:00"),
    });
    await sync(s, connection.id);
    expect((await week(s)).find((e) => e.id === second!.eventId)).toMatchObject({
      source: "user",
      start_time: "2026-03-06T15:00:00.000Z",
    });

    // the task is done: Sage deletes its remaining blocks with If-Match, never theirs
    const etag = g.event(refOf(first!.eventId))!.etag;
    await t.app.inject({
      method: "PUT",
      url: `/api/tasks/${task.id}`,
      headers: s.headers,
      payload: {
        title: "Write the proposal",
        estimateMinutes: 180,
        priority: "high",
        status: "done",
      },
    });
    await sync(s, connection.id);
    expect(g.event(refOf(second!.eventId))).toBeDefined();
    expect(g.event(refOf(first!.eventId))).toBeUndefined();
    const del = g.log.writes
      .filter((w) => w.method === "DELETE" && w.id === refOf(first!.eventId))
      .at(-1);
    expect(del).toMatchObject({ ifMatch: etag, status: 204 });
    expect(JSON.stringify(g.eventsIn("cal-main").filter((e) => !e.transactionId))).toBe(
      othersBefore,
    );
  });

  it("a block read back without its transactionId is still Sage's, never busy time", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    await setWriteCalendar(s, connection);
    const { placed } = await planTask(t, s, "Draft the memo", 60);
    expect(placed.length).toBeGreaterThan(0);
    g.leaveTransactionIdOutOfDeltas(true);
    try {
      const synced = await sync(s, connection.id);
      expect(synced).toMatchObject({ status: "ok", eventCount: 127 });
      const memo = (await week(s)).filter((e) => e.title === "Draft the memo");
      expect(memo.map((e) => e.source)).toEqual(placed.map(() => "assistant"));
    } finally {
      g.leaveTransactionIdOutOfDeltas(false);
    }
  });

  it("a block whose delete Graph fails is kept and deleted at the next sync", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    await setWriteCalendar(s, connection);
    const { task, placed } = await planTask(t, s, "Clean the inbox");
    const mine = and(
      eq(externalWrites.connectionId, connection.id),
      eq(externalWrites.eventId, placed[0]!.eventId),
    );
    const [write] = await t.db.select().from(externalWrites).where(mine);
    g.failDeletesWith(500);
    try {
      await t.app.inject({ method: "DELETE", url: `/api/tasks/${task.id}`, headers: s.headers });
      await sync(s, connection.id);
      expect(g.event(write!.href)).toBeDefined();
      expect(await t.db.select().from(externalWrites).where(mine)).toHaveLength(1);
    } finally {
      g.failDeletesWith(undefined);
    }
    await sync(s, connection.id);
    expect(g.event(write!.href)).toBeUndefined();
    expect(await t.db.select().from(externalWrites).where(mine)).toHaveLength(0);
  });

  it("a 412 re-reads the event: the person's rename since the last sync is never deleted", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    await setWriteCalendar(s, connection);
    const { task, placed } = await planTask(t, s, "Prepare the offsite");
    const [write] = await t.db
      .select()
      .from(externalWrites)
      .where(
        and(
          eq(externalWrites.connectionId, connection.id),
          eq(externalWrites.eventId, placed[0]!.eventId),
        ),
      );
    g.put("cal-main", { ...g.event(write!.href)!, subject: "Offsite prep with Sam" });
    await t.app.inject({ method: "DELETE", url: `/api/tasks/${task.id}`, headers: s.headers });
    await t.app.inject({
      method: "POST",
      url: "/api/plan",
      headers: s.headers,
      payload: { days: 7 },
    });
    expect(
      g.log.writes
        .filter((w) => w.id === write!.href && w.method === "DELETE")
        .map((w) => w.status),
    ).toEqual([412]);
    expect(g.event(write!.href)).toMatchObject({ subject: "Offsite prep with Sam" });
  });

  it("disconnecting with ?removeBlocks=1 deletes only Sage's events and forgets the tokens", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    await setWriteCalendar(s, connection);
    await planTask(t, s, "Tidy the garage", 120);
    const others = JSON.stringify(g.eventsIn("cal-main").filter((e) => !e.transactionId));
    expect(g.eventsIn("cal-main").some((e) => e.subject === "Tidy the garage")).toBe(true);
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/connections/${connection.id}?removeBlocks=1`,
      headers: s.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(g.eventsIn("cal-main").some((e) => e.subject === "Tidy the garage")).toBe(false);
    expect(JSON.stringify(g.eventsIn("cal-main").filter((e) => !e.transactionId))).toBe(others);
    const rows = await t.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connection.id));
    expect(rows).toEqual([]);
  });
});

describe("Microsoft 365: the account", () => {
  it("the export names the connection without its tokens; deleting the account forgets them", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    const exported = await t.app.inject({
      method: "GET",
      url: "/api/account/export",
      headers: s.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain(connection.id);
    expect(exported.body).toContain('"microsoft"');
    expect(exported.body).not.toMatch(/refresh-|access-|v1\./);
    const gone = await t.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: s.headers,
      payload: { confirm: true },
    });
    expect(gone.statusCode).toBe(204);
    const rows = await t.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connection.id));
    expect(rows).toEqual([]);
  });
});

describe("without Microsoft configured", () => {
  it("answers 404 with a plain reason and the meta says so", async () => {
    const other = await createTestApp({ llm: null });
    try {
      const s = await other.signIn();
      const res = await other.app.inject({
        method: "GET",
        url: "/api/connections/microsoft/start",
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatch(/MICROSOFT_CLIENT_ID/);
      const hop = await other.app.inject({
        method: "GET",
        url: "/api/auth/microsoft/calendar",
        headers: { cookie: s.cookie },
      });
      expect(hop.statusCode).toBe(404);
      const meta = await other.app.inject({ method: "GET", url: "/api/meta" });
      expect(meta.json().connect).toEqual({ microsoft: false });
    } finally {
      await other.close();
    }
  });
});

describe("Microsoft 365: updates without push", () => {
  it("creates no Graph subscription when PUBLIC_URL is http://localhost, and says so", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    expect(g.log.subscriptions).toEqual([]);
    expect(connection.updates).toBe("poll");
  });
});
