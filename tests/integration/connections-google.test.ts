import { randomUUID } from "node:crypto";
/**
 * Google Calendar (issue 16) against a loopback server speaking Calendar API v3 and Google's
 * OAuth endpoints (tests/support/fake-google-calendar.ts): the incremental consent, the
 * first listing (pages, series and exceptions, busy rules), incremental sync with the
 * syncToken and a full resync on 410 Gone, token refresh after a 401, blocks written with
 * insert/patch/delete and If-Match, and revocation on disconnect and account deletion.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccessTokens } from "../../src/server/auth/access-token.ts";
import { findOrCreateUserByEmail } from "../../src/server/auth/find-or-create-user.ts";
import { createSession, sessionIdFromCookie } from "../../src/server/auth/sessions.ts";
import { listConnectedOccurrences } from "../../src/server/connections/list-external-occurrences.ts";
import { calendarConnections, calendarEvents } from "../../src/server/db/schema.ts";
import { createGoogleSignIn } from "../../src/server/integrations/identity/google.ts";
import { ensureProfile } from "../../src/server/profile/ensure-profile.ts";
import { inZone, planTask } from "../support/connected-person.ts";
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  type FakeGoogle,
  startFakeGoogle,
} from "../support/fake-google-calendar.ts";
import { createTestApp, TEST_SECRET, type TestApp } from "../support/test-app.ts";

const NOW = new Date("2026-03-02T06:00:00Z");
const PUBLIC_URL = "http://localhost:3000";
const ME = "me@example.com";
let t: TestApp;
let g: FakeGoogle;

const at = (local: string) => ({ dateTime: `${local}+01:00`, timeZone: "Europe/Berlin" });

function seed(fake: FakeGoogle) {
  fake.addCalendar({
    id: ME,
    summary: ME,
    accessRole: "owner",
    primary: true,
    backgroundColor: "#9fe1e7",
  });
  fake.addCalendar({ id: "team@group.calendar.google.com", summary: "Team", accessRole: "reader" });
  fake.addCalendar({ id: "boss@example.com", summary: "Boss", accessRole: "freeBusyReader" });
  const put = (e: Record<string, unknown> & { id: string }) => fake.put(ME, e);
  put({
    id: "budget",
    summary: "Budget meeting",
    start: at("2026-03-02T10:00:00"),
    end: at("2026-03-02T11:00:00"),
  });
  put({
    id: "focus",
    summary: "Focus (free)",
    transparency: "transparent",
    start: at("2026-03-02T12:00:00"),
    end: at("2026-03-02T13:00:00"),
  });
  put({
    id: "vendor",
    summary: "Vendor call",
    attendees: [
      { email: ME, self: true, responseStatus: "declined" },
      { email: "v@example.org", responseStatus: "accepted" },
    ],
    start: at("2026-03-02T14:00:00"),
    end: at("2026-03-02T15:00:00"),
  });
  put({
    id: "holiday",
    summary: "Bank holiday",
    // Google's holiday calendars mark their days free; a day without transparency is busy
    transparency: "transparent",
    start: { date: "2026-03-03" },
    end: { date: "2026-03-04" },
  });
  put({
    id: "offsite",
    summary: "Offsite", // "Show me as: Busy": Google leaves transparency out
    start: { date: "2026-03-05" },
    end: { date: "2026-03-06" },
  });
  put({
    id: "standup",
    summary: "Standup",
    start: at("2026-03-02T09:00:00"),
    end: at("2026-03-02T09:15:00"),
    recurrence: ["RRULE:FREQ=DAILY;COUNT=5"],
  });
  put({
    id: "standup_20260303T080000Z",
    recurringEventId: "standup",
    originalStartTime: at("2026-03-03T09:00:00"),
    summary: "Standup",
    start: at("2026-03-03T11:00:00"),
    end: at("2026-03-03T11:15:00"),
  });
  put({
    id: "standup_20260304T080000Z",
    recurringEventId: "standup",
    originalStartTime: at("2026-03-04T09:00:00"),
    status: "cancelled",
  });
  put({
    id: "dropped",
    summary: "Dropped lunch",
    start: at("2026-03-02T12:00:00"),
    end: at("2026-03-02T13:00:00"),
  });
  fake.remove(ME, "dropped");
  fake.put("team@group.calendar.google.com", {
    id: "teamsync",
    summary: "Team sync",
    start: at("2026-03-03T15:00:00"),
    end: at("2026-03-03T16:00:00"),
  });
}

beforeAll(async () => {
  g = await startFakeGoogle();
  seed(g);
  const google = createGoogleSignIn({
    issuer: g.origin,
    clientId: FAKE_CLIENT_ID,
    clientSecret: FAKE_CLIENT_SECRET,
    redirectUri: `${PUBLIC_URL}/api/auth/google/callback`,
  });
  t = await createTestApp({
    now: () => NOW,
    llm: null,
    google,
    env: { PUBLIC_URL, GOOGLE_API_BASE: g.origin },
  });
});
afterAll(async () => {
  await Promise.all([t.close(), g.close()]);
});
beforeEach(() => {
  g.setPageSize(250);
});

type Session = {
  user: { id: string; email: string };
  headers: { authorization: string };
  /** The session cookie's value (sage_session), which a navigation carries under /api/auth. */
  session: string;
};
/** A session made the way Google sign-in makes one (development sign-in is off with Google). */
async function signedIn(): Promise<Session> {
  const user = await findOrCreateUserByEmail(
    t.db,
    `g-${Math.random().toString(36).slice(2)}@example.com`,
  );
  await ensureProfile(t.db, user);
  const cookie = await createSession(t.db, user.id);
  const token = await createAccessTokens(TEST_SECRET, PUBLIC_URL).sign({
    userId: user.id,
    sessionId: sessionIdFromCookie(cookie)!,
    email: user.email,
  });
  return inZone(t, { user, headers: { authorization: `Bearer ${token}` }, session: cookie });
}

