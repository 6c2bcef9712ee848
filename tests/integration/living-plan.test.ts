import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseFeed } from "../../src/core/calendar/feed-parse.test-support.ts";
import {
  calendarEvents,
  checkIns,
  planStates,
  replanRequests,
} from "../../src/server/db/schema.ts";
import {
  requestReplan,
  requestReplansForEndedBlocks,
  runDueReplans,
} from "../../src/server/planning/replan-worker.ts";
import { settleReplans } from "../support/settle-replans.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// Issue 26, items 1, 2 and 5: the plan re-plans itself when what it rests on changes, moves
// only what was hit, says why each block is where it is, records each move with Undo, and
// previews without writing.

const ZONE = "Europe/London";
// Monday 2031-03-03, 07:00 in London
const NOW = DateTime.fromISO("2031-03-03T07:00", { zone: ZONE });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW.toJSDate() });
});
afterAll(() => t.close());

type Session = Awaited<ReturnType<TestApp["signIn"]>>;
type Placed = {
  taskId: string;
  eventId: string | null;
  start: string;
  end: string;
  why: string;
  kept?: boolean;
};
type Event = {
  id: string;
  title: string;
  task_id: string | null;
  start_time: string;
  end_time: string;
  why?: string | null;
  source: string;
  version: number;
};

const deps = () => ({ db: t.db, config: t.config, now: () => NOW.toJSDate() });

const settle = () => settleReplans(t, () => NOW.toJSDate());

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
const inject = (
  s: Session,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...s.headers, "accept-language": "en-GB" },
    ...(payload ? { payload } : {}),
  });
const addTask = async (s: Session, body: object) =>
  (await inject(s, "POST", "/api/tasks", body)).json().task;
const plan = async (s: Session, body: object = { days: 5 }) =>
  (await inject(s, "POST", "/api/plan", body)).json();
const blocks = async (s: Session): Promise<Event[]> =>
  ((await inject(s, "GET", "/api/calendar-events")).json().events as Event[]).filter(
    (e) => e.task_id !== null,
  );
const notes = async (s: Session) => (await inject(s, "GET", "/api/plan/notes")).json().notes;
const meetingOn = (block: { start: string; end: string }, title = "Surprise client call") => ({
  id: randomUUID(),
  title,
  start_time: new Date(Date.parse(block.start) + 10 * 60_000).toISOString(),
  end_time: new Date(Date.parse(block.start) + 40 * 60_000).toISOString(),
});

