/**
 * Graph's lifecycle notifications (decision 041; Microsoft's "Reduce missing subscriptions
 * and change notifications") against the loopback Graph, which validates the
 * lifecycleNotificationUrl as it does the notificationUrl and sends change and lifecycle
 * notifications to Sage as Graph does: each subscription asks for them; reauthorizationRequired
 * and subscriptionRemoved replace the subscription, missed syncs the connection; anything
 * about an unknown subscription or with a wrong clientState is a 403.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openChannels, renewChannels } from "../../src/server/connections/push-channels.ts";
import { pushChannels } from "../../src/server/db/schema.ts";
import { type FakeGraph, publicGraphEnv, startFakeGraph } from "../support/fake-microsoft-graph.ts";
import { connectByConsent, postToSage, pushedPerson, until } from "../support/pushed-person.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const NOW = new Date();
const PUBLIC_URL = "https://sage.example.com";
const LIFECYCLE_URL = `${PUBLIC_URL}/api/connections/microsoft/lifecycle`;
let t: TestApp;
let g: FakeGraph;
/** While false, Graph's change notifications are lost on the way (a `missed` case). */
let delivering = true;

const utc = (dateTime: string) => ({ dateTime: `${dateTime}.0000000`, timeZone: "UTC" });
const day = (offset: number, hm: string) =>
  `${new Date(NOW.getTime() + offset * 86_400_000).toISOString().slice(0, 10)}T${hm}:00`;

beforeAll(async () => {
  g = await startFakeGraph({
    validate: (url) => postToSage(t, url, "text/plain; charset=utf-8", ""),
    notify: async (url, body) => {
      const lifecycle = url.endsWith("/lifecycle");
      if (!delivering && !lifecycle) return 0;
      return (await postToSage(t, url, "application/json", body)).status;
    },
  });
  g.addCalendar({ id: "cal-main", name: "Calendar", canEdit: true, isDefaultCalendar: true });
  t = await createTestApp({
    now: () => NOW,
    llm: null,
    env: publicGraphEnv(g, PUBLIC_URL),
  });
});
afterAll(async () => {
  await Promise.all([t.close(), g.close()]);
});

async function connected() {
  const p = await pushedPerson(t, "l");
  const { connection } = await connectByConsent(t, p, "microsoft");
  return { ...p, connectionId: connection.id };
}

const channelOf = async (connectionId: string) => {
  const rows = await t.db
    .select()
    .from(pushChannels)
    .where(eq(pushChannels.connectionId, connectionId));
  expect(rows).toHaveLength(1);
  return rows[0]!;
};
const lifecycle = (value: unknown[]) =>
  t.app.inject({
    method: "POST",
    url: "/api/connections/microsoft/lifecycle",
    headers: { "content-type": "application/json" },
    payload: { value },
  });
/** The connection's subscription, once it is no longer `old`. */
async function replaced(connectionId: string, old: string) {
  let now: string | undefined;
  await until(async () => {
    const rows = await t.db
      .select({ channelId: pushChannels.channelId })
      .from(pushChannels)
      .where(eq(pushChannels.connectionId, connectionId));
    now = rows.length === 1 && rows[0]!.channelId !== old ? rows[0]!.channelId : undefined;
    return now !== undefined && g.log.unsubscribed.includes(old);
  });
  return now!;
}