/**
 * The start as a browser makes it: a plain link to GET /api/connections/google/start, sent
 * on to /api/auth/google/calendar where the session cookie travels, then to the consent.
 */
async function start(s: Session) {
  const link = await t.app.inject({ method: "GET", url: "/api/connections/google/start" });
  expect(link.statusCode).toBe(302);
  const hop = await t.app.inject({
    method: "GET",
    url: link.headers.location as string,
    cookies: { sage_session: s.session },
  });
  expect(hop.statusCode).toBe(302);
  return { consentUrl: new URL(hop.headers.location as string), cookies: hop.cookies };
}

/** The whole consent: start, Google's consent page (grants at once), the callback. */
async function connect(s: Session) {
  const { consentUrl, cookies } = await start(s);
  const flow = cookies.find((c) => c.name === "sage_gcal")!;
  const consent = await fetch(consentUrl, { redirect: "manual" });
  const back = new URL(consent.headers.get("location")!);
  const callback = await t.app.inject({
    method: "GET",
    url: back.pathname + back.search,
    cookies: { sage_gcal: flow.value },
  });
  const list = await t.app.inject({ method: "GET", url: "/api/connections", headers: s.headers });
  return { consentUrl, callback, connection: list.json().connections[0], list };
}

const week = async (s: Session) =>
  (
    await t.app.inject({
      method: "GET",
      url: "/api/calendar-events?from=2026-03-02T00:00:00Z&to=2026-03-09T00:00:00Z",
      headers: s.headers,
    })
  ).json().events as { id: string; title: string; start_time: string; source: string }[];

const sync = (s: Session, id: string) =>
  t.app.inject({ method: "POST", url: `/api/connections/${id}/sync`, headers: s.headers });

