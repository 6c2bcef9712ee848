import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCalendarTool } from "../../src/server/assistant/run-calendar-tool.ts";
import { connectIcs, inZone } from "../support/connected-person.ts";
import { type IcsServer, icsFixture, startIcsServer } from "../support/ics-server.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/** Monday 2 March 2026, 06:00 UTC (07:00 in Berlin). */
const NOW = new Date("2026-03-02T06:00:00Z");
let t: TestApp;
let ics: IcsServer;
beforeAll(async () => {
  [t, ics] = await Promise.all([createTestApp({ now: () => NOW, llm: null }), startIcsServer()]);
  ics.publish("/google.ics", icsFixture("google"));
  // Monday to Thursday taken by an all-day OPAQUE conference (busy), and a free all-day note
  ics.publish(
    "/conference.ics",
    [
      "BEGIN:VCALENDAR",
      "BEGIN:VEVENT",
      "UID:conf",
      "SUMMARY:Conference",
      "DTSTART;VALUE=DATE:20260302",
      "DTEND;VALUE=DATE:20260306",
      "TRANSP:OPAQUE",
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n"),
  );
});
afterAll(async () => {
  await Promise.all([t.close(), ics.close()]);
});

type Session = Awaited<ReturnType<TestApp["signIn"]>>;
async function connected(
  path: string,
  email?: string,
): Promise<{ s: Session; connectionId: string }> {
  const s = await inZone(t, await t.signIn(email));
  return { s, connectionId: await connectIcs(t, s, ics.url(path)) };
}

describe("connected events in GET /api/calendar-events", () => {
  it("lists one read-only item per occurrence in a range, none without a range", async () => {
    const { s, connectionId } = await connected("/google.ics");
    const ranged = await t.app.inject({
      method: "GET",
      url: "/api/calendar-events?from=2026-03-01T00:00:00Z&to=2026-03-10T00:00:00Z",
      headers: s.headers,
    });
    expect(ranged.statusCode).toBe(200);
    const events = ranged.json().events as Record<string, unknown>[];
    const standups = events.filter((e) => e.title === "Standup");
    expect(standups.map((e) => [e.start_time, e.end_time])).toEqual([
      ["2026-03-02T09:00:00.000Z", "2026-03-02T09:30:00.000Z"],
      ["2026-03-09T09:00:00.000Z", "2026-03-09T09:30:00.000Z"],
    ]);
    expect(standups[0]).toMatchObject({
      source: "external",
      read_only: true,
      connection_id: connectionId,
      busy: true,
      recurrence_frequency: null,
    });
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    const again = await t.app.inject({
      method: "GET",
      url: "/api/calendar-events?from=2026-03-01T00:00:00Z&to=2026-03-10T00:00:00Z",
      headers: s.headers,
    });
    expect(again.json().events.map((e: { id: string }) => e.id)).toEqual(events.map((e) => e.id));

    const unranged = await t.app.inject({
      method: "GET",
      url: "/api/calendar-events",
      headers: s.headers,
    });
    expect(
      unranged.json().events.filter((e: { source: string }) => e.source === "external"),
    ).toEqual([]);
  });

  it("writes to a connected event answer 403 with a clear message", async () => {
    const { s } = await connected("/google.ics");
    const list = await t.app.inject({
      method: "GET",
      url: "/api/calendar-events?from=2026-03-01T00:00:00Z&to=2026-03-10T00:00:00Z",
      headers: s.headers,
    });
    const external = list.json().events.find((e: { source: string }) => e.source === "external");
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/calendar-events?eventId=${external.id}`,
      headers: s.headers,
      payload: { title: "Mine now", start_time: external.start_time, end_time: external.end_time },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().error).toMatch(/connected calendar and is read only/);
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/calendar-events?eventId=${external.id}`,
      headers: s.headers,
    });
    expect(del.statusCode).toBe(403);
  });

  it("another person's connected events never appear", async () => {
    await connected("/google.ics");
    const other = await t.signIn();
    const list = await t.app.inject({
      method: "GET",
      url: "/api/calendar-events?from=2026-03-01T00:00:00Z&to=2026-03-10T00:00:00Z",
      headers: other.headers,
    });
    expect(list.json().events).toEqual([]);
  });
});

