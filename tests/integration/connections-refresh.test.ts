import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncDueConnections } from "../../src/server/connections/refresh-connections.ts";
import { syncConnection } from "../../src/server/connections/sync-connection.ts";
import { calendarConnections } from "../../src/server/db/schema.ts";
import { connectIcs, inZone } from "../support/connected-person.ts";
import { type IcsServer, icsFixture, startIcsServer } from "../support/ics-server.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const START = new Date("2026-03-02T06:00:00Z");
let clock = START;
let t: TestApp;
let ics: IcsServer;
beforeAll(async () => {
  [t, ics] = await Promise.all([createTestApp({ now: () => clock, llm: null }), startIcsServer()]);
});
afterAll(async () => {
  await Promise.all([t.close(), ics.close()]);
});

const conference = [
  "BEGIN:VCALENDAR",
  "BEGIN:VEVENT",
  "UID:conf",
  "SUMMARY:Conference",
  "DTSTART;VALUE=DATE:20260302",
  "DTEND;VALUE=DATE:20260306",
  "TRANSP:OPAQUE",
  "END:VEVENT",
  "END:VCALENDAR",
].join("\r\n");

type Session = Awaited<ReturnType<TestApp["signIn"]>>;
async function connectedTo(path: string): Promise<{ s: Session; id: string }> {
  const s = await inZone(t, await t.signIn());
  return { s, id: await connectIcs(t, s, ics.url(path)) };
}

describe("when connections sync", () => {
  it("a plan first syncs a connection older than 5 minutes, and plans around what it found", async () => {
    clock = START;
    ics.publish("/refresh.ics", icsFixture("apple"));
    const { s } = await connectedTo("/refresh.ics");
    ics.publish("/refresh.ics", conference);
    clock = new Date(START.getTime() + 10 * 60_000);
    await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: s.headers,
      payload: { title: "Write the report", estimateMinutes: 120, priority: "high" },
    });
    const plan = await t.app.inject({
      method: "POST",
      url: "/api/plan",
      headers: s.headers,
      payload: { days: 7 },
    });
    const placed = plan.json().placed as { start: string }[];
    expect(placed.length).toBeGreaterThan(0);
    for (const b of placed)
      expect(Date.parse(b.start)).toBeGreaterThanOrEqual(Date.parse("2026-03-05T23:00:00Z"));
  });

  it("a plan does not refetch a connection synced in the last 5 minutes", async () => {
    clock = START;
    ics.publish("/fresh.ics", icsFixture("apple"));
    const { s } = await connectedTo("/fresh.ics");
    const before = ics.requests.filter((r) => r.path === "/fresh.ics").length;
    clock = new Date(START.getTime() + 60_000);
    await t.app.inject({
      method: "POST",
      url: "/api/plan",
      headers: s.headers,
      payload: { days: 7 },
    });
    expect(ics.requests.filter((r) => r.path === "/fresh.ics").length).toBe(before);
  });

  it("the background round syncs each due connection of an active person once, even run twice at once", async () => {
    clock = START;
    ics.publish("/due.ics", icsFixture("thunderbird"));
    const { id } = await connectedTo("/due.ics");
    clock = new Date(START.getTime() + 20 * 60_000);
    const before = ics.requests.filter((r) => r.path === "/due.ics").length;
    const deps = { db: t.db, config: t.config, now: () => clock };
    await Promise.all([syncDueConnections(deps), syncDueConnections(deps)]);
    expect(ics.requests.filter((r) => r.path === "/due.ics").length - before).toBe(1);
    const [row] = await t.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, id));
    expect(row!.lastSyncedAt!.getTime()).toBe(clock.getTime());
  });

  it("a round that picked a connection before another round synced it does not sync it again", async () => {
    // the interleaving that made two concurrent rounds fetch once each: round B read the
    // due list, round A then claimed, synced and released the connection, and B claimed it
    clock = START;
    ics.publish("/picked.ics", icsFixture("google"));
    const { id } = await connectedTo("/picked.ics");
    clock = new Date(START.getTime() + 20 * 60_000);
    const deps = { db: t.db, config: t.config, now: () => clock };
    const staleBefore = new Date(clock.getTime() - 15 * 60_000);
    expect(await syncConnection(deps, id, { staleBefore })).toBe(true);
    const before = ics.requests.filter((r) => r.path === "/picked.ics").length;
    expect(await syncConnection(deps, id, { staleBefore })).toBe(false);
    expect(ics.requests.filter((r) => r.path === "/picked.ics").length).toBe(before);
    // asked for by the person (no staleBefore), it syncs whenever no one else holds it
    expect(await syncConnection(deps, id)).toBe(true);
  });
});