describe("Google Calendar: consent", () => {
  it("asks the calendar scope offline with PKCE, stores the refresh token sealed, and lists the calendars", async () => {
    const s = await signedIn();
    const { consentUrl, callback, connection, list } = await connect(s);
    const q = consentUrl.searchParams;
    expect(consentUrl.origin + consentUrl.pathname).toBe(`${g.origin}/o/oauth2/v2/auth`);
    expect(q.get("scope")?.split(" ")).toEqual(
      expect.arrayContaining([
        "https://www.googleapis.com/auth/calendar.events",
        "https://www.googleapis.com/auth/calendar.readonly",
      ]),
    );
    expect(q.get("access_type")).toBe("offline");
    expect(q.get("include_granted_scopes")).toBe("true");
    expect(q.get("prompt")).toBe("consent");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("state")).toBeTruthy();
    expect(q.get("redirect_uri")).toBe(`${PUBLIC_URL}/api/connections/google/callback`);

    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe("/calendar?panel=calendars&connected=google");
    expect(connection).toMatchObject({
      kind: "google",
      name: `Google Calendar (${ME})`,
      status: "ok",
      writeCalendarId: null,
    });
    // the free/busy-only calendar has no events to read
    expect(
      connection.calendars.map((c: { name: string; writable: boolean; color?: string }) => [
        c.name,
        c.writable,
        c.color,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [ME, true, "#9fe1e7"],
        ["Team", false, undefined],
      ]),
    );
    expect(connection.calendars).toHaveLength(2);
    expect(list.body).not.toMatch(/refresh-|access-/);
    const [row] = await t.db
      .select({ credentials: calendarConnections.credentials })
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connection.id));
    expect(row!.credentials).toMatch(/^v1\./);
    expect(row!.credentials).not.toMatch(/refresh-/);
  });

  it("GET /api/connections/google/start redirects a signed-in browser to the consent, bound to the session's person", async () => {
    const s = await signedIn();
    const link = await t.app.inject({ method: "GET", url: "/api/connections/google/start" });
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe("/api/auth/google/calendar");
    // no session cookie (or a forged one): no consent, no flow cookie
    const attempts: Record<string, string>[] = [{}, { sage_session: `${randomUUID()}.forged` }];
    for (const cookies of attempts) {
      const refused = await t.app.inject({ method: "GET", url: link.headers.location, cookies });
      expect(refused.statusCode).toBe(401);
      expect(refused.cookies.find((c) => c.name === "sage_gcal")).toBeUndefined();
    }
    const { consentUrl, cookies } = await start(s);
    expect(consentUrl.origin).toBe(g.origin);
    const flow = cookies.find((c) => c.name === "sage_gcal")!;
    expect(flow).toMatchObject({
      httpOnly: true,
      path: "/api/connections/google",
      sameSite: "Lax",
    });
    // the flow names the person whose session cookie came, and is signed
    const value = t.app.unsignCookie(flow.value);
    expect(value.valid).toBe(true);
    expect(JSON.parse(value.value!)).toMatchObject({
      userId: s.user.id,
      state: consentUrl.searchParams.get("state"),
    });
  });

  it("a replayed or forged callback connects nothing", async () => {
    const s = await signedIn();
    const started = await start(s);
    const consent = await fetch(started.consentUrl, { redirect: "manual" });
    const back = new URL(consent.headers.get("location")!);
    // no flow cookie: the link is treated as expired
    const bare = await t.app.inject({ method: "GET", url: back.pathname + back.search });
    expect(bare.headers.location).toMatch(
      /^\/calendar\?panel=calendars&connectError=The%20connection%20link%20expired/,
    );
    // a cookie whose state is not the one Google returned
    const flow = started.cookies.find((c) => c.name === "sage_gcal")!;
    back.searchParams.set("state", "forged");
    const forged = await t.app.inject({
      method: "GET",
      url: back.pathname + back.search,
      cookies: { sage_gcal: flow.value },
    });
    expect(forged.headers.location).toMatch(/^\/calendar\?panel=calendars&connectError=/);
    const list = await t.app.inject({ method: "GET", url: "/api/connections", headers: s.headers });
    expect(list.json().connections).toEqual([]);
  });

  it("the person refusing consent comes back with a plain sentence", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/connections/google/callback?error=access_denied&state=x",
    });
    expect(res.headers.location).toBe(
      `/calendar?panel=calendars&connectError=${encodeURIComponent("Access to Google Calendar was not granted")}`,
    );
  });
});

