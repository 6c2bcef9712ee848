import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarEvents } from "../../src/server/db/schema.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Session = Awaited<ReturnType<TestApp["signIn"]>>;
const base = { title: "Dentist", start_time: "2025-06-02T09:00:00.000Z" };

function create(s: Session, body: Record<string, unknown>) {
  return t.app.inject({
    method: "POST",
    url: "/api/calendar-events",
    headers: s.headers,
    payload: body,
  });
}
function update(s: Session, id: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: "PUT",
    url: `/api/calendar-events?eventId=${id}`,
    headers: s.headers,
    payload: body,
  });
}
function remove(s: Session, id: string) {
  return t.app.inject({
    method: "DELETE",
    url: `/api/calendar-events?eventId=${id}`,
    headers: s.headers,
  });
}
async function list(s: Session, query = "") {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/calendar-events${query}`,
    headers: s.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().events as { id: string; title: string; version: number }[];
}
const rowsWithId = (id: string) =>
  t.db.select().from(calendarEvents).where(eq(calendarEvents.id, id));

describe("calendar events: CRUD", () => {
  it("needs a signed-in user", async () => {
    for (const method of ["GET", "POST", "PUT", "DELETE"] as const) {
      const res = await t.app.inject({ method, url: "/api/calendar-events" });
      expect(res.statusCode).toBe(401);
    }
  });

  it("creates an event in the server event shape with the spec's defaults", async () => {
    const s = await t.signIn();
    const id = randomUUID();
    const res = await create(s, { id, ...base });
    expect(res.statusCode).toBe(201);
    expect(res.json().event).toEqual({
      id,
      title: "Dentist",
      description: null,
      start_time: "2025-06-02T09:00:00.000Z",
      end_time: null,
      all_day: false,
      location: null,
      reminder_minutes: null,
      category: null,
      priority: "medium",
      url: null,
      recurrence_frequency: null,
      recurrence_interval: null,
      recurrence_by_day: null,
      recurrence_by_month_day: null,
      recurrence_until: null,
      recurrence_count: null,
      exdates: [],
      series_id: null,
      recurrence_id: null,
      source: "user",
      task_id: null,
      routine_id: null,
      why: null,
      version: 1,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      deleted_at: null,
    });
    expect((await list(s)).map((e) => e.id)).toEqual([id]);
  });

  it("stores every field, recurrence included, and returns them", async () => {
    const s = await t.signIn();
    const res = await create(s, {
      title: "  Team sync  ",
      description: "Weekly\r\nsync",
      start_time: "2025-06-02T11:00:00+02:00",
      end_time: "2025-06-02T11:30:00+02:00",
      location: "Room 4",
      reminder_minutes: 10,
      category: "Work",
      priority: "high",
      url: "https://example.com/agenda",
      recurrence_frequency: "WEEKLY",
      recurrence_interval: 2,
      recurrence_by_day: '["MO","th"]',
      recurrence_until: "2025-12-31T23:00:00Z",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().event).toMatchObject({
      title: "Team sync",
      description: "Weekly\nsync",
      start_time: "2025-06-02T09:00:00.000Z",
      end_time: "2025-06-02T09:30:00.000Z",
      location: "Room 4",
      reminder_minutes: 10,
      category: "Work",
      priority: "high",
      url: "https://example.com/agenda",
      recurrence_frequency: "WEEKLY",
      recurrence_interval: 2,
      recurrence_by_day: '["MO","TH"]',
      recurrence_until: "2025-12-31T23:00:00.000Z",
      recurrence_count: null,
    });
  });

  it("repeats a create with the same id idempotently: the stored event, never a duplicate", async () => {
    const s = await t.signIn();
    const id = randomUUID();
    const first = await create(s, { id, ...base });
    const again = await create(s, { id, ...base, title: "Different title" });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().event).toEqual(first.json().event);
    expect(await rowsWithId(id)).toHaveLength(1);
  });

  it("creates exactly one event under concurrent creates with one id", async () => {
    const s = await t.signIn();
    const id = randomUUID();
    const results = await Promise.all(Array.from({ length: 8 }, () => create(s, { id, ...base })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(await rowsWithId(id)).toHaveLength(1);
  });

  it("refuses a create that reuses another user's event id, leaving theirs untouched", async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const id = randomUUID();
    await create(a, { id, ...base });
    const res = await create(b, { id, ...base, title: "Hijack" });
    expect(res.statusCode).toBe(409);
    expect((await rowsWithId(id))[0]!.title).toBe("Dentist");
    expect(await list(b)).toEqual([]);
  });

  it("updates with the version it was made from and bumps the version", async () => {
    const s = await t.signIn();
    const { event } = (await create(s, base)).json();
    const res = await update(s, event.id, { ...base, title: "Dentist (moved)", version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toMatchObject({ title: "Dentist (moved)", version: 2 });
  });

  it("answers a stale update with 409 and the current event", async () => {
    const s = await t.signIn();
    const { event } = (await create(s, base)).json();
    await update(s, event.id, { ...base, title: "From phone", version: 1 });
    const stale = await update(s, event.id, { ...base, title: "From laptop", version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: "conflict",
      details: { event: { id: event.id, title: "From phone", version: 2 } },
    });
    expect((await rowsWithId(event.id))[0]!.title).toBe("From phone");
  });

  it("answers a replayed update whose content is already stored with 200, not a conflict", async () => {
    const s = await t.signIn();
    const { event } = (await create(s, base)).json();
    const body = { ...base, title: "Once", version: 1 };
    expect((await update(s, event.id, body)).statusCode).toBe(200);
    const replay = await update(s, event.id, body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().event.version).toBe(2);
  });

  it("lets exactly one of two concurrent updates from the same version win", async () => {
    const s = await t.signIn();
    const { event } = (await create(s, base)).json();
    const results = await Promise.all(
      ["A", "B", "C", "D"].map((title) => update(s, event.id, { ...base, title, version: 1 })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    expect((await rowsWithId(event.id))[0]!.version).toBe(2);
  });

  it("deletes idempotently; a deleted event is gone from the list and cannot be updated", async () => {
    const s = await t.signIn();
    const { event } = (await create(s, base)).json();
    const first = await remove(s, event.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, id: event.id });
    expect((await remove(s, event.id)).statusCode).toBe(200);
    expect(await list(s)).toEqual([]);
    expect((await update(s, event.id, { ...base, version: 2 })).statusCode).toBe(404);
  });

  it("does not bring a deleted event back when its create is replayed", async () => {
    const s = await t.signIn();
    const id = randomUUID();
    await create(s, { id, ...base });
    await remove(s, id);
    const replay = await create(s, { id, ...base });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().event.deleted_at).not.toBeNull();
    expect(await list(s)).toEqual([]);
  });

  it("answers 404 for another user's event and for unknown ids", async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const { event } = (await create(owner, base)).json();
    const put = await update(other, event.id, { ...base, title: "Mine now" });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ error: "Event not found", code: "not_found" });
    expect((await remove(other, event.id)).statusCode).toBe(404);
    expect((await remove(owner, randomUUID())).statusCode).toBe(404);
    expect((await rowsWithId(event.id))[0]!.deletedAt).toBeNull();
    expect(await list(other)).toEqual([]);
  });

  it("needs eventId to be a UUID", async () => {
    const s = await t.signIn();
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/calendar-events?eventId=42",
      headers: s.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^eventId: /);
  });

  it("refuses new events once a calendar holds 10,000", async () => {
    const s = await t.signIn();
    await t.db.execute(sql`
      insert into calendar_events (id, user_id, title, start_time)
      select gen_random_uuid(), ${s.user.id}, 'Bulk ' || n, now() + (n || ' minutes')::interval
      from generate_series(1, 10000) as n`);
    const res = await create(s, base);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/calendar is full/);
  });
});

describe("calendar events: validation names the field", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["title missing", { start_time: base.start_time }, "title"],
    ["title blank", { ...base, title: " \r\n " }, "title"],
    ["title too long", { ...base, title: "x".repeat(201) }, "title"],
    ["start missing", { title: "x" }, "start_time"],
    ["start not a date", { ...base, start_time: "tomorrow" }, "start_time"],
    ["start without an offset", { ...base, start_time: "2025-06-02T09:00:00" }, "start_time"],
    ["start in 1800", { ...base, start_time: "1800-01-01T00:00:00Z" }, "start_time"],
    ["end before start", { ...base, end_time: "2025-06-02T08:00:00Z" }, "end_time"],
    ["end equal to start", { ...base, end_time: base.start_time }, "end_time"],
    ["event longer than a year", { ...base, end_time: "2027-06-02T08:00:00Z" }, "end_time"],
    ["priority not in the set", { ...base, priority: "urgent" }, "priority"],
    ["description too long", { ...base, description: "d".repeat(5001) }, "description"],
    ["location too long", { ...base, location: "l".repeat(501) }, "location"],
    ["category too long", { ...base, category: "c".repeat(51) }, "category"],
    ["reminder negative", { ...base, reminder_minutes: -5 }, "reminder_minutes"],
    ["reminder fractional", { ...base, reminder_minutes: 1.5 }, "reminder_minutes"],
    ["javascript: url", { ...base, url: "javascript:alert(1)" }, "url"],
    ["ftp url", { ...base, url: "ftp://example.com/x" }, "url"],
    ["url not a url", { ...base, url: "not a url" }, "url"],
    ["unknown frequency", { ...base, recurrence_frequency: "HOURLY" }, "recurrence_frequency"],
    ["interval without frequency", { ...base, recurrence_interval: 2 }, "recurrence_frequency"],
    [
      "interval 0",
      { ...base, recurrence_frequency: "DAILY", recurrence_interval: 0 },
      "recurrence_interval",
    ],
    [
      "bad weekday code",
      { ...base, recurrence_frequency: "WEEKLY", recurrence_by_day: '["XX"]' },
      "recurrence_by_day",
    ],
    [
      "by_day not JSON",
      { ...base, recurrence_frequency: "WEEKLY", recurrence_by_day: "MO,TU" },
      "recurrence_by_day",
    ],
    [
      "numbered weekday on a weekly repeat",
      { ...base, recurrence_frequency: "WEEKLY", recurrence_by_day: '["2MO"]' },
      "recurrence_by_day",
    ],
    [
      "month day 32",
      { ...base, recurrence_frequency: "MONTHLY", recurrence_by_month_day: 32 },
      "recurrence_by_month_day",
    ],
    [
      "month day on a weekly repeat",
      { ...base, recurrence_frequency: "WEEKLY", recurrence_by_month_day: 3 },
      "recurrence_by_month_day",
    ],
    [
      "until and count together",
      {
        ...base,
        recurrence_frequency: "DAILY",
        recurrence_until: "2025-07-01T00:00:00Z",
        recurrence_count: 3,
      },
      "recurrence_count",
    ],
    [
      "until before start",
      { ...base, recurrence_frequency: "DAILY", recurrence_until: "2025-01-01T00:00:00Z" },
      "recurrence_until",
    ],
    [
      "count too large",
      { ...base, recurrence_frequency: "DAILY", recurrence_count: 5000 },
      "recurrence_count",
    ],
    [
      "all-day event not at midnight",
      { ...base, all_day: true, start_time: "2025-06-02T09:00:00Z" },
      "start_time",
    ],
    ["id not a UUID", { ...base, id: "abc" }, "id"],
  ];

  it.each(cases.map(([name, body, field]) => [name, field, body] as const))(
    "%s → 400 naming %s",
    async (_name, field, body) => {
      const s = await t.signIn();
      const res = await create(s, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("bad_request");
      expect(res.json().error).toMatch(new RegExp(`^${field}: `));
    },
  );

  it("applies the same rules to updates", async () => {
    const s = await t.signIn();
    const { event } = (await create(s, base)).json();
    const res = await update(s, event.id, { ...base, end_time: "2025-06-02T08:00:00Z" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^end_time: End time must be after start/);
  });

  it("refuses a body that is not an object", async () => {
    const s = await t.signIn();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/calendar-events",
      headers: { ...s.headers, "content-type": "application/json" },
      payload: "[1,2]",
    });
    expect(res.statusCode).toBe(400);
  });

  it("stores a URL in its parsed form, with line breaks removed", async () => {
    const s = await t.signIn();
    const res = await create(s, { ...base, url: "https://Example.com/a\r\nb" });
    expect(res.json().event.url).toBe("https://example.com/ab");
  });
});

describe("GET /api/calendar-events with from/to", () => {
  it("returns events and recurring series with an occurrence in the range", async () => {
    const s = await t.signIn();
    await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: s.headers,
      payload: { timezone: "Europe/Berlin" },
    });
    const make = async (title: string, extra: Record<string, unknown>) =>
      (await create(s, { title, ...extra })).json().event.id as string;
    await make("inside", { start_time: "2025-06-10T10:00:00Z" });
    await make("before", { start_time: "2025-05-01T10:00:00Z" });
    await make("spanning", {
      start_time: "2025-06-09T22:00:00Z",
      end_time: "2025-06-10T02:00:00Z",
    });
    await make("weekly since January", {
      start_time: "2025-01-06T08:00:00Z",
      recurrence_frequency: "WEEKLY",
    });
    await make("ended series", {
      start_time: "2025-01-06T08:00:00Z",
      recurrence_frequency: "DAILY",
      recurrence_count: 3,
    });
    await make("monthly on the 31st", {
      start_time: "2025-01-31T08:00:00Z",
      recurrence_frequency: "MONTHLY",
      recurrence_by_month_day: 31,
    });
    const events = await list(s, "?from=2025-06-10T00:00:00Z&to=2025-06-17T00:00:00Z");
    expect(events.map((e) => e.title).sort()).toEqual([
      "inside",
      "spanning",
      "weekly since January",
    ]);
  });

  it("finds old series in a far window: a daily series from 1970 at 09:00 Berlin time in 2099", async () => {
    const s = await t.signIn();
    await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: s.headers,
      payload: { timezone: "Europe/Berlin" },
    });
    const make = async (title: string, extra: Record<string, unknown>) =>
      (await create(s, { title, start_time: "1970-01-01T08:00:00Z", ...extra })).json().event;
    await make("daily since 1970", {
      end_time: "1970-01-01T09:00:00Z",
      recurrence_frequency: "DAILY",
    });
    await make("every 3rd day since 1970", {
      recurrence_frequency: "DAILY",
      recurrence_interval: 3,
    });
    await make("1,000 days from 1970", { recurrence_frequency: "DAILY", recurrence_count: 1000 });
    // 1 January 1970 is a Thursday: every 7th day never lands on a Monday
    await make("never", {
      recurrence_frequency: "DAILY",
      recurrence_interval: 7,
      recurrence_by_day: ["MO"],
    });
    // 09:00 CEST on 2 July 2099 is 07:00 UTC: the series keeps its wall-clock time
    const summer = await list(s, "?from=2099-07-02T06:30:00Z&to=2099-07-02T07:30:00Z");
    expect(summer.map((e) => e.title)).toEqual(["daily since 1970"]);
    const winter = await list(s, "?from=2099-12-01T00:00:00Z&to=2099-12-02T00:00:00Z");
    // 1 December 2099 is day 47,451 = 3 × 15,817 after 1 January 1970
    expect(winter.map((e) => e.title).sort()).toEqual([
      "daily since 1970",
      "every 3rd day since 1970",
    ]);
  });

  it("names a bad range parameter", async () => {
    const s = await t.signIn();
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/calendar-events?from=yesterday",
      headers: s.headers,
    });
    expect(bad.json().error).toMatch(/^from: /);
    const reversed = await t.app.inject({
      method: "GET",
      url: "/api/calendar-events?from=2025-06-10T00:00:00Z&to=2025-06-01T00:00:00Z",
      headers: s.headers,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error).toMatch(/^to: /);
  });
});
