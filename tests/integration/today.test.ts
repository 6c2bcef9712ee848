import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { calendarEvents, checkIns, planNotes } from "../../src/server/db/schema.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const ZONE = "Europe/London";
// Monday 2031-03-03, 07:00 in London
const MONDAY = DateTime.fromISO("2031-03-03T07:00", { zone: ZONE });
let t: TestApp;
let clock = MONDAY;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock.toJSDate() });
});
afterEach(() => {
  clock = MONDAY;
});
afterAll(() => t.close());

type Session = { headers: Record<string, string> };
const MIN = 60_000;

async function person(): Promise<Session> {
  const s = await t.signIn();
  await t.app.inject({
    method: "PATCH",
    url: "/api/profile",
    headers: s.headers,
    payload: { timezone: ZONE },
  });
  return s;
}
const addTask = async (s: Session, body: object) =>
  (
    await t.app.inject({ method: "POST", url: "/api/tasks", headers: s.headers, payload: body })
  ).json().task as { id: string };
const plan = async (s: Session) => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/plan",
    headers: s.headers,
    payload: { days: 5 },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    placed: { taskId: string; eventId: string; start: string; end: string }[];
  };
};
const checkIn = (s: Session, payload: object) =>
  t.app.inject({ method: "POST", url: "/api/check-ins", headers: s.headers, payload });