describe("Google Calendar: reading", () => {
  it("series with moved and cancelled exceptions, and Google's busy rules", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    expect(connection.eventCount).toBe(7); // 6 series in the primary calendar + 1 in Team
    const events = await week(s);
    const titles = events.map((e) => e.title);
    expect(titles).not.toContain("Dropped lunch");
    const standups = events.filter((e) => e.title === "Standup").map((e) => e.start_time);
    expect(standups).toEqual([
      "2026-03-02T08:00:00.000Z",
      "2026-03-03T10:00:00.000Z", // moved to 11:00 Berlin
      "2026-03-05T08:00:00.000Z", // 03-04 cancelled
      "2026-03-06T08:00:00.000Z",
    ]);
    expect(titles).toEqual(
      expect.arrayContaining([
        "Focus (free)",
        "Vendor call",
        "Bank holiday",
        "Offsite",
        "Team sync",
      ]),
    );
    expect(events.every((e) => e.source === "external")).toBe(true);

    const busy = await listConnectedOccurrences(t.db, {
      userId: s.user.id,
      from: new Date("2026-03-02T00:00:00Z"),
      to: new Date("2026-03-09T00:00:00Z"),
      busyOnly: true,
    });
    const busyTitles = new Set(busy.map((o) => o.title));
    expect(busyTitles).toEqual(new Set(["Budget meeting", "Standup", "Offsite", "Team sync"]));
  });

  it("follows every page, then syncs incrementally with the syncToken", async () => {
    g.setPageSize(2);
    const s = await signedIn();
    const { connection } = await connect(s);
    expect(connection.eventCount).toBe(7);
    const firstLists = g.log.lists.slice(-10);
    expect(firstLists.some((q) => q.pageToken)).toBe(true);
    expect(firstLists.every((q) => q.singleEvents === "false")).toBe(true);

    // the person changes things in Google: a new meeting, a moved exception, a deletion
    g.put(ME, {
      id: "newone",
      summary: "Client visit",
      start: at("2026-03-04T13:00:00"),
      end: at("2026-03-04T14:00:00"),
    });
    g.put(ME, {
      id: "standup_20260305T080000Z",
      recurringEventId: "standup",
      originalStartTime: at("2026-03-05T09:00:00"),
      summary: "Standup (late)",
      start: at("2026-03-05T16:00:00"),
      end: at("2026-03-05T16:15:00"),
    });
    g.remove(ME, "budget");
    const before = g.log.lists.length;
    expect((await sync(s, connection.id)).json().connection).toMatchObject({
      status: "ok",
      eventCount: 7,
    });
    const incremental = g.log.lists.slice(before);
    expect(incremental.every((q) => q.syncToken?.startsWith("sync-"))).toBe(true);

    const events = await week(s);
    const titles = events.map((e) => e.title);
    expect(titles).toContain("Client visit");
    expect(titles).not.toContain("Budget meeting");
    // the exception merged into the stored series; the earlier exceptions are still there
    expect(
      events.filter((e) => e.title.startsWith("Standup")).map((e) => [e.title, e.start_time]),
    ).toEqual([
      ["Standup", "2026-03-02T08:00:00.000Z"],
      ["Standup", "2026-03-03T10:00:00.000Z"],
      ["Standup (late)", "2026-03-05T15:00:00.000Z"],
      ["Standup", "2026-03-06T08:00:00.000Z"],
    ]);
    // restore for the other tests
    g.put(ME, {
      id: "budget",
      summary: "Budget meeting",
      start: at("2026-03-02T10:00:00"),
      end: at("2026-03-02T11:00:00"),
    });
    g.remove(ME, "newone");
    g.put(ME, {
      id: "standup_20260305T080000Z",
      recurringEventId: "standup",
      originalStartTime: at("2026-03-05T09:00:00"),
      summary: "Standup",
      start: at("2026-03-05T09:00:00"),
      end: at("2026-03-05T09:15:00"),
    });
  });

  it("a 410 Gone on the syncToken starts a full resync", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    g.expireSyncTokens();
    // deleted long enough ago that Google no longer reports it: only a full listing shows it gone
    const focus = g.get(ME, "focus")!;
    g.purge(ME, "focus");
    g.put(ME, {
      id: "late",
      summary: "Late addition",
      start: at("2026-03-06T13:00:00"),
      end: at("2026-03-06T14:00:00"),
    });
    const before = g.log.lists.length;
    const res = await sync(s, connection.id);
    expect(res.json().connection).toMatchObject({ status: "ok", eventCount: 7 });
    const after = g.log.lists.slice(before);
    // each calendar: the refused incremental read, then a full one without a token
    expect(after.filter((q) => q.syncToken)).toHaveLength(2);
    expect(after.filter((q) => !q.syncToken)).toHaveLength(2);
    const titles = (await week(s)).map((e) => e.title);
    expect(titles).toContain("Late addition");
    expect(titles).not.toContain("Focus (free)");
    g.remove(ME, "late");
    g.put(ME, focus);
  });

  it("refreshes the access token after a 401 and keeps syncing", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    g.expireAccessTokens();
    const grants = g.log.refreshGrants;
    const res = await sync(s, connection.id);
    expect(res.json().connection.status).toBe("ok");
    expect(g.log.refreshGrants).toBe(grants + 1);
  });
});

