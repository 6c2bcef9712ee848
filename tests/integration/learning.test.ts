import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeTheirs, type Write } from "../../src/server/connections/push-state.ts";
import { calendarEvents, planNotes, users, workSignals } from "../../src/server/db/schema.ts";
import { recordSignal, recordUntouchedBlocks } from "../../src/server/learning/signals.ts";
import { explainBlocks } from "../../src/server/planning/explain-blocks.ts";
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

type Session = { headers: Record<string, string>; user: { id: string } };
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
const inject = (s: Session, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...s.headers, "accept-language": "en-GB" },
    ...(payload ? { payload } : {}),
  });
const addTask = async (s: Session, body: object) =>
  (await inject(s, "POST", "/api/tasks", body)).json().task as {
    id: string;
    title: string;
    estimateMinutes: number;
    energy: string;
    priority: string;
  };
const plan = async (s: Session) => {
  const res = await inject(s, "POST", "/api/plan", { days: 5 });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    placed: { taskId: string; eventId: string; start: string; end: string; why: string }[];
  };
};
const insights = async (s: Session) => {
  const res = await inject(s, "GET", "/api/insights");
  expect(res.statusCode).toBe(200);
  return res.json();
};
const signals = (s: Session) =>
  t.db.select().from(workSignals).where(eq(workSignals.userId, s.user.id));
const localHour = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).hour;

/** Five weekdays of hard work moved from the morning to the afternoon and done there. */
async function keepsMovingHardWorkToAfternoons(s: Session) {
  for (let i = 1; i <= 5; i++) {
    const at = MONDAY.minus({ days: i }).toJSDate();
    const weekday = 1 + ((i - 1) % 5);
    await recordSignal(t.db, {
      userId: s.user.id,
      key: `test-moved-${i}`,
      source: "week",
      taskId: null,
      signal: {
        kind: "moved",
        energy: "high",
        block: { weekday, minute: 540, lengthMinutes: 90 },
        to: { weekday, minute: 840 },
      },
      now: at,
    });
    await recordSignal(t.db, {
      userId: s.user.id,
      key: `test-done-${i}`,
      source: "today",
      taskId: null,
      signal: { kind: "done", energy: "high", block: { weekday, minute: 840, lengthMinutes: 90 } },
      now: at,
    });
  }
}

describe("GET /api/insights", () => {
  it("needs a session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/insights" })).statusCode).toBe(401);
  });

  it("without evidence is exactly what the person said", async () => {
    const s = await person();
    const body = await insights(s);
    expect(body.insights).toEqual([]);
    expect(body.hours.learnedPeak).toBeNull();
    expect(body.hours.statedPeak).toEqual({ start: 540, end: 720 });
    for (const c of body.hours.curves.high) expect(c.learned).toBe(c.stated);
    expect(body.estimate).toMatchObject({ stated: 1.25, learned: 1.25, seen: 1.25, evidence: 0 });
    expect(Object.values(body.counts).every((n) => n === 0)).toBe(true);
  });

  it("refuses an unknown key or action with a 400", async () => {
    const s = await person();
    expect((await inject(s, "POST", "/api/insights/mood", { action: "undo" })).statusCode).toBe(
      400,
    );
    expect((await inject(s, "POST", "/api/insights/hours", { action: "forget" })).statusCode).toBe(
      400,
    );
  });
});