const today = async (s: Session, query = "") => {
  const res = await t.app.inject({ method: "GET", url: `/api/today${query}`, headers: s.headers });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const minutesOf = (blocks: { start: string; end: string }[]) =>
  blocks.reduce((sum, b) => sum + (Date.parse(b.end) - Date.parse(b.start)) / MIN, 0);

describe("POST /api/check-ins", () => {
  it("answers 404 for another person's block, a meeting, a deleted block and an unknown id", async () => {
    const owner = await person();
    const task = await addTask(owner, { title: "Write", estimateMinutes: 40 });
    const [block] = (await plan(owner)).placed;
    const intruder = await person();
    expect((await checkIn(intruder, { eventId: block!.eventId, outcome: "done" })).statusCode).toBe(
      404,
    );

    const meeting = randomUUID();
    await t.app.inject({
      method: "POST",
      url: "/api/calendar-events",
      headers: owner.headers,
      payload: {
        id: meeting,
        title: "Standup",
        start_time: MONDAY.set({ hour: 9 }).toUTC().toISO(),
        end_time: MONDAY.set({ hour: 9, minute: 15 }).toUTC().toISO(),
      },
    });
    const res = await checkIn(owner, { eventId: meeting, outcome: "done" });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("not_found");
    expect((await checkIn(owner, { eventId: randomUUID(), outcome: "done" })).statusCode).toBe(404);

    await t.db
      .update(calendarEvents)
      .set({ deletedAt: new Date() })
      .where(eq(calendarEvents.id, block!.eventId));
    expect((await checkIn(owner, { eventId: block!.eventId, outcome: "done" })).statusCode).toBe(
      404,
    );
    expect(await t.db.select().from(checkIns).where(eq(checkIns.taskId, task.id))).toEqual([]);
  });

  it("answers 400 naming the field for anything malformed", async () => {
    const s = await person();
    await addTask(s, { title: "Write", estimateMinutes: 40 });
    const [block] = (await plan(s)).placed;
    const eventId = block!.eventId;
    const cases: [object, string][] = [
      [{ eventId, outcome: "finished" }, "outcome"],
      [{ eventId, outcome: "partly" }, "minutes"],
      [{ eventId, outcome: "partly", minutes: 0 }, "minutes"],
      [{ eventId, outcome: "partly", minutes: -5 }, "minutes"],
      [{ eventId, outcome: "partly", minutes: 2.5 }, "minutes"],
      [{ eventId, outcome: "done", minutes: 100_000 }, "minutes"],
      [{ eventId, outcome: "skipped", minutes: 10 }, "minutes"],
      [{ eventId, outcome: "done", occurrence: "tomorrow" }, "occurrence"],
      [{ eventId, outcome: "done", occurrence: "2031-03-10T09:00:00Z" }, "occurrence"],
      [{ eventId: "block-1", outcome: "done" }, "eventId"],
      [{ eventId, outcome: "done", userId: randomUUID() }, "userId"],
    ];
    for (const [payload, field] of cases) {
      const res = await checkIn(s, payload);
      expect([payload, res.statusCode]).toEqual([payload, 400]);
      expect(res.json().error).toContain(field);
    }
    expect(await t.db.select().from(checkIns).where(eq(checkIns.eventId, eventId))).toEqual([]);
  });

  it("after a partly, the next plan places only the rest of the task's work", async () => {
    const s = await person();
    const task = await addTask(s, { title: "Report", estimateMinutes: 80, splittable: true });
    const first = (await plan(s)).placed.filter((b) => b.taskId === task.id);
    const need = minutesOf(first); // padded estimate
    const earliest = first.sort((a, b) => a.start.localeCompare(b.start))[0]!;
    const length = (Date.parse(earliest.end) - Date.parse(earliest.start)) / MIN;

    clock = DateTime.fromISO(earliest.end).setZone(ZONE).plus({ minutes: 5 });
    const res = await checkIn(s, { eventId: earliest.eventId, outcome: "partly", minutes: 20 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      checkIn: { outcome: "partly", minutes: 20, plannedMinutes: length, countedMinutes: 20 },
      taskDone: false,
    });

    const again = (await plan(s)).placed.filter((b) => b.taskId === task.id);
    expect(again.every((b) => b.eventId !== earliest.eventId)).toBe(true);
    expect(minutesOf(again)).toBe(need - 20);
  });

  it("a second check-in replaces the first; done on the last block closes the task, and taking it back opens it", async () => {
    const s = await person();
    const task = await addTask(s, { title: "Short one", estimateMinutes: 20 });
    const [block] = (await plan(s)).placed;
    clock = DateTime.fromISO(block!.end).setZone(ZONE);

    const done = await checkIn(s, { eventId: block!.eventId, outcome: "done", minutes: 35 });
    expect(done.json()).toMatchObject({ taskDone: true, checkIn: { minutes: 35 } });
    // the day's "done so far" is the minutes said, as the row says "took 35 min"
    const day = await today(s, `?date=${DateTime.fromISO(block!.start).setZone(ZONE).toISODate()}`);
    expect(day.load.doneMinutes).toBe(35);
    const tasksNow = (
      await t.app.inject({ method: "GET", url: "/api/tasks", headers: s.headers })
    ).json().tasks;
    expect(tasksNow.find((x: { id: string }) => x.id === task.id).status).toBe("done");

    const partly = await checkIn(s, { eventId: block!.eventId, outcome: "partly", minutes: 10 });
    expect(partly.json()).toMatchObject({ taskDone: false, checkIn: { outcome: "partly" } });
    const rows = await t.db.select().from(checkIns).where(eq(checkIns.eventId, block!.eventId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: "partly", minutes: 10, closedTask: false });
    const reopened = (
      await t.app.inject({ method: "GET", url: "/api/tasks", headers: s.headers })
    ).json().tasks;
    expect(reopened.find((x: { id: string }) => x.id === task.id).status).toBe("open");
  });

  it("a block said done early stays on the calendar when it finished its task", async () => {
    const s = await person();
    const task = await addTask(s, { title: "Early bird", estimateMinutes: 20 });
    const [block] = (await plan(s)).placed;
    const done = await checkIn(s, { eventId: block!.eventId, outcome: "done" });
    expect(done.json().taskDone).toBe(true);
    await plan(s);
    const [row] = await t.db
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.id, block!.eventId));
    expect(row!.deletedAt).toBeNull();
    expect(row!.taskId).toBe(task.id);
  });

  it("two check-ins of one block at once leave one row, the last said", async () => {
    const s = await person();
    await addTask(s, { title: "Twice", estimateMinutes: 40 });
    const [block] = (await plan(s)).placed;
    clock = DateTime.fromISO(block!.end).setZone(ZONE);
    const answers = await Promise.all([
      checkIn(s, { eventId: block!.eventId, outcome: "partly", minutes: 10 }),
      checkIn(s, { eventId: block!.eventId, outcome: "partly", minutes: 25 }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const rows = await t.db.select().from(checkIns).where(eq(checkIns.eventId, block!.eventId));
    expect(rows).toHaveLength(1);
    expect([10, 25]).toContain(rows[0]!.minutes);
  });

  it("a block of Sage's skipped before it begins goes away and its work is planned at another time", async () => {
    const s = await person();
    const task = await addTask(s, { title: "Read", estimateMinutes: 40 });
    const [block] = (await plan(s)).placed;
    const res = await checkIn(s, { eventId: block!.eventId, outcome: "skipped" });
    expect(res.json()).toMatchObject({
      checkIn: { outcome: "skipped", countedMinutes: 0 },
      leftCalendar: true,
    });
    const [row] = await t.db
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.id, block!.eventId));
    expect(row!.deletedAt).not.toBeNull();

    const again = (await plan(s)).placed.filter((b) => b.taskId === task.id);
    expect(minutesOf(again)).toBe(minutesOf([block!]));
    for (const b of again) expect(b.end <= block!.start || b.start >= block!.end).toBe(true);
  });
});

