import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

// The same range asked again is answered from this process's RangedListCache; these
// changes are made in the database directly, as another instance would make them.
describe("a ranged calendar list asked again", () => {
  it("shows a change made outside this process (calendar version bumped)", async () => {
    const s = await t.signIn();
    const created = await t.app.inject({
      method: "POST",
      url: "/api/calendar-events",
      headers: s.headers,
      payload: { title: "Dentist", start_time: "2025-06-03T09:00:00.000Z" },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().event.id as string;
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
    const created = await t.app.inject({
      method: "POST",
      url: "/api/calendar-events",
      headers: s.headers,
      payload: {
        title: "Standup",
        start_time: "2025-03-27T09:00:00.000Z",
        end_time: "2025-03-27T09:15:00.000Z",
        recurrence_frequency: "DAILY",
        recurrence_interval: 1,
      },
    });
    expect(created.statusCode).toBe(201);
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
