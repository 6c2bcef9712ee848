/**
 * Microsoft Graph change notifications (issue 30 item 3, decision 041) against the loopback
 * Graph (tests/support/fake-microsoft-graph.ts creates subscriptions only after Sage echoed
 * its validationToken, and records deletions): a subscription per calendar on connect when
 * PUBLIC_URL is public HTTPS (the validation echo is tested with the lifecycle address, in
 * connections-push-microsoft-lifecycle), notifications checked by subscription id and
 * clientState (403 otherwise), a burst coalesced into one sync, renewal, deletion on
 * disconnect and on account deletion.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renewChannels } from "../../src/server/connections/push-channels.ts";
import { calendarConnections, pushChannels } from "../../src/server/db/schema.ts";
import { type FakeGraph, publicGraphEnv, startFakeGraph } from "../support/fake-microsoft-graph.ts";
import {
  connectByConsent,
  type PushedPerson,
  postToSage,
  pushedPerson,
  until,
} from "../support/pushed-person.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const NOW = new Date();
const PUBLIC_URL = "https://sage.example.com";
let t: TestApp;
let g: FakeGraph;

const utc = (dateTime: string) => ({ dateTime: `${dateTime}.0000000`, timeZone: "UTC" });
const day = (offset: number, hm: string) =>
  `${new Date(NOW.getTime() + offset * 86_400_000).toISOString().slice(0, 10)}T${hm}:00`;

beforeAll(async () => {
  g = await startFakeGraph({
    // Graph's validation request, delivered to Sage as Graph sends it
    validate: (url) => postToSage(t, url, "text/plain; charset=utf-8", ""),
  });
  g.addCalendar({ id: "cal-main", name: "Calendar", canEdit: true, isDefaultCalendar: true });
  g.addCalendar({ id: "cal-holidays", name: "Holidays", canEdit: false });
  g.put("cal-main", {
    id: "budget",
    subject: "Budget meeting",
    start: utc(day(1, "09:00")),
    end: utc(day(1, "10:00")),
  });
  t = await createTestApp({
    now: () => NOW,
    llm: null,
    env: publicGraphEnv(g, PUBLIC_URL),
  });
});
afterAll(async () => {
  await Promise.all([t.close(), g.close()]);
});

type Session = PushedPerson;
const signedIn = () => pushedPerson(t, "m");

async function connect(s: Session) {
  const { redirect, connection } = await connectByConsent(t, s, "microsoft");
  expect(redirect).toContain("connected=microsoft");
  return connection;
}

const notify = (value: unknown[]) =>
  t.app.inject({
    method: "POST",
    url: "/api/connections/microsoft/notify",
    headers: { "content-type": "application/json" },
    payload: { value },
  });
const deleteAccount = (s: Session) =>
  t.app.inject({
    method: "DELETE",
    url: "/api/account",
    headers: s.headers,
    payload: { confirm: true },
  });
const channelsOf = (connectionId: string) =>
  t.db.select().from(pushChannels).where(eq(pushChannels.connectionId, connectionId));
const lease = async (id: string) =>
  (
    await t.db
      .select({ leaseOwner: calendarConnections.leaseOwner })
      .from(calendarConnections)
      .where(eq(calendarConnections.id, id))
  )[0]?.leaseOwner ?? null;
describe("Microsoft push: subscriptions", () => {
  it("subscribes to each calendar's events on connect, validated, with a clientState", async () => {
    const s = await signedIn();
    const before = g.log.subscriptions.length;
    const conn = await connect(s);
    const subs = g.log.subscriptions.slice(before);
    expect(subs.map((x) => x.resource).sort()).toEqual([
      "me/calendars/cal-holidays/events",
      "me/calendars/cal-main/events",
    ]);
    for (const x of subs) {
      expect(x.notificationUrl).toBe(`${PUBLIC_URL}/api/connections/microsoft/notify`);
      expect(x.changeType).toBe("created,updated,deleted");
      expect(x.clientState!.length).toBeGreaterThanOrEqual(40);
    }
    const rows = await channelsOf(conn.id);
    expect(rows.map((r) => r.channelId).sort()).toEqual(subs.map((x) => x.id).sort());
    expect(conn.updates).toBe("push");
  });

  it("renews a subscription about to expire, and deletes the old one", async () => {
    const s = await signedIn();
    const conn = await connect(s);
    const [old] = await channelsOf(conn.id);
    await t.db
      .update(pushChannels)
      .set({ expiresAt: new Date(NOW.getTime() + 3600_000) })
      .where(eq(pushChannels.id, old!.id));
    const before = g.log.subscriptions.length;
    expect(await renewChannels({ db: t.db, config: t.config, now: () => NOW })).toBe(1);
    expect(g.log.subscriptions.slice(before)).toHaveLength(1);
    expect(g.log.unsubscribed).toContain(old!.channelId);
    const rows = await channelsOf(conn.id);
    expect(rows.map((r) => r.channelId)).not.toContain(old!.channelId);
    expect(rows).toHaveLength(2);
  });

  it("deletes every subscription on disconnect", async () => {
    const s = await signedIn();
    const conn = await connect(s);
    const rows = await channelsOf(conn.id);
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/connections/${conn.id}`,
      headers: s.headers,
    });
    expect(res.statusCode).toBe(204);
    for (const r of rows) expect(g.log.unsubscribed).toContain(r.channelId);
    expect(await channelsOf(conn.id)).toEqual([]);
  });
});

describe("Microsoft push: account deletion", () => {
  it("deletes every subscription at Graph when the account is deleted", async () => {
    const s = await signedIn();
    const conn = await connect(s);
    const rows = await channelsOf(conn.id);
    expect(rows.length).toBeGreaterThan(0);
    const res = await deleteAccount(s);
    expect(res.statusCode).toBe(204);
    for (const r of rows) expect(g.log.unsubscribed).toContain(r.channelId);
    expect(await channelsOf(conn.id)).toEqual([]);
  });

  it("deletes the account even when Graph refuses to delete the subscriptions", async () => {
    const s = await signedIn();
    const conn = await connect(s);
    const rows = await channelsOf(conn.id);
    // Sage's access is gone at Microsoft: every call answers 401, every refresh invalid_grant
    g.revokeRefreshTokens();
    const res = await deleteAccount(s);
    expect(res.statusCode).toBe(204);
    for (const r of rows) expect(g.log.unsubscribed).not.toContain(r.channelId);
    expect(await channelsOf(conn.id)).toEqual([]);
    const [row] = await t.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, conn.id));
    expect(row).toBeUndefined();
  });
});

describe("Microsoft push: notifications", () => {
  it("refuses a wrong clientState, an unknown subscription or a missing clientState with 403, and syncs nothing", async () => {
    const s = await signedIn();
    const conn = await connect(s);
    const [ch] = await channelsOf(conn.id);
    const deltas = g.log.deltas.length;
    const refused = [
      [{ subscriptionId: ch!.channelId, clientState: `${ch!.token}x` }],
      [{ subscriptionId: "not-a-subscription", clientState: ch!.token }],
      [{ subscriptionId: ch!.channelId }],
      // one bad entry refuses the batch
      [
        { subscriptionId: ch!.channelId, clientState: ch!.token },
        { subscriptionId: ch!.channelId, clientState: "guess" },
      ],
    ];
    for (const value of refused) expect((await notify(value)).statusCode).toBe(403);
    await new Promise((r) => setTimeout(r, 600));
    expect(g.log.deltas.length).toBe(deltas);
  });

  it("a burst of 10 notifications is one sync, answered 202, and the change is visible", async () => {
    const s = await signedIn();
    const conn = await connect(s);
    const [ch] = await channelsOf(conn.id);
    let deltas = g.log.deltas.length;
    await t.app.inject({
      method: "POST",
      url: `/api/connections/${conn.id}/sync`,
      headers: s.headers,
    });
    const perSync = g.log.deltas.length - deltas;
    expect(perSync).toBeGreaterThan(0);
    g.put("cal-main", {
      id: "dentist",
      subject: "Dentist",
      start: utc(day(2, "08:00")),
      end: utc(day(2, "09:00")),
    });
    deltas = g.log.deltas.length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        notify([
          {
            subscriptionId: ch!.channelId,
            clientState: ch!.token,
            changeType: "updated",
            resource: "me/events/dentist",
          },
        ]),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(202));
    const seen = async () => {
      const from = new Date(NOW.getTime() - 86_400_000).toISOString();
      const to = new Date(NOW.getTime() + 7 * 86_400_000).toISOString();
      const res = await t.app.inject({
        method: "GET",
        url: `/api/calendar-events?from=${from}&to=${to}`,
        headers: s.headers,
      });
      return (res.json().events as { title: string }[]).some((e) => e.title === "Dentist");
    };
    await until(seen);
    await until(async () => (await lease(conn.id)) === null);
    await new Promise((r) => setTimeout(r, 800));
    expect(g.log.deltas.length - deltas).toBe(perSync);
  });
});