describe("a skip that leaves the block where it is", () => {
  it("of a block the person moved (theirs now), or one under way, says it stayed", async () => {
    const s = await person();
    await addTask(s, { title: "Draft", estimateMinutes: 40 });
    await addTask(s, { title: "Outline", estimateMinutes: 40 });
    const [first, second] = (await plan(s)).placed.sort((a, b) => a.start.localeCompare(b.start));
    // the person moves the second block an hour later: it is theirs now
    const moved = await t.app.inject({
      method: "PUT",
      url: `/api/calendar-events?eventId=${second!.eventId}`,
      headers: s.headers,
      payload: {
        title: "Outline (mine)",
        start_time: DateTime.fromISO(second!.start).plus({ hours: 1 }).toUTC().toISO(),
        end_time: DateTime.fromISO(second!.end).plus({ hours: 1 }).toUTC().toISO(),
      },
    });
    expect(moved.statusCode).toBe(200);
    const theirs = await checkIn(s, { eventId: second!.eventId, outcome: "skipped" });
    expect(theirs.json()).toMatchObject({ leftCalendar: false });
    // the first one, skipped once it has begun
    clock = DateTime.fromISO(first!.start).setZone(ZONE).plus({ minutes: 5 });
    const begun = await checkIn(s, { eventId: first!.eventId, outcome: "skipped" });
    expect(begun.json()).toMatchObject({ leftCalendar: false });
    const rows = await t.db
      .select({ deletedAt: calendarEvents.deletedAt })
      .from(calendarEvents)
      .where(inArray(calendarEvents.id, [first!.eventId, second!.eventId]));
    expect(rows.map((r) => r.deletedAt)).toEqual([null, null]);
  });
});

