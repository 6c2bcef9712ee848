/**
 * Google push notifications (issue 30 item 3, decision 041) against the loopback Calendar API
 * (tests/support/fake-google-calendar.ts records events.watch and channels.stop): channels
 * opened on connect when PUBLIC_URL is public HTTPS, notifications checked by channel id and
 * token (403 otherwise), a burst coalesced into one leased sync, renewal before expiry from
 * the periodic job, stop on disconnect and on account deletion.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PUSH_RETRY_HOURS,
  renewChannels,
  reopenChannels,
} from "../../src/server/connections/push-channels.ts";
import {
  calendarConnections,
  connectionCalendars,
  pushChannels,
} from "../../src/server/db/schema.ts";
import { createGoogleSignIn } from "../../src/server/integrations/identity/google.ts";
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  type FakeGoogle,
  startFakeGoogle,
} from "../support/fake-google-calendar.ts";
import {
  connectByConsent,
  type PushedPerson,
  pushedPerson,
  until,
} from "../support/pushed-person.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const NOW = new Date("2026-03-02T06:00:00Z");
const PUBLIC_URL = "https://sage.example.com";
const ME = "me@example.com";
let t: TestApp;
let g: FakeGoogle;

const at = (local: string) => ({ dateTime: `${local}+01:00`, timeZone: "Europe/Berlin" });

beforeAll(async () => {
  g = await startFakeGoogle();
  g.addCalendar({ id: ME, summary: ME, accessRole: "owner", primary: true });
  g.addCalendar({ id: "team@group.calendar.google.com", summary: "Team", accessRole: "reader" });
  g.put(ME, {
    id: "budget",
    summary: "Budget meeting",
    start: at("2026-03-02T10:00:00"),
    end: at("2026-03-02T11:00:00"),
  });
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
    env: {
      PUBLIC_URL,
      GOOGLE_API_BASE: g.origin,
      GOOGLE_CLIENT_ID: FAKE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      CALENDAR_SECRET_KEY: "push-test-calendar-key-0123456789abcdef",
    },
  });
});
afterAll(async () => {
  await Promise.all([t.close(), g.close()]);
});

type Session = PushedPerson;
const signedIn = () => pushedPerson(t, "p");

async function connect(s: Session) {
  const { redirect, connection } = await connectByConsent(t, s, "google");
  expect(redirect).toContain("connected=google");
  return connection;
}

const notify = (headers: Record<string, string>) =>
  t.app.inject({ method: "POST", url: "/api/connections/google/notify", headers });

const channelsOf = (connectionId: string) =>
  t.db.select().from(pushChannels).where(eq(pushChannels.connectionId, connectionId));

const titles = async (s: Session) =>
  (
    (
      await t.app.inject({
        method: "GET",
        url: "/api/calendar-events?from=2026-03-02T00:00:00Z&to=2026-03-09T00:00:00Z",
        headers: s.headers,
      })
    ).json().events as { title: string }[]
  ).map((e) => e.title);

const lease = async (id: string) =>
  (
    await t.db
      .select({ leaseOwner: calendarConnections.leaseOwner })
      .from(calendarConnections)
      .where(eq(calendarConnections.id, id))
  )[0]?.leaseOwner ?? null;

describe("Google push: channels", () => {
  it("opens one events.watch channel per calendar on connect, to PUBLIC_URL's notify route", async () => {
    const s = await signedIn();
    const before = g.log.watches.length;
    const conn = await connect(s);
    const watches = g.log.watches.slice(before);
    expect(watches.map((w) => w.calendarId).sort()).toEqual([ME, "team@group.calendar.google.com"]);
    for (const w of watches) {
      expect(w.address).toBe(`${PUBLIC_URL}/api/connections/google/notify`);
      expect(w.token!.length).toBeGreaterThanOrEqual(40);
    }
    const rows = await channelsOf(conn.id);
    expect(rows.map((r) => r.channelId).sort()).toEqual(watches.map((w) => w.id).sort());
    expect(new Set(rows.map((r) => r.token)).size).toBe(rows.length);
    const list = await t.app.inject({ method: "GET", url: "/api/connections", headers: s.headers });
    expect(list.json().connections[0].updates).toBe("push");
  });

  it("renews a channel about to expire from the periodic job, and stops the old one", async () => {
    const s = await signedIn();
    const conn = await connect(s);
    const [old, other] = await channelsOf(conn.id);
    await t.db
      .update(pushChannels)
      .set({ expiresAt: new Date(NOW.getTime() + 3600_000) })
      .where(eq(pushChannels.id, old!.id));
    // the other expires in six days: not due
    await t.db
      .update(pushChannels)
      .set({ expiresAt: new Date(NOW.getTime() + 6 * 24 * 3600_000) })
      .where(eq(pushChannels.id, other!.id));
    const watches = g.log.watches.length;
    const renewed = await renewChannels({ db: t.db, config: t.config, now: () => NOW });
    expect(renewed).toBe(1);
    const fresh = g.log.watches.slice(watches).filter((w) => w.address.startsWith(PUBLIC_URL));
    expect(fresh).toHaveLength(1);
    // the same calendar as the channel it replaces
    const replaced = g.log.watches.find((w) => w.id === old!.channelId)!;
    expect(fresh[0]!.calendarId).toBe(replaced.calendarId);
    expect(g.log.stops).toContainEqual({ id: old!.channelId, resourceId: old!.resourceId });
    const rows = await channelsOf(conn.id);
    expect(rows.map((r) => r.channelId)).not.toContain(old!.channelId);
    expect(rows).toHaveLength(2);
  });

  it("a calendar Google refuses is polled, and the periodic job tries again hours later", async () => {
    const s = await signedIn();
    g.refuseWatch("team@group.calendar.google.com");
    const conn = await connect(s);
    const rows = await channelsOf(conn.id);
    expect(rows).toHaveLength(1);
    const mine = (
      await t.db
        .select()
        .from(connectionCalendars)
        .where(eq(connectionCalendars.connectionId, conn.id))
    ).find((c) => c.externalId === "team@group.calendar.google.com")!;
    expect(mine.pushFailedAt).toEqual(NOW);
    g.refuseWatch("team@group.calendar.google.com", false);
    const deps = (hours: number) => ({
      db: t.db,
      config: t.config,
      now: () => new Date(NOW.getTime() + hours * 3600_000),
    });
    // within the retry window nothing is asked again
    const watches = g.log.watches.length;
    await reopenChannels(deps(1));
    expect(g.log.watches.slice(watches).some((w) => w.calendarId === mine.externalId)).toBe(false);
    // after it, the channel opens and the calendar is pushed again
    await reopenChannels(deps(PUSH_RETRY_HOURS + 1));
    const after = await channelsOf(conn.id);
    expect(after.map((r) => r.calendarId).sort()).toEqual([rows[0]!.calendarId, mine.id].sort());
    const [healed] = await t.db
      .select()
      .from(connectionCalendars)
      .where(eq(connectionCalendars.id, mine.id));
    expect(healed!.pushFailedAt).toBeNull();
    // nothing more to open: a second run asks Google nothing
    const quiet = g.log.watches.length;
    expect(await reopenChannels(deps(PUSH_RETRY_HOURS + 2))).toBe(0);
    expect(g.log.watches.length).toBe(quiet);
  });

  it("stops every channel on disconnect", async () => {
    const s = await signedIn();
    const conn = await connect(s);
    const rows = await channelsOf(conn.id);
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/connections/${conn.id}`,
      headers: s.headers,
    });
    expect(res.statusCode).toBe(204);
    for (const r of rows)
      expect(g.log.stops).toContainEqual({ id: r.channelId, resourceId: r.resourceId });
    expect(await channelsOf(conn.id)).toEqual([]);
  });

  it("account deletion stops every channel at Google and removes the rows", async () => {
    const s = await signedIn();
    const conn = await connect(s);
    const rows = await channelsOf(conn.id);
    expect(rows.length).toBeGreaterThan(0);
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: s.headers,
      payload: { confirm: true },
    });
    expect(res.statusCode).toBe(204);
    for (const r of rows)
      expect(g.log.stops).toContainEqual({ id: r.channelId, resourceId: r.resourceId });
    expect(await channelsOf(conn.id)).toEqual([]);
  });
});

describe("Google push: notifications", () => {
  it("refuses an unknown channel, a wrong token and a missing header with 403, and syncs nothing", async () => {
    const s = await signedIn();
    const conn = await connect(s);
    const [ch] = await channelsOf(conn.id);
    const lists = g.log.lists.length;
    const refused: Record<string, string>[] = [
      { "x-goog-channel-id": ch!.channelId, "x-goog-channel-token": `${ch!.token}x` },
      { "x-goog-channel-id": ch!.channelId, "x-goog-channel-token": "" },
      {
        "x-goog-channel-id": "00000000-0000-0000-0000-000000000000",
        "x-goog-channel-token": ch!.token,
      },
      { "x-goog-channel-id": ch!.channelId },
      {},
    ];
    for (const headers of refused) {
      const res = await notify({ ...headers, "x-goog-resource-state": "exists" });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
    await new Promise((r) => setTimeout(r, 600));
    expect(g.log.lists.length).toBe(lists);
  });

  it("acknowledges the first 'sync' message without syncing", async () => {
    const s = await signedIn();
    const conn = await connect(s);
    const [ch] = await channelsOf(conn.id);
    const lists = g.log.lists.length;
    const res = await notify({
      "x-goog-channel-id": ch!.channelId,
      "x-goog-channel-token": ch!.token,
      "x-goog-resource-state": "sync",
      "x-goog-message-number": "1",
    });
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 600));
    expect(g.log.lists.length).toBe(lists);
  });

  it("a burst of 10 notifications is one sync, and the change is visible", async () => {
    const s = await signedIn();
    const conn = await connect(s);
    const [ch] = await channelsOf(conn.id);
    // what one sync of this account reads
    let lists = g.log.lists.length;
    await t.app.inject({
      method: "POST",
      url: `/api/connections/${conn.id}/sync`,
      headers: s.headers,
    });
    const perSync = g.log.lists.length - lists;
    expect(perSync).toBeGreaterThan(0);

    g.put(ME, {
      id: "dentist",
      summary: "Dentist",
      start: at("2026-03-03T08:00:00"),
      end: at("2026-03-03T09:00:00"),
    });
    lists = g.log.lists.length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        notify({
          "x-goog-channel-id": ch!.channelId,
          "x-goog-channel-token": ch!.token,
          "x-goog-resource-state": "exists",
          "x-goog-message-number": String(i + 2),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    await until(async () => (await titles(s)).includes("Dentist"));
    await until(async () => (await lease(conn.id)) === null);
    await new Promise((r) => setTimeout(r, 800));
    expect(g.log.lists.length - lists).toBe(perSync);
  });
});