describe("Google Calendar: a grant taken back", () => {
  it("shows a plain 'connect again' and keeps the last events for planning", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    g.revokeAllGrants();
    const res = await sync(s, connection.id);
    expect(res.json().connection).toMatchObject({
      status: "error",
      error: "Google refused Sage's access to this calendar — connect Google Calendar again",
      eventCount: 7,
    });
    expect((await week(s)).map((e) => e.title)).toContain("Budget meeting");
  });
});

describe("Google Calendar: writing blocks", () => {
  it("inserts blocks under ids derived from them, patches with If-Match, a changed one becomes theirs, done ones are deleted", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    const primary = connection.calendars.find((c: { name: string }) => c.name === ME);
    const team = connection.calendars.find((c: { name: string }) => c.name === "Team");
    const refused = await t.app.inject({
      method: "PATCH",
      url: `/api/connections/${connection.id}`,
      headers: s.headers,
      payload: { writeCalendarId: team.id },
    });
    expect(refused.statusCode).toBe(400);
    await t.app.inject({
      method: "PATCH",
      url: `/api/connections/${connection.id}`,
      headers: s.headers,
      payload: { writeCalendarId: primary.id },
    });
    const othersBefore = JSON.stringify(g.events(ME).filter((e) => !e.id.startsWith("sage")));
    const task = (
      await t.app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: s.headers,
        payload: { title: "Write the proposal", estimateMinutes: 180, priority: "high" },
      })
    ).json().task;
    const plan = await t.app.inject({
      method: "POST",
      url: "/api/plan",
      headers: s.headers,
      payload: { days: 7 },
    });
    const placed = plan.json().placed as { eventId: string; start: string; end: string }[];
    expect(placed.length).toBeGreaterThan(1);
    const idOf = (eventId: string) => `sage${eventId.replace(/-/g, "")}`;
    for (const b of placed) {
      const e = g.get(ME, idOf(b.eventId))!;
      expect(e).toMatchObject({
        summary: "Write the proposal",
        status: "confirmed",
        transparency: "opaque",
      });
      expect(new Date((e.start as { dateTime: string }).dateTime).toISOString()).toBe(b.start);
    }
    // never around the Budget meeting (busy), the blocks are not read back as connected events
    await sync(s, connection.id);
    const mine = (await week(s)).filter((e) => e.title === "Write the proposal");
    expect(mine.every((e) => e.source === "assistant")).toBe(true);

    // Sage moves a block (re-plan after the person moves it in Sage): a patch with If-Match
    const first = placed[0]!;
    const etagBefore = g.get(ME, idOf(first.eventId))!.etag;
    const start = new Date(new Date(first.start).getTime() + 3_600_000).toISOString();
    const end = new Date(new Date(first.end).getTime() + 3_600_000).toISOString();
    await t.db
      .update(calendarEvents)
      .set({ startTime: new Date(start), endTime: new Date(end) })
      .where(eq(calendarEvents.id, first.eventId));
    await sync(s, connection.id);
    const patch = g.log.writes
      .filter((w) => w.method === "PATCH" && w.id === idOf(first.eventId))
      .at(-1);
    expect(patch).toMatchObject({ ifMatch: etagBefore, status: 200 });
    expect(
      new Date(
        (g.get(ME, idOf(first.eventId))!.start as { dateTime: string }).dateTime,
      ).toISOString(),
    ).toBe(start);

    // the person moves another block in Google: at the next sync it is theirs, at their time
    const second = placed[1]!;
    const theirs = g.get(ME, idOf(second.eventId))!;
    g.put(ME, {
      ...theirs,
      start: { dateTime: "2026-03-06T15:00:00Z" },
      end: { dateTime: "2026-03-06T16:00:00Z" },
    });
    await sync(s, connection.id);
    const events = await week(s);
    expect(events.find((e) => e.id === second.eventId)).toMatchObject({
      source: "user",
      start_time: "2026-03-06T15:00:00.000Z",
    });

    // the task is done: Sage deletes its own remaining blocks (If-Match), never theirs
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
    expect(g.get(ME, idOf(second.eventId))!.status).toBe("confirmed");
    for (const b of placed.filter((p) => p !== second)) {
      expect(g.get(ME, idOf(b.eventId))!.status).toBe("cancelled");
      const del = g.log.writes
        .filter((w) => w.method === "DELETE" && w.id === idOf(b.eventId))
        .at(-1);
      expect(del?.ifMatch).toBeTruthy();
    }
    // events Sage did not create were never changed
    expect(JSON.stringify(g.events(ME).filter((e) => !e.id.startsWith("sage")))).toBe(othersBefore);
  });

  it("a block the person deletes in Google is gone from Sage after the next sync; its task stays open", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    const primary = connection.calendars.find((c: { name: string }) => c.name === ME);
    await t.app.inject({
      method: "PATCH",
      url: `/api/connections/${connection.id}`,
      headers: s.headers,
      payload: { writeCalendarId: primary.id },
    });
    const { task, placed } = await planTask(t, s, "Plan the offsite");
    await sync(s, connection.id);
    const [gone, ...kept] = placed;
    g.remove(ME, `sage${gone!.eventId.replace(/-/g, "")}`);
    await sync(s, connection.id);
    const left = (await week(s)).filter((e) => e.title === "Plan the offsite").map((e) => e.id);
    expect(left.sort()).toEqual(kept.map((b) => b.eventId).sort());
    const tasks = (
      await t.app.inject({ method: "GET", url: "/api/tasks", headers: s.headers })
    ).json().tasks as { id: string; status: string }[];
    expect(tasks.find((x) => x.id === task.id)?.status).toBe("open");
  });

  it("a 412 re-reads the event: the person's edit made since the last sync is never overwritten", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    const primary = connection.calendars.find((c: { name: string }) => c.name === ME);
    await t.app.inject({
      method: "PATCH",
      url: `/api/connections/${connection.id}`,
      headers: s.headers,
      payload: { writeCalendarId: primary.id },
    });
    const task = (
      await t.app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: s.headers,
        payload: { title: "Prepare the offsite", estimateMinutes: 180, priority: "high" },
      })
    ).json().task;
    const placed = (
      await t.app.inject({
        method: "POST",
        url: "/api/plan",
        headers: s.headers,
        payload: { days: 7 },
      })
    ).json().placed as { eventId: string }[];
    const id = `sage${placed[0]!.eventId.replace(/-/g, "")}`;
    // renamed in Google; Sage has not synced since, so it still holds the old ETag
    g.put(ME, { ...g.get(ME, id)!, summary: "Offsite prep with Sam" });
    await t.app.inject({ method: "DELETE", url: `/api/tasks/${task.id}`, headers: s.headers });
    await t.app.inject({
      method: "POST",
      url: "/api/plan",
      headers: s.headers,
      payload: { days: 7 },
    });
    expect(
      g.log.writes.filter((w) => w.id === id && w.method === "DELETE").map((w) => w.status),
    ).toEqual([412]);
    expect(g.get(ME, id)).toMatchObject({ status: "confirmed", summary: "Offsite prep with Sam" });
  });
});