describe("evidence is recorded where the person acts", () => {
  it("a check-in, replaced by a second one, at the block's local weekday and minute", async () => {
    const s = await person();
    const task = await addTask(s, { title: "Report", estimateMinutes: 40, energy: "high" });
    const [block] = (await plan(s)).placed;
    const start = DateTime.fromISO(block!.start, { zone: ZONE });
    clock = DateTime.fromISO(block!.end).plus({ minutes: 5 });
    expect(
      (await inject(s, "POST", "/api/check-ins", { eventId: block!.eventId, outcome: "skipped" }))
        .statusCode,
    ).toBe(200);
    const again = await inject(s, "POST", "/api/check-ins", {
      eventId: block!.eventId,
      outcome: "partly",
      minutes: 20,
      source: "week",
    });
    expect(again.statusCode).toBe(200);
    const rows = await signals(s);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "partly",
      source: "week",
      energy: "high",
      taskId: task.id,
      weekday: start.weekday,
      minute: start.hour * 60 + start.minute,
      minutes: 20,
    });
  });

  it("the check-in that finishes a task records how long it took: the minutes said, else its blocks", async () => {
    const s = await person();
    const task = await addTask(s, { title: "Memo", estimateMinutes: 40, energy: "medium" });
    const blocks = (await plan(s)).placed;
    expect(blocks).toHaveLength(1);
    const res = await inject(s, "POST", "/api/check-ins", {
      eventId: blocks[0]!.eventId,
      outcome: "done",
    });
    expect(res.json().taskDone).toBe(true);
    const finished = (await signals(s)).find((r) => r.kind === "finished");
    expect(finished).toMatchObject({ taskId: task.id, estimateMinutes: 40, actualMinutes: 50 });
    // said again with the minutes it really took
    await inject(s, "POST", "/api/check-ins", {
      eventId: blocks[0]!.eventId,
      outcome: "done",
      minutes: 70,
    });
    expect((await signals(s)).find((r) => r.kind === "finished")?.actualMinutes).toBe(70);
  });

  it("work said done before its block begins closes the task but says nothing of the hour; partly waits", async () => {
    const s = await person();
    const task = await addTask(s, { title: "Slides", estimateMinutes: 40, energy: "high" });
    const [block] = (await plan(s)).placed;
    clock = DateTime.fromISO(block!.start).minus({ hours: 2 });
    const partly = await inject(s, "POST", "/api/check-ins", {
      eventId: block!.eventId,
      outcome: "partly",
      minutes: 10,
    });
    expect(partly.statusCode).toBe(409);
    expect(partly.json().error).toMatch(/hasn't begun yet/);
    const done = await inject(s, "POST", "/api/check-ins", {
      eventId: block!.eventId,
      outcome: "done",
      minutes: 35,
    });
    expect(done.json().taskDone).toBe(true);
    expect(await signals(s)).toMatchObject([
      { kind: "finished", taskId: task.id, estimateMinutes: 40, actualMinutes: 35 },
    ]);
    // ten minutes before it begins is begun enough (people start a little early)
    clock = DateTime.fromISO(block!.start).minus({ minutes: 10 });
    const again = await inject(s, "POST", "/api/check-ins", {
      eventId: block!.eventId,
      outcome: "partly",
      minutes: 10,
    });
    expect(again.statusCode).toBe(200);
    expect((await signals(s)).map((r) => r.kind)).toEqual(["partly"]);
  });

  /** A person with one hard task planned: its block, the block's row, and 15:00 that day. */
  async function deepWorkBlock() {
    const s = await person();
    await addTask(s, { title: "Deep work", estimateMinutes: 40, energy: "high" });
    const [block] = (await plan(s)).placed;
    const [row] = await t.db
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.id, block!.eventId));
    const to = DateTime.fromISO(block!.start, { zone: ZONE }).set({ hour: 15, minute: 0 });
    return { s, block: block!, row: row!, to };
  }

  it("moving one of Sage's blocks records where from and where to", async () => {
    const { s, block, row, to } = await deepWorkBlock();
    const res = await inject(s, "PUT", `/api/calendar-events?eventId=${block.eventId}`, {
      title: row.title,
      start_time: to.toUTC().toISO(),
      end_time: to.plus({ minutes: 50 }).toUTC().toISO(),
      version: row.version,
    });
    expect(res.statusCode).toBe(200);
    const [moved] = await signals(s);
    expect(moved).toMatchObject({
      kind: "moved",
      source: "week",
      energy: "high",
      toWeekday: to.weekday,
      toMinute: 15 * 60,
    });
    expect(moved!.minute).toBe(
      localHour(block.start) * 60 + DateTime.fromISO(block.start, { zone: ZONE }).minute,
    );
    // the block is the person's now: moving it again is not Sage's block moving
    const [after] = await t.db
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.id, block.eventId));
    await inject(s, "PUT", `/api/calendar-events?eventId=${block.eventId}`, {
      title: row.title,
      start_time: to.plus({ hours: 1 }).toUTC().toISO(),
      end_time: to.plus({ hours: 1, minutes: 50 }).toUTC().toISO(),
      version: after!.version,
    });
    expect(await signals(s)).toHaveLength(1);
  });

  it("a move made from Today is kept as Today's; a source it does not know is a 400", async () => {
    const { s, block, row, to } = await deepWorkBlock();
    const body = {
      title: row.title,
      start_time: to.toUTC().toISO(),
      end_time: to.plus({ minutes: 50 }).toUTC().toISO(),
      version: row.version,
    };
    const bad = await inject(s, "PUT", `/api/calendar-events?eventId=${block.eventId}`, {
      ...body,
      source: "calendar",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/source must be week or today/);
    const res = await inject(s, "PUT", `/api/calendar-events?eventId=${block.eventId}`, {
      ...body,
      source: "today",
    });
    expect(res.statusCode).toBe(200);
    // the event keeps the person's authorship: the evidence's source is not the event's
    expect(res.json().event.source).toBe("user");
    expect(await signals(s)).toMatchObject([{ kind: "moved", source: "today" }]);
  });

  it("a block moved in the person's own calendar is a move, seen when the sync makes it theirs", async () => {
    const s = await person();
    await addTask(s, { title: "Review", estimateMinutes: 40, energy: "high" });
    const [block] = (await plan(s)).placed;
    const to = DateTime.fromISO(block!.start, { zone: ZONE }).set({ hour: 16, minute: 30 });
    await makeTheirs(
      t.db,
      s.user.id,
      { eventId: block!.eventId, calendarId: randomUUID() } as Write,
      { start: to.toJSDate(), end: to.plus({ minutes: 50 }).toJSDate(), title: "Review" },
    );
    expect(await signals(s)).toMatchObject([
      { kind: "moved", source: "calendar", toWeekday: to.weekday, toMinute: 16 * 60 + 30 },
    ]);
  });

  it("a task marked done with the minutes it took; opened again, that is forgotten", async () => {
    const s = await person();
    const task = await addTask(s, { title: "Slides", estimateMinutes: 60, energy: "medium" });
    const body = { title: "Slides", estimateMinutes: 60, energy: "medium" };
    const bad = await inject(s, "PUT", `/api/tasks/${task.id}`, { ...body, actualMinutes: 90 });
    expect(bad.statusCode).toBe(400);
    const done = await inject(s, "PUT", `/api/tasks/${task.id}`, {
      ...body,
      status: "done",
      actualMinutes: 90,
    });
    expect(done.statusCode).toBe(200);
    expect(await signals(s)).toMatchObject([
      { kind: "finished", estimateMinutes: 60, actualMinutes: 90, source: "tasks" },
    ]);
    const other = await person();
    expect(
      (
        await inject(other, "PUT", `/api/tasks/${task.id}`, {
          ...body,
          status: "done",
          actualMinutes: 5,
        })
      ).statusCode,
    ).toBe(404);
    await inject(s, "PUT", `/api/tasks/${task.id}`, { ...body, status: "open" });
    expect(await signals(s)).toEqual([]);
  });

  it("a block nobody touched is weak evidence after 12 hours; a later check-in replaces it", async () => {
    const s = await person();
    await addTask(s, { title: "Email", estimateMinutes: 30, energy: "low" });
    const [block] = (await plan(s)).placed;
    // the sweep reads the database's clock: put the block 20 hours in its past
    const shift = Date.now() - 20 * 3_600_000 - Date.parse(block!.end);
    await t.db
      .update(calendarEvents)
      .set({
        startTime: new Date(Date.parse(block!.start) + shift),
        endTime: new Date(Date.parse(block!.end) + shift),
      })
      .where(eq(calendarEvents.id, block!.eventId));
    expect(await recordUntouchedBlocks(t.db)).toBeGreaterThanOrEqual(1);
    expect(await recordUntouchedBlocks(t.db)).toBe(0); // once
    expect(await signals(s)).toMatchObject([{ kind: "untouched", energy: "low", source: "sage" }]);
    clock = DateTime.fromMillis(Date.now());
    const res = await inject(s, "POST", "/api/check-ins", {
      eventId: block!.eventId,
      outcome: "done",
    });
    expect(res.statusCode).toBe(200);
    // done on its only block: the task is finished, and took the block's time
    expect((await signals(s)).map((r) => r.kind).sort()).toEqual(["done", "finished"]);
  });
});

