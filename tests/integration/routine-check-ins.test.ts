import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionCard } from "../../src/core/contract/assistant-actions.ts";
import { makeTheirs, type Write } from "../../src/server/connections/push-state.ts";
import { calendarEvents, checkIns, routines, workSignals } from "../../src/server/db/schema.ts";
import { settleReplans } from "../support/settle-replans.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// Issue 29 item 4 ("the program's sessions then feed check-ins like any block") and issue 27
// ("skipped the gym" from the assistant): a routine's session is checked in from Today, the
// week or chat, and is evidence Sage learns from — on PGlite and PostgreSQL.

const ZONE = "Europe/London";
// Monday 2031-03-03, 05:00 in London
const MONDAY = DateTime.fromISO("2031-03-03T05:00", { zone: ZONE });
let clock = MONDAY;
let tick = 0;
let t: TestApp;
beforeAll(async () => {
  // the clock moves a little on every read, so a conversation's messages keep their order
  t = await createTestApp({
    now: () => clock.plus({ milliseconds: 10 * tick++ }).toJSDate(),
    llm: null,
  });
});
afterAll(() => t.close());

type Session = Awaited<ReturnType<TestApp["signIn"]>>;
type Event = { id: string; routine_id: string | null; start_time: string; end_time: string };
type TodayItem = { kind: string; id: string; routineId?: string | null; checkIn: unknown };

const gym = {
  title: "Gym",
  minutes: 60,
  timesPerWeek: 3,
  days: ["MO", "TU", "WE", "TH", "FR"],
  window: { from: "06:00", to: "09:00" },
  energy: "high",
};

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
const inject = (s: Session, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...s.headers, "accept-language": "en-GB" },
    ...(payload ? { payload } : {}),
  });
const settle = () => settleReplans(t, () => clock.toJSDate());
const sessionsOf = async (s: Session, routineId: string): Promise<Event[]> =>
  ((await inject(s, "GET", "/api/calendar-events")).json().events as Event[])
    .filter((e) => e.routine_id === routineId)
    .sort((a, b) => a.start_time.localeCompare(b.start_time));
const localDay = (iso: string) => DateTime.fromISO(iso).setZone(ZONE).toISODate();

/** A person with the gym routine placed, and Monday's session. */
async function withGym() {
  clock = MONDAY;
  const s = await person();
  const created = await inject(s, "POST", "/api/routines", gym);
  expect(created.statusCode).toBe(201);
  const routine = created.json().routine as { id: string };
  await settle();
  const sessions = await sessionsOf(s, routine.id);
  const monday = sessions.find((e) => localDay(e.start_time) === "2031-03-03");
  expect(monday, "a session on Monday").toBeDefined();
  return { s, routine, sessions, monday: monday! };
}