describe("the plan re-plans itself", () => {
  it("a meeting booked over a block moves that block alone, says why, and Undo puts it back", async () => {
    const s = await person();
    await addTask(s, { title: "Quarterly report", estimateMinutes: 200, energy: "high" });
    await addTask(s, { title: "Inbox", estimateMinutes: 40, energy: "low" });
    const first = await plan(s);
    expect(first.placed.length).toBeGreaterThan(3);
    await settle(); // the tasks' own changes asked before the plan existed: nothing to do
    const before = await blocks(s);
    const hit = first.placed[1] as Placed;

    const created = await inject(s, "POST", "/api/calendar-events", meetingOn(hit));
    expect(created.statusCode).toBe(201);
    expect(await settle()).toBe(1);

    const after = await blocks(s);
    const beforeIds = new Set(before.map((b) => b.id));
    const added = after.filter((b) => !beforeIds.has(b.id));
    const gone = before.filter((b) => !after.some((a) => a.id === b.id));
    expect(gone.map((b) => b.id)).toEqual([hit.eventId]);
    expect(added).toHaveLength(1);
    // everything else stayed exactly as it was (same id, same version)
    for (const b of after.filter((x) => beforeIds.has(x.id)))
      expect(b.version).toBe(before.find((x) => x.id === b.id)!.version);
    expect(added[0]!.why).toMatch(/\S/);

    const [note] = await notes(s);
    expect(note.kind).toBe("moved");
    expect(note.undoable).toBe(true);
    expect(note.text).toMatch(
      /^Moved “Quarterly report” to .+ — “Surprise client call” took its time\.$/,
    );

    const undo = await inject(s, "POST", `/api/plan/notes/${note.id}/undo`);
    expect(undo.statusCode).toBe(204);
    const undone = await blocks(s);
    expect(undone.some((b) => b.id === added[0]!.id)).toBe(false);
    const back = undone.find((b) => b.id === hit.eventId)!;
    expect(back.start_time).toBe(new Date(hit.start).toISOString());
    expect(back.source).toBe("user"); // the person's choice now: the next re-plan leaves it
    await settle();
    expect((await blocks(s)).find((b) => b.id === hit.eventId)?.start_time).toBe(back.start_time);
    expect(await notes(s)).toEqual([]);
    // undoing again changes nothing
    expect((await inject(s, "POST", `/api/plan/notes/${note.id}/undo`)).statusCode).toBe(204);
  });

  /** A planned report whose second block a meeting moves: the block hit, and where it went. */
  const movedByAMeeting = async (s: Session) => {
    await addTask(s, { title: "Quarterly report", estimateMinutes: 200, energy: "high" });
    const first = await plan(s);
    await settle();
    const hit = first.placed[1] as Placed;
    await inject(s, "POST", "/api/calendar-events", meetingOn(hit));
    await settle();
    const moved = (await blocks(s)).find(
      (b) => !first.placed.some((p: Placed) => p.eventId === b.id),
    )!;
    return { hit, moved };
  };

  it("Undo of a move whose new block was since skipped puts nothing back, and says so", async () => {
    const s = await person();
    const { hit, moved } = await movedByAMeeting(s);
    // the person lets the moved block go before it begins
    const skipped = await inject(s, "POST", "/api/check-ins", {
      eventId: moved.id,
      outcome: "skipped",
    });
    expect(skipped.json().leftCalendar).toBe(true);
    const [note] = await notes(s);
    const undo = await inject(s, "POST", `/api/plan/notes/${note.id}/undo`);
    expect(undo.statusCode).toBe(409);
    expect(undo.json().error).toMatch(/changed since Sage moved it/);
    // the old block stays gone (not back inside the meeting), and the note is put away
    const after = await blocks(s);
    expect(after.some((b) => b.id === hit.eventId)).toBe(false);
    expect(await notes(s)).toEqual([]);
  });

  it("Undo of a move whose block Sage has since moved again puts back no second copy", async () => {
    const s = await person();
    const { moved } = await movedByAMeeting(s);
    const [firstMove] = await notes(s);
    // a second meeting lands on the moved block: Sage moves it again
    await inject(
      s,
      "POST",
      "/api/calendar-events",
      meetingOn({ start: moved.start_time, end: moved.end_time }, "Board call"),
    );
    await settle();
    const before = await blocks(s);
    const undo = await inject(s, "POST", `/api/plan/notes/${firstMove.id}/undo`);
    expect(undo.statusCode).toBe(409);
    // the work is where the second move put it, once: the first block did not come back
    expect((await blocks(s)).map((b) => b.id).sort()).toEqual(before.map((b) => b.id).sort());
  });

  it("a task added is placed, one marked done frees its time, without a button", async () => {
    const s = await person();
    const a = await addTask(s, { title: "Write", estimateMinutes: 60 });
    await plan(s);
    await settle();
    const b = await addTask(s, { title: "Read", estimateMinutes: 30 });
    await settle();
    expect((await blocks(s)).filter((e) => e.task_id === b.id).length).toBeGreaterThan(0);
    await inject(s, "PUT", `/api/tasks/${a.id}`, {
      title: "Write",
      estimateMinutes: 60,
      status: "done",
    });
    await settle();
    expect((await blocks(s)).filter((e) => e.task_id === a.id)).toEqual([]);
    // a task added and done is no move: no notes
    expect(await notes(s)).toEqual([]);
  });

  it("Undo plan takes the plan back for good: a change made before it re-plans nothing", async () => {
    const s = await person();
    await addTask(s, { title: "Write", estimateMinutes: 90 });
    const first = await plan(s);
    await settle();
    // a change that asks for a re-plan, then the undo, before the worker gets to it
    await addTask(s, { title: "Read", estimateMinutes: 30 });
    const undone = await inject(s, "POST", "/api/plan/undo", {
      created: first.changes.created,
      removed: first.changes.removed,
    });
    expect(undone.statusCode).toBe(200);
    await settle();
    expect(await blocks(s)).toEqual([]);
    // Sage keeps the plan again once the person plans again
    await plan(s);
    await settle();
    await addTask(s, { title: "Call", estimateMinutes: 20 });
    await settle();
    expect((await blocks(s)).some((e) => e.title === "Call")).toBe(true);
  });

  it("a profile saved with fewer working days moves the blocks off them, and says why", async () => {
    const s = await person();
    await addTask(s, { title: "Essay", estimateMinutes: 300 });
    await plan(s);
    await settle();
    const before = await blocks(s);
    const weekday = (iso: string) => DateTime.fromISO(iso).setZone(ZONE).weekday;
    const monday = before.filter((b) => weekday(b.start_time) === 1);
    expect(monday.length).toBeGreaterThan(0);
    const current = (await inject(s, "GET", "/api/plan/profile")).json();
    const saved = await inject(s, "PUT", `/api/plan/profile?version=${current.version}`, {
      ...current.profile,
      workingDays: [2, 3, 4, 5],
    });
    expect(saved.statusCode).toBe(200);
    await settle();
    const after = await blocks(s);
    expect(after.filter((b) => weekday(b.start_time) === 1)).toEqual([]);
    // blocks on the days still worked stayed exactly where they were
    for (const b of before.filter((x) => weekday(x.start_time) !== 1))
      expect(after.some((a) => a.id === b.id)).toBe(true);
    const [note] = await notes(s);
    expect(note.text).toMatch(/— you don't work on Mondays now\.$/);
  });

  it("a block that stays where it is after a profile change gives the reason of the hours now", async () => {
    const s = await person();
    await addTask(s, { title: "Proposal", estimateMinutes: 60, energy: "high" });
    await plan(s);
    await settle();
    const [before] = await blocks(s);
    // before the questionnaire, the peak is a default and the reason says so
    expect(before!.why).toMatch(/^Morning focus hours \(.+\), a default until you set yours/);
    const current = (await inject(s, "GET", "/api/plan/profile")).json();
    const peak = current.profile.energyWindows.find((w: { level: string }) => w.level === "peak");
    const saved = await inject(s, "PUT", `/api/plan/profile?version=${current.version}`, {
      ...current.profile,
      energyWindows: current.profile.energyWindows.map((w: { level: string; start: number }) =>
        w === peak ? { ...w, start: w.start - 60 } : w,
      ),
    });
    expect(saved.statusCode).toBe(200);
    await settle();
    const [after] = await blocks(s);
    // the block stayed (same event), its reason names the person's own peak as it is now
    expect(after!.id).toBe(before!.id);
    expect(after!.start_time).toBe(before!.start_time);
    expect(after!.why).toMatch(/^Your peak \(.+\) — the hardest work of the day/);
    expect(after!.why).not.toBe(before!.why);
    // and a plan with nothing new keeps it as it is
    await plan(s);
    const [again] = await blocks(s);
    expect(again!.version).toBe(after!.version);
  });

  it("a block skipped in a check-in is planned again elsewhere, without a button", async () => {
    const s = await person();
    const task = await addTask(s, { title: "Slides", estimateMinutes: 40 });
    const [first] = (await plan(s)).placed as Placed[];
    await settle();
    const skipped = await inject(s, "POST", "/api/check-ins", {
      eventId: first!.eventId,
      outcome: "skipped",
    });
    expect(skipped.statusCode).toBeLessThan(300);
    await settle();
    const again = (await blocks(s)).filter((b) => b.task_id === task.id);
    expect(again.length).toBeGreaterThan(0);
    for (const b of again) {
      expect(b.id).not.toBe(first!.eventId);
      expect(
        Date.parse(b.end_time) <= Date.parse(first!.start) ||
          Date.parse(b.start_time) >= Date.parse(first!.end),
      ).toBe(true);
    }
  });

  it("a block that ended unfinished asks for a re-plan (the sweep), one without a check-in only", async () => {
    const s = await person();
    const task = await addTask(s, { title: "Report", estimateMinutes: 30 });
    await plan(s);
    await settle();
    // a block of the task that ended five minutes ago by the database's clock
    const ended = randomUUID();
    const endedAt = sql`now() - interval '5 minutes'`;
    await t.db.insert(calendarEvents).values({
      id: ended,
      userId: s.user.id,
      title: "Report",
      startTime: sql`now() - interval '35 minutes'` as unknown as Date,
      endTime: endedAt as unknown as Date,
      source: "assistant",
      taskId: task.id,
    });
    await settle(); // the insert was the planner's kind of row: it asked nothing
    const mine = eq(replanRequests.userId, s.user.id);
    expect(await requestReplansForEndedBlocks(t.db)).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(replanRequests).where(mine)).toHaveLength(1);
    await settle();
    // said done: no longer unfinished, nothing asked
    await t.db.insert(checkIns).values({
      userId: s.user.id,
      eventId: ended,
      taskId: task.id,
      outcome: "done",
      plannedMinutes: 30,
    });
    await settle();
    await requestReplansForEndedBlocks(t.db);
    expect(await t.db.select().from(replanRequests).where(mine)).toEqual([]);
  });

  it("asks nothing for a person who never planned, and nothing for the plan's own blocks", async () => {
    const s = await person();
    await addTask(s, { title: "Write", estimateMinutes: 60 });
    const mine = eq(replanRequests.userId, s.user.id);
    expect(await t.db.select().from(replanRequests).where(mine)).toEqual([]);
    await plan(s);
    // the plan wrote blocks: no request (only the person's own changes ask)
    expect(await t.db.select().from(replanRequests).where(mine)).toEqual([]);
    await t.db.update(planStates).set({ auto: false }).where(eq(planStates.userId, s.user.id));
    await addTask(s, { title: "Read", estimateMinutes: 30 });
    expect(await t.db.select().from(replanRequests).where(mine)).toEqual([]);
  });

  it("a burst of changes is one request; a change during a re-plan runs it again", async () => {
    const s = await person();
    await plan(s);
    for (let i = 0; i < 5; i++) await addTask(s, { title: `Task ${i}`, estimateMinutes: 20 });
    const rows = await t.db
      .select()
      .from(replanRequests)
      .where(eq(replanRequests.userId, s.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.generation).toBe(5);
    // never due later than 2 s after the first change, however long the burst
    expect(rows[0]!.dueAt.getTime() - rows[0]!.firstAt.getTime()).toBeLessThanOrEqual(2000);
    // a change that lands while the re-plan runs: the request stays and runs again
    await t.db
      .update(replanRequests)
      .set({ dueAt: sql`now() - interval '1 second'` })
      .where(eq(replanRequests.userId, s.user.id));
    const slow = { ...deps(), now: () => NOW.toJSDate() };
    const running = runDueReplans(slow, 1);
    await requestReplan(t.db, s.user.id);
    await running;
    await settle();
    expect((await blocks(s)).filter((e) => e.title.startsWith("Task ")).length).toBe(5);
  });

  it("two workers never re-plan one person at once", async () => {
    const s = await person();
    await addTask(s, { title: "Write", estimateMinutes: 100 });
    await plan(s);
    await addTask(s, { title: "Read", estimateMinutes: 30 });
    await t.db
      .update(replanRequests)
      .set({ dueAt: sql`now() - interval '1 second'` })
      .where(eq(replanRequests.userId, s.user.id));
    const ran = await Promise.all([runDueReplans(deps(), 1), runDueReplans(deps(), 1)]);
    expect(ran.reduce((a, b) => a + b, 0)).toBe(1);
    const read = (await blocks(s)).filter((e) => e.title === "Read");
    expect(read.length).toBeGreaterThan(0);
    const minutes = read.reduce(
      (m, e) => m + (Date.parse(e.end_time) - Date.parse(e.start_time)) / 60_000,
      0,
    );
    expect(minutes).toBe(40); // placed once (30 min padded), never twice
  });
});

describe("why each block is where it is", () => {
  it("every block says why, on the event, the plan's answer and the feed", async () => {
    const s = await person();
    await addTask(s, {
      title: "Deep work",
      estimateMinutes: 50,
      energy: "high",
      deadline: NOW.plus({ days: 1 }).set({ hour: 17 }).toUTC().toISO(),
    });
    const result = await plan(s);
    const [p] = result.placed as Placed[];
    expect(p!.why).toMatch(
      /^Morning focus hours \(09–12\), a default until you set yours — the hardest work of the day; due Tuesday$/,
    );
    const [event] = await blocks(s);
    expect(event!.why).toBe(p!.why);
    const token = (await inject(s, "POST", "/api/calendar-token")).json();
    const feed = await t.app.inject({ method: "GET", url: new URL(token.feedUrl).pathname });
    const parsed = parseFeed(feed.body);
    const vevent = parsed.events.find((e) => e.summary === "Deep work");
    expect(vevent?.description).toContain(p!.why);
  });
});

describe("a plan preview", () => {
  it("proposes blocks and writes nothing", async () => {
    const s = await person();
    await addTask(s, { title: "Write", estimateMinutes: 60 });
    const preview = await inject(s, "POST", "/api/plan", { days: 5, preview: true });
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body.placed.length).toBeGreaterThan(0);
    expect(body.placed.every((p: Placed) => p.eventId === null && p.why.length > 0)).toBe(true);
    expect(body.changes).toEqual({ created: [], removed: [] });
    expect(await blocks(s)).toEqual([]);
    // and a preview does not start Sage keeping the plan
    expect(await t.db.select().from(planStates).where(eq(planStates.userId, s.user.id))).toEqual(
      [],
    );
    expect((await inject(s, "POST", "/api/plan", { days: 5, preview: "yes" })).statusCode).toBe(
      400,
    );
  });
});

