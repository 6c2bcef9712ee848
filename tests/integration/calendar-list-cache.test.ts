import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listEventsWithOccurrences } from "../../src/server/calendar/list-events.ts";
import { calendarEvents, profiles } from "../../src/server/db/schema.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WEEK = "from=2025-06-02T00:00:00.000Z&to=2025-06-09T00:00:00.000Z";

async function week(headers: Record<string, string>, range = WEEK) {
  const res = await t.app.inject({ method: "GET", url: `/api/calendar-events?${range}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    events: { id: string; title: string }[];
    occurrences: { start: string }[];
  };
}

async function addEvent(headers: Record<string, string>, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: "POST", url: "/api/calendar-events", headers, payload });
  expect(res.statusCode).toBe(201);
  return res.json().event as { id: string };
}

// The same range asked again is answered from this process's RangedListCache; these
// changes are made in the database directly, as another instance would make them.
describe("a ranged calendar list asked again", () => {
  it("is answered from the cache until the calendar changes", async () => {
    const s = await t.signIn();
    const created = await addEvent(s.headers, {
      title: "Gym",
      start_time: "2025-06-04T18:00:00.000Z",
    });
    const range = {
      userId: s.user.id,
      from: "2025-06-02T00:00:00.000Z",
      to: "2025-06-09T00:00:00.000Z",
    };
    const first = await listEventsWithOccurrences(t.db, range);
    const again = await listEventsWithOccurrences(t.db, range);
    // the very list object: read from the cache (whose answer is serialized once), not
    // read and expanded again
    expect(again.list).toBe(first.list);
    expect(again.connected).toBe(false);

    await t.db
      .update(calendarEvents)
      .set({ title: "Gym (moved)" })
      .where(eq(calendarEvents.id, created.id));
    const changed = await listEventsWithOccurrences(t.db, range);
    expect(changed.list).not.toBe(first.list);
    expect(changed.list.events.map((e) => e.title)).toEqual(["Gym (moved)"]);
    expect((await listEventsWithOccurrences(t.db, range)).list).toBe(changed.list);
  });

  it("shows a change made outside this process (calendar version bumped)", async () => {
    const s = await t.signIn();
    const created = await addEvent(s.headers, {
      title: "Dentist",
      start_time: "2025-06-03T09:00:00.000Z",
    });
    const { id } = created;
    expect((await week(s.headers)).events.map((e) => e.title)).toEqual(["Dentist"]);

    await t.db
      .update(calendarEvents)
      .set({ title: "Dentist (moved)" })
      .where(eq(calendarEvents.id, id));
    expect((await week(s.headers)).events.map((e) => e.title)).toEqual(["Dentist (moved)"]);

    await t.db.delete(calendarEvents).where(eq(calendarEvents.id, id));
    expect((await week(s.headers)).events).toEqual([]);
  });

  it("expands again in the user's new time zone", async () => {
    const s = await t.signIn();
    await addEvent(s.headers, {
      title: "Standup",
      start_time: "2025-03-27T09:00:00.000Z",
      end_time: "2025-03-27T09:15:00.000Z",
      recurrence_frequency: "DAILY",
      recurrence_interval: 1,
    });
    // the week in which Paris moves its clocks forward (30 March 2025)
    const dst = "from=2025-03-27T00:00:00.000Z&to=2025-04-03T00:00:00.000Z";
    const utc = await week(s.headers, dst);
    expect(utc.occurrences[6]!.start).toBe("2025-04-02T09:00:00.000Z");

    await t.db.update(profiles).set({ timezone: "Europe/Paris" }).where(eq(profiles.id, s.user.id));
    // 10:00 in Paris stays 10:00: an hour earlier in UTC once summer time starts
    const paris = await week(s.headers, dst);
    expect(paris.occurrences[6]!.start).toBe("2025-04-02T08:00:00.000Z");
  });
});