describe("GET /api/today", () => {
  it("shows the day in order with check-ins and load, and yesterday's open work as planned again", async () => {
    const s = await person();
    const task = await addTask(s, { title: "Essay", estimateMinutes: 40 });
    const [monday] = (await plan(s)).placed;
    expect(DateTime.fromISO(monday!.start).setZone(ZONE).toISODate()).toBe("2031-03-03");

    // Tuesday: Monday's block passed without a word; a meeting today, and a new plan
    clock = MONDAY.plus({ days: 1 });
    await t.app.inject({
      method: "POST",
      url: "/api/calendar-events",
      headers: s.headers,
      payload: {
        id: randomUUID(),
        title: "Dentist",
        start_time: clock.set({ hour: 8 }).toUTC().toISO(),
        end_time: clock.set({ hour: 8, minute: 30 }).toUTC().toISO(),
      },
    });
    const before = await today(s);
    expect(before.carriedOver).toEqual([
      {
        taskId: task.id,
        title: "Essay",
        eventIds: [monday!.eventId],
        minutes: minutesOf([monday!]),
        plannedAgain: null,
      },
    ]);
    const [tuesday] = (await plan(s)).placed;
    const day = await today(s);
    expect(day.date).toBe("2031-03-04");
    expect(day.items.map((i: { title: string; kind: string }) => [i.kind, i.title])).toEqual([
      ["meeting", "Dentist"],
      ["block", "Essay"],
    ]);
    expect(day.carriedOver[0].plannedAgain).toEqual({
      eventId: tuesday!.eventId,
      start: tuesday!.start,
    });
    expect(day.load).toEqual({
      plannedMinutes: minutesOf([tuesday!]),
      doneMinutes: 0,
      capacityMinutes: 300,
    });

    clock = DateTime.fromISO(tuesday!.end).setZone(ZONE);
    await checkIn(s, { eventId: tuesday!.eventId, outcome: "partly", minutes: 15 });
    const after = await today(s);
    expect(after.items[1].checkIn).toEqual({ outcome: "partly", minutes: 15 });
    expect(after.load.doneMinutes).toBe(15);
    // a block checked in is not where yesterday's work went
    expect(after.carriedOver[0].plannedAgain?.eventId).not.toBe(tuesday!.eventId);
    // another day by date: Monday has no carried-over (Sunday had nothing)
    const mondayView = await today(s, "?date=2031-03-03");
    expect(mondayView.items.map((i: { title: string }) => i.title)).toEqual(["Essay"]);
    expect(mondayView.carriedOver).toEqual([]);
  });

  it("a day ahead carries nothing over from today's blocks still to come", async () => {
    clock = MONDAY;
    const s = await person();
    await addTask(s, { title: "Report", estimateMinutes: 120 });
    const [block] = (await plan(s)).placed;
    expect(DateTime.fromISO(block!.start).setZone(ZONE).toISODate()).toBe("2031-03-03");
    const tomorrow = await today(s, "?date=2031-03-04");
    expect(tomorrow.carriedOver).toEqual([]);
  });

  it("an all-day event is on the day it names only, whatever the zone", async () => {
    const s = await person();
    // five hours behind UTC: each local day touches two UTC dates
    await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: s.headers,
      payload: { timezone: "America/New_York" },
    });
    await t.app.inject({
      method: "POST",
      url: "/api/calendar-events",
      headers: s.headers,
      payload: {
        id: randomUUID(),
        title: "Holiday",
        start_time: "2031-03-04T00:00:00.000Z",
        end_time: "2031-03-05T00:00:00.000Z",
        all_day: true,
      },
    });
    const titles = async (date: string) =>
      (await today(s, `?date=${date}`)).items.map((i: { title: string }) => i.title);
    expect(await titles("2031-03-03")).toEqual([]);
    expect(await titles("2031-03-04")).toEqual(["Holiday"]);
    expect(await titles("2031-03-05")).toEqual([]);
  });

  it("says what moved since the person last looked, until they have seen it", async () => {
    const s = await person();
    const userId = (
      await t.app.inject({ method: "GET", url: "/api/profile", headers: s.headers })
    ).json().profile.id;
    await t.db.insert(planNotes).values({ userId, kind: "removed_in_calendar", title: "Gym" });
    const first = await today(s);
    expect(first.moved.map((m: { text: string }) => m.text)).toEqual([
      expect.stringContaining("“Gym”"),
    ]);
    const seen = await t.app.inject({
      method: "POST",
      url: "/api/today/seen",
      headers: s.headers,
      payload: { through: first.asOf },
    });
    expect(seen.statusCode).toBe(204);
    // idempotent, and an older instant never brings old notes back
    for (const through of [first.asOf, "2000-01-01T00:00:00Z"]) {
      await t.app.inject({
        method: "POST",
        url: "/api/today/seen",
        headers: s.headers,
        payload: { through },
      });
    }
    clock = MONDAY.plus({ minutes: 5 });
    expect((await today(s)).moved).toEqual([]);
  });

  it("answers 400 for a date that is not a day", async () => {
    const s = await person();
    for (const date of ["2031-3-4", "tomorrow", "2031-02-30"]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/today?date=${date}`,
        headers: s.headers,
      });
      expect([date, res.statusCode]).toEqual([date, 400]);
    }
  });
});