describe("a proposal on screen holds Sage's own re-plans", () => {
  it("a task added while previewing is not written until the proposal is accepted or discarded", async () => {
    const s = await person();
    await addTask(s, { title: "Draft", estimateMinutes: 60 });
    await plan(s); // Sage keeps this person's plan from now on
    await settle();
    const report = await addTask(s, { title: "Report", estimateMinutes: 60 });
    const proposal = (await inject(s, "POST", "/api/plan", { days: 5, preview: true })).json();
    expect((proposal.placed as Placed[]).some((p) => p.taskId === report.id)).toBe(true);
    // the change asked for a re-plan, which waits while the proposal is on screen
    await runDueReplans(deps(), 50);
    expect((await blocks(s)).some((b) => b.task_id === report.id)).toBe(false);
    const [held] = await t.db.select().from(planStates).where(eq(planStates.userId, s.user.id));
    expect(held!.heldUntil).not.toBeNull();

    // thrown away whole: Sage plans by itself again
    expect((await inject(s, "POST", "/api/plan/discard")).statusCode).toBe(204);
    await settle();
    expect((await blocks(s)).some((b) => b.task_id === report.id)).toBe(true);

    // previewed again, then accepted: written as proposed, and the hold is gone
    const minutes = await addTask(s, { title: "Minutes", estimateMinutes: 30 });
    const again = (await inject(s, "POST", "/api/plan", { days: 5, preview: true })).json();
    await runDueReplans(deps(), 50);
    expect((await blocks(s)).some((b) => b.task_id === minutes.id)).toBe(false);
    const accept = (again.placed as Placed[])
      .filter((p) => !p.kept)
      .map(({ taskId, start, end }) => ({ taskId, start, end }));
    const accepted = await inject(s, "POST", "/api/plan/accept", { days: 5, accept, reject: [] });
    expect(accepted.statusCode).toBe(200);
    expect((await blocks(s)).some((b) => b.task_id === minutes.id)).toBe(true);
    const [after] = await t.db.select().from(planStates).where(eq(planStates.userId, s.user.id));
    expect(after!.heldUntil).toBeNull();
  });
});