describe("Google Calendar: disconnecting", () => {
  it("opens no push channel when PUBLIC_URL is http://localhost: polling alone, and says so", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    expect(g.log.watches).toEqual([]);
    expect(connection.updates).toBe("poll");
  });

  it("revokes the refresh token on disconnect", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    const revoked = g.log.revoked.length;
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/connections/${connection.id}`,
      headers: s.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(g.log.revoked.slice(revoked)).toHaveLength(1);
    expect(g.log.revoked.at(-1)).toMatch(/^refresh-/);
  });

  it("with ?removeBlocks=1 deletes only Sage's own events before revoking", async () => {
    const s = await signedIn();
    const { connection } = await connect(s);
    const primary = connection.calendars.find((c: { name: string }) => c.name === ME);
    await t.app.inject({
      method: "PATCH",
      url: `/api/connections/${connection.id}`,
      headers: s.headers,
      payload: { writeCalendarId: primary.id },
    });
    await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: s.headers,
      payload: { title: "Tidy the garage", estimateMinutes: 120, priority: "high" },
    });
    const placed = (
      await t.app.inject({
        method: "POST",
        url: "/api/plan",
        headers: s.headers,
        payload: { days: 7 },
      })
    ).json().placed as { eventId: string }[];
    expect(placed.length).toBeGreaterThan(0);
    const others = JSON.stringify(g.events(ME).filter((e) => !e.id.startsWith("sage")));
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/connections/${connection.id}?removeBlocks=1`,
      headers: s.headers,
    });
    expect(res.statusCode).toBe(204);
    for (const b of placed) {
      expect(g.get(ME, `sage${b.eventId.replace(/-/g, "")}`)!.status).toBe("cancelled");
    }
    expect(JSON.stringify(g.events(ME).filter((e) => !e.id.startsWith("sage")))).toBe(others);
  });

  it("revokes the refresh token when the account is deleted", async () => {
    const s = await signedIn();
    await connect(s);
    const revoked = g.log.revoked.length;
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: s.headers,
      payload: { confirm: true },
    });
    expect(res.statusCode).toBe(204);
    expect(g.log.revoked.slice(revoked)).toHaveLength(1);
  });
});

describe("without Google sign-in", () => {
  it("answers 404 with a plain reason", async () => {
    const other = await createTestApp({ llm: null });
    try {
      const s = await other.signIn();
      // (development sign-in: this app has no Google)
      const res = await other.app.inject({ method: "GET", url: "/api/connections/google/start" });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatch(/Google sign-in, which is not configured/);
      const hop = await other.app.inject({
        method: "GET",
        url: "/api/auth/google/calendar",
        headers: { cookie: s.cookie },
      });
      expect(hop.statusCode).toBe(404);
      const callback = await other.app.inject({
        method: "GET",
        url: "/api/connections/google/callback?code=x&state=y",
      });
      expect(callback.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