describe("Microsoft push: lifecycle notifications", () => {
  it.each(["notify", "lifecycle"])(
    "echoes Graph's validationToken on the %s address as text/plain",
    async (route) => {
      const res = await postToSage(
        t,
        `${PUBLIC_URL}/api/connections/microsoft/${route}?validationToken=Validation%3A%20abc%20123`,
        "text/plain",
        "",
      );
      expect(res.status).toBe(200);
      expect(res.type).toMatch(/^text\/plain/);
      expect(res.body).toBe("Validation: abc 123");
    },
  );

  it("asks Graph for lifecycle notifications on every subscription it creates", async () => {
    const s = await connected();
    const ch = await channelOf(s.connectionId);
    const sub = g.log.subscriptions.find((x) => x.id === ch.channelId)!;
    expect(sub.lifecycleNotificationUrl).toBe(LIFECYCLE_URL);
    expect(sub.resource).toBe("me/calendars/cal-main/events");
    expect(sub.changeType).toBe("created,updated,deleted");
    // under the 10,080 minutes Graph allows a subscription on Outlook events
    const minutes = (Date.parse(sub.expirationDateTime) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9_900);
    expect(minutes).toBeLessThan(10_080);
  });

  it("reauthorizationRequired: the subscription is replaced and the old one deleted", async () => {
    const s = await connected();
    const old = await channelOf(s.connectionId);
    g.lifecycle(old.channelId, "reauthorizationRequired");
    const now = await replaced(s.connectionId, old.channelId);
    expect(g.isLive(now)).toBe(true);
    expect(g.isLive(old.channelId)).toBe(false);
    expect(g.log.notifications).toContainEqual({
      subscriptionId: old.channelId,
      kind: "reauthorizationRequired",
      status: 202,
    });
  });

  it("subscriptionRemoved: a new subscription is created on the same calendar", async () => {
    const s = await connected();
    const old = await channelOf(s.connectionId);
    g.lifecycle(old.channelId, "subscriptionRemoved");
    const now = await replaced(s.connectionId, old.channelId);
    const sub = g.log.subscriptions.find((x) => x.id === now)!;
    expect(sub.resource).toBe("me/calendars/cal-main/events");
    expect(g.isLive(now)).toBe(true);
  });

  it("a lifecycle notification delivered twice at once replaces the subscription once", async () => {
    const s = await connected();
    const old = await channelOf(s.connectionId);
    const before = g.log.subscriptions.length;
    const entry = {
      subscriptionId: old.channelId,
      clientState: old.token,
      lifecycleEvent: "reauthorizationRequired",
    };
    const answers = await Promise.all([lifecycle([entry]), lifecycle([entry])]);
    // the second may find the subscription already being replaced, and is refused then
    const statuses = answers.map((a) => a.statusCode).sort();
    expect([
      [202, 202],
      [202, 403],
    ]).toContainEqual(statuses);
    await replaced(s.connectionId, old.channelId);
    await new Promise((r) => setTimeout(r, 300));
    expect(g.log.subscriptions.length - before).toBe(1);
  });

  it("a renewal and a lifecycle replacement at the same instant leave one subscription", async () => {
    const s = await connected();
    const old = await channelOf(s.connectionId);
    // due for renewal by the periodic job, and Graph asks to reauthorize it meanwhile
    await t.db
      .update(pushChannels)
      .set({ expiresAt: new Date(NOW.getTime() + 3600_000) })
      .where(eq(pushChannels.id, old.id));
    const before = g.log.subscriptions.length;
    await Promise.all([
      renewChannels({ db: t.db, config: t.config, now: () => NOW }),
      lifecycle([
        {
          subscriptionId: old.channelId,
          clientState: old.token,
          lifecycleEvent: "reauthorizationRequired",
        },
      ]),
    ]);
    await replaced(s.connectionId, old.channelId);
    await new Promise((r) => setTimeout(r, 300));
    // one new subscription, the only one Sage knows of and the only one Graph notifies on
    const made = g.log.subscriptions.slice(before);
    expect(made).toHaveLength(1);
    expect((await channelOf(s.connectionId)).channelId).toBe(made[0]!.id);
    expect(g.isLive(made[0]!.id)).toBe(true);
    expect(g.isLive(old.channelId)).toBe(false);
  });

  it("a calendar keeps one channel: one opened for it meanwhile elsewhere is stopped at once", async () => {
    const s = await connected();
    const old = await channelOf(s.connectionId);
    const before = g.log.subscriptions.length;
    // as an instance would that opened channels for the connection at the same moment: it
    // keeps none, and says so
    expect(await openChannels({ db: t.db, config: t.config, now: () => NOW }, s.connectionId)).toBe(
      0,
    );
    const made = g.log.subscriptions.slice(before);
    expect(made).toHaveLength(1);
    expect(g.isLive(made[0]!.id)).toBe(false);
    expect((await channelOf(s.connectionId)).channelId).toBe(old.channelId);
    expect(g.isLive(old.channelId)).toBe(true);
  });

  it("missed: the connection is synced, and a change whose notification was lost is seen", async () => {
    const s = await connected();
    const ch = await channelOf(s.connectionId);
    delivering = false;
    g.put("cal-main", {
      id: "lost-change",
      subject: "Dentist",
      start: utc(day(2, "08:00")),
      end: utc(day(2, "09:00")),
    });
    delivering = true;
    const titles = async () => {
      const from = new Date(NOW.getTime() - 86_400_000).toISOString();
      const to = new Date(NOW.getTime() + 7 * 86_400_000).toISOString();
      const res = await t.app.inject({
        method: "GET",
        url: `/api/calendar-events?from=${from}&to=${to}`,
        headers: s.headers,
      });
      return (res.json().events as { title: string }[]).map((e) => e.title);
    };
    await new Promise((r) => setTimeout(r, 500));
    expect(await titles()).not.toContain("Dentist");
    g.lifecycle(ch.channelId, "missed");
    await until(async () => (await titles()).includes("Dentist"));
    // the subscription itself is kept
    expect((await channelOf(s.connectionId)).channelId).toBe(ch.channelId);
  });

  it("refuses an unknown subscription or a wrong clientState with 403, and changes nothing", async () => {
    const s = await connected();
    const ch = await channelOf(s.connectionId);
    const before = g.log.subscriptions.length;
    const refused = [
      [{ subscriptionId: "not-ours", clientState: ch.token, lifecycleEvent: "missed" }],
      [
        {
          subscriptionId: ch.channelId,
          clientState: `${ch.token}x`,
          lifecycleEvent: "reauthorizationRequired",
        },
      ],
      [{ subscriptionId: ch.channelId, lifecycleEvent: "subscriptionRemoved" }],
      [],
    ];
    for (const value of refused) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/connections/microsoft/lifecycle",
        headers: { "content-type": "application/json" },
        payload: { value },
      });
      expect(res.statusCode).toBe(403);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(g.log.subscriptions.length).toBe(before);
    expect((await channelOf(s.connectionId)).channelId).toBe(ch.channelId);
  });

  it("acknowledges a lifecycle event it does not know, and does nothing", async () => {
    const s = await connected();
    const ch = await channelOf(s.connectionId);
    const before = g.log.subscriptions.length;
    const res = await lifecycle([
      { subscriptionId: ch.channelId, clientState: ch.token, lifecycleEvent: "somethingNew" },
    ]);
    expect(res.statusCode).toBe(202);
    await new Promise((r) => setTimeout(r, 300));
    expect(g.log.subscriptions.length).toBe(before);
    expect((await channelOf(s.connectionId)).channelId).toBe(ch.channelId);
  });
});