describe("connected calendars in planning", () => {
  const addTask = (s: Session) =>
    t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: s.headers,
      payload: { title: "Write the report", estimateMinutes: 120, priority: "high" },
    });

  it("plans around connected busy time: no block during an OPAQUE all-day conference", async () => {
    const { s } = await connected("/conference.ics");
    expect((await addTask(s)).statusCode).toBe(201);
    const plan = await t.app.inject({
      method: "POST",
      url: "/api/plan",
      headers: s.headers,
      payload: { days: 7 },
    });
    expect(plan.statusCode).toBe(200);
    const placed = plan.json().placed as { start: string }[];
    expect(placed.length).toBeGreaterThan(0);
    // the conference ends at Friday 6 March 00:00 in Berlin
    for (const b of placed)
      expect(Date.parse(b.start)).toBeGreaterThanOrEqual(Date.parse("2026-03-05T23:00:00Z"));
    expect(plan.json().notice).toBeUndefined();
  });

  it("a calendar not marked busy is not planned around", async () => {
    const { s, connectionId } = await connected("/conference.ics");
    const conn = (
      await t.app.inject({ method: "GET", url: "/api/connections", headers: s.headers })
    ).json().connections[0];
    await t.app.inject({
      method: "PATCH",
      url: `/api/connections/${connectionId}`,
      headers: s.headers,
      payload: { calendars: [{ id: conn.calendars[0].id, busy: false }] },
    });
    await addTask(s);
    const plan = await t.app.inject({
      method: "POST",
      url: "/api/plan",
      headers: s.headers,
      payload: { days: 7 },
    });
    const first = Math.min(
      ...plan.json().placed.map((b: { start: string }) => Date.parse(b.start)),
    );
    expect(first).toBeLessThan(Date.parse("2026-03-05T23:00:00Z"));
  });

  it("a failing connection never blocks planning, and the plan says so", async () => {
    ics.publish("/gone.ics", icsFixture("apple"));
    const { s, connectionId } = await connected("/gone.ics");
    ics.unpublish("/gone.ics");
    await t.app.inject({
      method: "POST",
      url: `/api/connections/${connectionId}/sync`,
      headers: s.headers,
    });
    await addTask(s);
    const plan = await t.app.inject({
      method: "POST",
      url: "/api/plan",
      headers: s.headers,
      payload: { days: 7 },
    });
    expect(plan.statusCode).toBe(200);
    expect(plan.json().placed.length).toBeGreaterThan(0);
    expect(plan.json().notice).toMatch(
      /Planned with what Sage last knew of .*The address answered 404/,
    );
  });
});

describe("connected calendars in the assistant's tools", () => {
  it("list_events and find_free_time see connected events", async () => {
    const { s } = await connected("/google.ics", "ada@example.com");
    const voice = { zone: "UTC", locale: "en-US" };
    const ctx = { db: t.db, userId: s.user.id, now: NOW, voice };
    const listed = await runCalendarTool(ctx, {
      tool: "list_events",
      from: "2026-03-04T00:00:00Z",
      to: "2026-03-05T00:00:00Z",
      label: "on Wednesday",
    });
    expect(listed.reply).toContain("Vendor pitch (connected calendar)");

    const { s: busy } = await connected("/conference.ics");
    const free = await runCalendarTool(
      { db: t.db, userId: busy.user.id, now: NOW, voice },
      {
        tool: "find_free_time",
        minutes: 60,
        from: "2026-03-02T06:00:00Z",
        to: "2026-03-05T23:00:00Z",
        label: "before Friday",
      },
    );
    expect(free.reply).toMatch(/couldn't find 1 h free/);
  });
});