describe("accepting a proposal, block by block", () => {
  it("accepted blocks are written where proposed; a thrown-back time never comes back", async () => {
    const s = await person();
    await addTask(s, { title: "Write", estimateMinutes: 150 });
    await addTask(s, { title: "Read", estimateMinutes: 30 });
    const proposal = (await inject(s, "POST", "/api/plan", { days: 5, preview: true })).json();
    const placed = proposal.placed as Placed[];
    const thrown = placed[0]!;
    const accept = placed.slice(1).map(({ taskId, start, end }) => ({ taskId, start, end }));
    const reject = [{ taskId: thrown.taskId, start: thrown.start, end: thrown.end }];
    const res = await inject(s, "POST", "/api/plan/accept", { days: 5, accept, reject });
    expect(res.statusCode).toBe(200);
    const written = await blocks(s);
    // every accepted block is there exactly as proposed
    for (const a of accept)
      expect(
        written.some(
          (w) => w.task_id === a.taskId && w.start_time === new Date(a.start).toISOString(),
        ),
      ).toBe(true);
    // the thrown-back task found other time, not overlapping what was thrown back
    const again = written.filter((w) => w.task_id === thrown.taskId);
    const minutes = (es: Event[]) =>
      es.reduce((m, e) => m + (Date.parse(e.end_time) - Date.parse(e.start_time)) / 60_000, 0);
    const need = placed
      .filter((p) => p.taskId === thrown.taskId)
      .reduce((m, p) => m + (Date.parse(p.end) - Date.parse(p.start)) / 60_000, 0);
    expect(minutes(again)).toBe(need);
    for (const w of again)
      expect(
        Date.parse(w.end_time) <= Date.parse(thrown.start) ||
          Date.parse(w.start_time) >= Date.parse(thrown.end),
      ).toBe(true);
    // and later plans (automatic ones too) never put it back there
    await plan(s);
    await settle();
    for (const w of (await blocks(s)).filter((e) => e.task_id === thrown.taskId))
      expect(
        Date.parse(w.end_time) <= Date.parse(thrown.start) ||
          Date.parse(w.start_time) >= Date.parse(thrown.end),
      ).toBe(true);
  });

  it("accepting everything writes what the preview proposed; another person's task is ignored", async () => {
    const s = await person();
    const other = await person();
    const theirs = await addTask(other, { title: "Theirs", estimateMinutes: 30 });
    await addTask(s, { title: "Write", estimateMinutes: 60 });
    const proposal = (await inject(s, "POST", "/api/plan", { days: 5, preview: true })).json();
    const accept = (proposal.placed as Placed[]).map(({ taskId, start, end }) => ({
      taskId,
      start,
      end,
    }));
    const forged = { taskId: theirs.id, start: accept[0]!.start, end: accept[0]!.end };
    const res = (
      await inject(s, "POST", "/api/plan/accept", { days: 5, accept: [...accept, forged] })
    ).json();
    expect(res.placed.map((p: Placed) => [p.taskId, p.start])).toEqual(
      accept.map((a) => [a.taskId, a.start]),
    );
    expect((await blocks(s)).map((b) => b.task_id)).not.toContain(theirs.id);
    expect(await blocks(other)).toEqual([]);
  });

  it("refuses a malformed decision with 400 naming the field", async () => {
    const s = await person();
    const bad = async (body: object) => (await inject(s, "POST", "/api/plan/accept", body)).json();
    expect(
      (
        await bad({
          days: 5,
          accept: [{ taskId: "x", start: "2031-03-03T09:00:00Z", end: "2031-03-03T10:00:00Z" }],
        })
      ).error,
    ).toMatch(/taskId/);
    expect(
      (
        await bad({
          days: 5,
          accept: [{ taskId: randomUUID(), start: "monday", end: "2031-03-03T10:00:00Z" }],
        })
      ).error,
    ).toMatch(/start/);
    expect(
      (
        await bad({
          days: 5,
          accept: [
            { taskId: randomUUID(), start: "2031-03-03T10:00:00Z", end: "2031-03-03T09:00:00Z" },
          ],
        })
      ).error,
    ).toMatch(/end after it starts/);
    expect((await inject(s, "POST", "/api/plan/accept", { days: 5 })).statusCode).toBe(400);
  });
});