describe("a routine's session takes check-ins", () => {
  it("Today shows the session as a block; Done is stored and is evidence at the routine's energy", async () => {
    const { s, routine, monday } = await withGym();
    clock = DateTime.fromISO(monday.end_time).setZone(ZONE).plus({ minutes: 5 });

    const today = (await inject(s, "GET", "/api/today")).json();
    const item = (today.items as TodayItem[]).find((i) => i.id === monday.id);
    expect(item).toMatchObject({ kind: "block", routineId: routine.id, checkIn: null });

    const res = await inject(s, "POST", "/api/check-ins", {
      eventId: monday.id,
      outcome: "done",
      source: "today",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      checkIn: { eventId: monday.id, taskId: null, outcome: "done", plannedMinutes: 60 },
      taskDone: false,
    });
    const after = (await inject(s, "GET", "/api/today")).json();
    expect((after.items as TodayItem[]).find((i) => i.id === monday.id)?.checkIn).toEqual({
      outcome: "done",
      minutes: null,
    });

    const signals = await t.db.select().from(workSignals).where(eq(workSignals.userId, s.user.id));
    expect(signals).toHaveLength(1);
    expect(signals[0]).toMatchObject({
      kind: "done",
      energy: "high",
      taskId: null,
      source: "today",
      lengthMinutes: 60,
    });
  });

  it("Skip before the session begins takes that day's session off and it counts for the week", async () => {
    const { s, routine, sessions, monday } = await withGym();
    expect(sessions).toHaveLength(3);
    const res = await inject(s, "POST", "/api/check-ins", {
      eventId: monday.id,
      outcome: "skipped",
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(routines).where(eq(routines.id, routine.id));
    expect(row?.skipped).toEqual(["2031-03-03"]);

    await settle();
    const now = await sessionsOf(s, routine.id);
    expect(now.map((e) => e.id)).not.toContain(monday.id);
    // not squeezed in elsewhere: the skipped day is one of the week's three
    expect(now).toHaveLength(2);
    expect(now.every((e) => localDay(e.start_time) !== "2031-03-03")).toBe(true);
  });

  it("a session the person moves is evidence at the routine's energy, and stays where they put it", async () => {
    const { s, routine, sessions } = await withGym();
    const session = sessions[1]!;
    const [row] = await t.db.select().from(calendarEvents).where(eq(calendarEvents.id, session.id));
    const to = DateTime.fromISO(session.start_time).setZone(ZONE).set({ hour: 18, minute: 0 });
    const res = await inject(s, "PUT", `/api/calendar-events?eventId=${session.id}`, {
      title: row!.title,
      start_time: to.toUTC().toISO(),
      end_time: to.plus({ minutes: 60 }).toUTC().toISO(),
      version: row!.version,
    });
    expect(res.statusCode).toBe(200);
    const [moved] = await t.db.select().from(workSignals).where(eq(workSignals.userId, s.user.id));
    expect(moved).toMatchObject({
      kind: "moved",
      source: "week",
      energy: "high",
      taskId: null,
      toWeekday: to.weekday,
      toMinute: 18 * 60,
    });
    // the person's time now: the plan works around it and does not move it back
    await settle();
    const after = (await sessionsOf(s, routine.id)).find((e) => e.id === session.id);
    expect(after?.start_time && Date.parse(after.start_time)).toBe(to.toMillis());
  });

  it("a session moved in the person's own calendar is a move, seen when the sync makes it theirs", async () => {
    const { s, sessions } = await withGym();
    const session = sessions[1]!;
    const to = DateTime.fromISO(session.start_time).setZone(ZONE).set({ hour: 17, minute: 30 });
    await makeTheirs(t.db, s.user.id, { eventId: session.id, calendarId: randomUUID() } as Write, {
      start: to.toJSDate(),
      end: to.plus({ minutes: 60 }).toJSDate(),
      title: "Gym",
    });
    const signals = await t.db.select().from(workSignals).where(eq(workSignals.userId, s.user.id));
    expect(signals).toMatchObject([
      { kind: "moved", source: "calendar", energy: "high", taskId: null, toMinute: 17 * 60 + 30 },
    ]);
  });

  it("another person's session is a 404, and nothing is stored", async () => {
    const { monday } = await withGym();
    const other = await person();
    const res = await inject(other, "POST", "/api/check-ins", {
      eventId: monday.id,
      outcome: "done",
    });
    expect(res.statusCode).toBe(404);
    expect(await t.db.select().from(checkIns).where(eq(checkIns.eventId, monday.id))).toEqual([]);
  });
});

describe("checking in a session from chat", () => {
  const say = async (s: Session, message: string) => {
    const res = await inject(s, "POST", "/api/chat", { message });
    expect(res.statusCode).toBe(200);
    return res.json() as { response: string; actions?: ActionCard[] };
  };

  it("“I did the gym” checks in today's session with an Undo that takes it back", async () => {
    const { s, monday } = await withGym();
    clock = DateTime.fromISO(monday.end_time).setZone(ZONE).plus({ minutes: 5 });

    const reply = await say(s, "I did the gym");
    expect(reply.response).toMatch(/Noted — “Gym” done/);
    const card = reply.actions?.[0];
    expect(card).toMatchObject({ kind: "checked_in", undone: false });
    const mine = and(eq(checkIns.userId, s.user.id), eq(checkIns.eventId, monday.id));
    expect(await t.db.select().from(checkIns).where(mine)).toHaveLength(1);

    const undone = await inject(s, "POST", `/api/assistant/actions/${card!.id}/undo`);
    expect(undone.statusCode).toBe(200);
    expect(await t.db.select().from(checkIns).where(mine)).toEqual([]);
    expect(await t.db.select().from(workSignals).where(eq(workSignals.userId, s.user.id))).toEqual(
      [],
    );
  });

  it("“skipped the gym” before the session lets the day's session go and says it still counts", async () => {
    const { s, routine, monday } = await withGym();
    const reply = await say(s, "skipped the gym");
    expect(reply.response).toMatch(/Skipped “Gym” today — it still counts for this week/);
    const [row] = await t.db.select().from(routines).where(eq(routines.id, routine.id));
    expect(row?.skipped).toEqual(["2031-03-03"]);
    expect((await sessionsOf(s, routine.id)).map((e) => e.id)).not.toContain(monday.id);
  });

  it("a task of the same name still comes first", async () => {
    const { s } = await withGym();
    await inject(s, "POST", "/api/tasks", { title: "Gym", estimateMinutes: 30 });
    const reply = await say(s, "skipped the gym");
    expect(reply.response).toMatch(/no block of “Gym” today/);
  });
});