describe("the plan learns, says so, and the person can undo it", () => {
  it("plans hard work where the person keeps doing it, says why, and Undo puts it back", async () => {
    const s = await person();
    await keepsMovingHardWorkToAfternoons(s);
    await addTask(s, { title: "Write the proposal", estimateMinutes: 60, energy: "high" });
    const learned = await plan(s);
    expect(learned.placed.length).toBeGreaterThan(0);
    for (const b of learned.placed) expect(localHour(b.start)).toBeGreaterThanOrEqual(14);
    expect(learned.placed[0]!.why).toContain("as Sage has seen you work");

    const body = await insights(s);
    expect(body.hours.learnedPeak).toEqual({ start: 840, end: 1020 });
    expect(body.insights).toHaveLength(1);
    expect(body.insights[0]).toMatchObject({ key: "hours" });
    expect(body.insights[0].sentence).toMatch(
      /^You get hard work done more often 14–17 than in the peak you gave \(09–12\)/,
    );
    expect(body.counts).toMatchObject({ moved: 5, done: 5 });

    // said once, as a plan note with Undo
    const notes = (await inject(s, "GET", "/api/plan/notes")).json().notes;
    const note = notes.find((n: { kind: string }) => n.kind === "learned");
    expect(note).toMatchObject({ undoable: true });
    expect(note.text).toContain("Learned from what you do: You get hard work done");
    await plan(s);
    const again = (await inject(s, "GET", "/api/plan/notes")).json().notes;
    expect(again.filter((n: { kind: string }) => n.kind === "learned")).toHaveLength(1);

    // Undo: the evidence so far no longer counts, and the plan goes back to the stated peak
    const intruder = await person();
    expect((await inject(intruder, "POST", `/api/plan/notes/${note.id}/undo`)).statusCode).toBe(
      404,
    );
    expect((await inject(s, "POST", `/api/plan/notes/${note.id}/undo`)).statusCode).toBe(204);
    const undone = await insights(s);
    expect(undone.insights).toEqual([]);
    expect(undone.hours.steer.since).not.toBeNull();
    const back = await plan(s);
    for (const b of back.placed) expect(localHour(b.start)).toBeLessThan(12);
  });

  it("the assistant's reasons read the learned hours too", async () => {
    const s = await person();
    await keepsMovingHardWorkToAfternoons(s);
    await addTask(s, { title: "Draft", estimateMinutes: 40, energy: "high" });
    const [block] = (await plan(s)).placed;
    const { blocks } = await explainBlocks(t.db, {
      userId: s.user.id,
      placed: [block!],
      now: clock.toJSDate(),
      voice: { zone: ZONE, locale: "en-GB" },
    });
    expect(blocks[0]).toMatchObject({ inPeak: true, level: "peak" });
  });

  it("sizes blocks by how long tasks really take, and 'don't learn this' stops it", async () => {
    const s = await person();
    for (let i = 0; i < 6; i++)
      await recordSignal(t.db, {
        userId: s.user.id,
        key: `test-finished-${i}`,
        source: "tasks",
        taskId: null,
        signal: { kind: "finished", energy: "high", estimateMinutes: 60, actualMinutes: 90 },
        now: MONDAY.minus({ days: i + 1 }).toJSDate(),
      });
    const task = await addTask(s, {
      title: "Analysis",
      estimateMinutes: 60,
      energy: "high",
      splittable: false,
      minChunkMinutes: 60,
    });
    const sized = (await plan(s)).placed.filter((b) => b.taskId === task.id);
    const minutes = sized.reduce((m, b) => m + (Date.parse(b.end) - Date.parse(b.start)) / MIN, 0);
    expect(minutes).toBeGreaterThanOrEqual(85);
    expect(sized[0]!.why).toMatch(/planned 1 h \d+ — your hard work usually takes/);
    const body = await insights(s);
    expect(body.estimate.learned).toBeGreaterThan(1.25);
    expect(body.insights.map((i: { key: string }) => i.key)).toEqual(["estimate"]);

    const off = await inject(s, "POST", "/api/insights/estimate", { action: "off" });
    expect(off.statusCode).toBe(200);
    expect(off.json().estimate).toMatchObject({ learned: 1.25, steer: { off: true } });
    expect(off.json().estimate.seen).toBeGreaterThan(1.25); // still seen, no longer used
    expect(off.json().insights).toEqual([]);
    const stated = (await plan(s)).placed.filter((b) => b.taskId === task.id);
    expect(stated.reduce((m, b) => m + (Date.parse(b.end) - Date.parse(b.start)) / MIN, 0)).toBe(
      75,
    );
    const on = await inject(s, "POST", "/api/insights/estimate", { action: "on" });
    expect(on.json().estimate.learned).toBeGreaterThan(1.25);
  });

  it("evidence is the person's: in the export, gone with the account", async () => {
    const s = await person();
    await keepsMovingHardWorkToAfternoons(s);
    const exported = (await inject(s, "GET", "/api/account/export")).json();
    expect(exported.data.workSignals).toHaveLength(10);
    const other = await person();
    expect((await insights(other)).counts.moved).toBe(0);
    await t.db.delete(users).where(eq(users.id, s.user.id));
    expect(
      await t.db
        .select()
        .from(workSignals)
        .where(and(eq(workSignals.userId, s.user.id), eq(workSignals.kind, "moved"))),
    ).toEqual([]);
  });

  it("answers the plan note kind in the notes list", async () => {
    const s = await person();
    await t.db.insert(planNotes).values({
      userId: s.user.id,
      kind: "learned",
      title: "How you work",
      detail: "Your tasks take half again your guess.",
      undo: { created: [], removed: [], learned: "estimate" },
    });
    const [note] = (await inject(s, "GET", "/api/plan/notes")).json().notes;
    expect(note).toMatchObject({ kind: "learned", undoable: true });
    expect(randomUUID()).not.toBe(note.id);
  });
});
