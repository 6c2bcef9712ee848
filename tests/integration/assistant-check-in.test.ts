import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionCard } from "../../src/core/contract/assistant-actions.ts";
import {
  calendarEvents,
  checkIns,
  planStates,
  replanRequests,
  tasks,
  workSignals,
} from "../../src/server/db/schema.ts";
import { languageModelFromConfig } from "../../src/server/integrations/llm/providers.ts";
import { startFakeOpenAi } from "../support/fake-openai-server.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const ZONE = "Europe/Berlin";
// Monday 2031-03-03, 10:00 in Berlin
const NOW = DateTime.fromISO("2031-03-03T10:00", { zone: ZONE });
let t: TestApp;
beforeAll(async () => {
  // the clock moves a little on every read, so a conversation's messages keep their order
  let tick = 0;
  t = await createTestApp({
    now: () => NOW.plus({ milliseconds: 10 * tick++ }).toJSDate(),
    llm: null,
  });
});
afterAll(() => t.close());

type Session = { headers: Record<string, string>; user: { id: string } };
type Reply = { response: string; calendarChanged: boolean; actions?: ActionCard[] };

/** A person in Berlin whose plan Sage keeps (so a check-in asks for a re-plan). */
async function person(): Promise<Session> {
  const s = (await t.signIn()) as Session;
  await t.app.inject({
    method: "PATCH",
    url: "/api/profile",
    headers: s.headers,
    payload: { timezone: ZONE },
  });
  await t.db.insert(planStates).values({ userId: s.user.id });
  return s;
}
const say = (s: Session, message: string) => t.say<Reply>(s.headers, message);
const undo = (s: Session, id: string) =>
  t.app.inject({ method: "POST", url: `/api/assistant/actions/${id}/undo`, headers: s.headers });
const addTask = async (s: Session, title: string, estimateMinutes = 90) => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/tasks",
    headers: s.headers,
    payload: { title, estimateMinutes },
  });
  expect(res.statusCode).toBe(201);
  return res.json().task as { id: string };
};
/** One of Sage's blocks of the task today, from one local time to another ("09:00"). */
async function block(s: Session, task: { id: string }, title: string, from: string, to: string) {
  const at = (hhmm: string) => DateTime.fromISO(`2031-03-03T${hhmm}`, { zone: ZONE }).toJSDate();
  const id = randomUUID();
  await t.db.insert(calendarEvents).values({
    id,
    userId: s.user.id,
    title,
    startTime: at(from),
    endTime: at(to),
    source: "assistant",
    taskId: task.id,
  });
  return id;
}
const checkInsOf = (s: Session) =>
  t.db
    .select({
      eventId: checkIns.eventId,
      outcome: checkIns.outcome,
      minutes: checkIns.minutes,
    })
    .from(checkIns)
    .where(eq(checkIns.userId, s.user.id));
const signalsOf = (s: Session) =>
  t.db
    .select({
      key: workSignals.key,
      kind: workSignals.kind,
      source: workSignals.source,
      minutes: workSignals.minutes,
    })
    .from(workSignals)
    .where(eq(workSignals.userId, s.user.id));
const statusOf = async (id: string) =>
  (await t.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, id)))[0]?.status;
const deletedAt = async (id: string) =>
  (
    await t.db
      .select({ deletedAt: calendarEvents.deletedAt })
      .from(calendarEvents)
      .where(eq(calendarEvents.id, id))
  )[0]?.deletedAt;

describe("check-ins through the assistant (issue 27)", () => {
  it("'I did the report' checks in the block in progress as evidence, and Undo puts it all back", async () => {
    const s = await person();
    const report = await addTask(s, "Report");
    const id = await block(s, report, "Report", "09:00", "10:30");
    await t.db.delete(replanRequests).where(eq(replanRequests.userId, s.user.id));

    const done = await say(s, "I did the report");
    expect(done.response).toBe(
      "Noted — “Report” done. That was its last block, so the task is done too.",
    );
    expect(done.calendarChanged).toBe(true);
    expect(done.actions?.[0]).toMatchObject({
      kind: "checked_in",
      undone: false,
      items: [{ title: "Report", why: "Done" }],
    });
    expect(await checkInsOf(s)).toEqual([{ eventId: id, outcome: "done", minutes: null }]);
    // the check-in, and (it finished the task) how long the task took: its block
    expect((await signalsOf(s)).sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: `check-in:${id}:-`, kind: "done", source: "assistant", minutes: null },
      { key: `finished:${report.id}`, kind: "finished", source: "assistant", minutes: null },
    ]);
    expect(await statusOf(report.id)).toBe("done");
    const asked = await t.db
      .select()
      .from(replanRequests)
      .where(eq(replanRequests.userId, s.user.id));
    expect(asked).toHaveLength(1);

    const res = await undo(s, done.actions![0]!.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ calendarChanged: true, card: { undone: true } });
    expect(await checkInsOf(s)).toEqual([]);
    expect(await signalsOf(s)).toEqual([]);
    expect(await statusOf(report.id)).toBe("open");
    expect(await deletedAt(id)).toBeNull();
  });

  it("'I did half an hour on the report' notes the minutes; the task stays open", async () => {
    const s = await person();
    const report = await addTask(s, "Report");
    const id = await block(s, report, "Report", "08:00", "09:30");
    const res = await say(s, "I did half an hour on the report");
    expect(res.response).toBe("Noted 30 minutes on “Report”; the rest gets a new time.");
    expect(res.actions?.[0]?.items[0]?.why).toBe("30 min done");
    expect(await checkInsOf(s)).toEqual([{ eventId: id, outcome: "partly", minutes: 30 }]);
    expect(await signalsOf(s)).toEqual([
      { key: `check-in:${id}:-`, kind: "partly", source: "assistant", minutes: 30 },
    ]);
    expect(await statusOf(report.id)).toBe("open");
  });

  it("'skipped the gym' before the block starts takes it off the calendar and asks for a re-plan; Undo brings it back", async () => {
    const s = await person();
    const gym = await addTask(s, "Gym", 60);
    const id = await block(s, gym, "Gym", "18:00", "19:00");
    await t.db.delete(replanRequests).where(eq(replanRequests.userId, s.user.id));

    const skipped = await say(s, "skipped the gym");
    expect(skipped.response).toBe("Skipped “Gym”; I'll find it another time.");
    expect(await deletedAt(id)).not.toBeNull();
    expect(await checkInsOf(s)).toEqual([{ eventId: id, outcome: "skipped", minutes: null }]);
    expect(await signalsOf(s)).toEqual([
      { key: `check-in:${id}:-`, kind: "skipped", source: "assistant", minutes: null },
    ]);
    expect(
      await t.db.select().from(replanRequests).where(eq(replanRequests.userId, s.user.id)),
    ).toHaveLength(1);
    expect(await statusOf(gym.id)).toBe("open");

    expect((await undo(s, skipped.actions![0]!.id)).statusCode).toBe(200);
    expect(await deletedAt(id)).toBeNull();
    expect(await checkInsOf(s)).toEqual([]);
    expect(await signalsOf(s)).toEqual([]);
  });

  it("Undo puts back the check-in the block had before, and its evidence", async () => {
    const s = await person();
    const report = await addTask(s, "Report");
    const id = await block(s, report, "Report", "08:00", "09:00");
    const earlier = await t.app.inject({
      method: "POST",
      url: "/api/check-ins",
      headers: s.headers,
      payload: { eventId: id, outcome: "partly", minutes: 20, source: "today" },
    });
    expect(earlier.statusCode).toBe(200);
    const before = await signalsOf(s);

    const done = await say(s, "I did the report");
    expect(await checkInsOf(s)).toEqual([{ eventId: id, outcome: "done", minutes: null }]);
    expect((await undo(s, done.actions![0]!.id)).statusCode).toBe(200);
    expect(await checkInsOf(s)).toEqual([{ eventId: id, outcome: "partly", minutes: 20 }]);
    expect(await signalsOf(s)).toEqual(before);
    expect(before).toEqual([
      { key: `check-in:${id}:-`, kind: "partly", source: "today", minutes: 20 },
    ]);
    expect(await statusOf(report.id)).toBe("open");
  });

  it("a block checked in again since is left as the person said it: Undo answers 409", async () => {
    const s = await person();
    const report = await addTask(s, "Report");
    const id = await block(s, report, "Report", "08:00", "09:00");
    const done = await say(s, "I did the report");
    const again = await t.app.inject({
      method: "POST",
      url: "/api/check-ins",
      headers: s.headers,
      payload: { eventId: id, outcome: "partly", minutes: 40 },
    });
    expect(again.statusCode).toBe(200);
    expect((await undo(s, done.actions![0]!.id)).statusCode).toBe(409);
    expect(await checkInsOf(s)).toEqual([{ eventId: id, outcome: "partly", minutes: 40 }]);
  });

  it("asks which task when several match, and never guesses", async () => {
    const s = await person();
    const anna = await addTask(s, "Report for Anna");
    const ben = await addTask(s, "Report for Ben");
    await block(s, anna, "Report for Anna", "09:00", "10:30");
    await block(s, ben, "Report for Ben", "08:00", "09:00");
    const res = await say(s, "I did the report");
    expect(res.response).toBe(
      "2 open tasks match “report”, so I haven't noted anything:\n\n- “Report for Anna”\n- “Report for Ben”\n\nWhich one do you mean?",
    );
    expect(res.calendarChanged).toBe(false);
    expect(await checkInsOf(s)).toEqual([]);
  });

  it("never finds another person's task or block", async () => {
    const s = await person();
    const other = await person();
    const theirs = await addTask(other, "Report");
    await block(other, theirs, "Report", "09:00", "10:30");
    const res = await say(s, "I did the report");
    expect(res.response).toBe("I couldn't find an open task called “report”.");
    expect(await checkInsOf(other)).toEqual([]);
    expect(await statusOf(theirs.id)).toBe("open");
  });

  it("with no block of it today: 'did' marks the task done, 'skipped' says there's nothing to check in on", async () => {
    const s = await person();
    const report = await addTask(s, "Report");
    const gym = await addTask(s, "Gym", 60);
    // tomorrow's block is not today's
    const tomorrow = randomUUID();
    await t.db.insert(calendarEvents).values({
      id: tomorrow,
      userId: s.user.id,
      title: "Gym",
      startTime: NOW.plus({ days: 1 }).toJSDate(),
      endTime: NOW.plus({ days: 1, hours: 1 }).toJSDate(),
      source: "assistant",
      taskId: gym.id,
    });
    const skipped = await say(s, "I'm skipping the gym");
    expect(skipped.response).toBe(
      "There's no block of “Gym” today to check in on, so I've left it as it is.",
    );
    expect(skipped.calendarChanged).toBe(false);
    expect(await deletedAt(tomorrow)).toBeNull();

    const done = await say(s, "did the report");
    expect(done.response).toBe("Marked “Report” as done.");
    expect(done.actions?.[0]?.kind).toBe("task_done");
    expect(await statusOf(report.id)).toBe("done");
    expect(await checkInsOf(s)).toEqual([]);
  });

  it("'I did part of it' without minutes asks how much, and records nothing", async () => {
    const s = await person();
    const report = await addTask(s, "Report");
    await block(s, report, "Report", "08:00", "09:00");
    const res = await say(s, "I did part of the report");
    expect(res.response).toBe(
      "How much of “Report” did you get done? Say, for example, “I did 30 minutes of report”.",
    );
    expect(await checkInsOf(s)).toEqual([]);
  });

  it("the morning's block was done; skipping means the afternoon's", async () => {
    const s = await person();
    const report = await addTask(s, "Report", 180);
    const morning = await block(s, report, "Report", "08:00", "09:30");
    const afternoon = await block(s, report, "Report", "14:00", "15:30");
    // the afternoon's block is still ahead: the task stays open
    expect((await say(s, "I did the report")).response).toBe("Noted — “Report” done.");
    const skipped = await say(s, "couldn't do the report");
    expect(skipped.response).toBe("Skipped “Report”; I'll find it another time.");
    const rows = await t.db
      .select({ eventId: checkIns.eventId, outcome: checkIns.outcome })
      .from(checkIns)
      .where(eq(checkIns.userId, s.user.id));
    // the morning's "done" is kept: a block not checked in yet comes first
    expect(rows.sort((a, b) => a.outcome.localeCompare(b.outcome))).toEqual([
      { eventId: morning, outcome: "done" },
      { eventId: afternoon, outcome: "skipped" },
    ]);
  });
});

describe("a model checks in through the check_in tool", () => {
  let m: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    const llm = languageModelFromConfig(
      { provider: "openai", apiKey: "sk-test", baseUrl: fake.baseUrl, model: "gpt-4.1-nano" },
      { idleTimeoutMs: 2000, totalTimeoutMs: 10_000 },
    )!;
    m = await createTestApp({ llm, now: () => NOW.toJSDate() });
  });
  afterAll(async () => {
    await m.close();
    await fake.close();
  });

  it("records the check-in as the built-in assistant does; 'partly' without minutes changes nothing", async () => {
    const s = (await m.signIn()) as Session;
    await m.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: s.headers,
      payload: { timezone: ZONE },
    });
    const created = await m.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: s.headers,
      payload: { title: "Report", estimateMinutes: 90 },
    });
    const task = created.json().task as { id: string };
    const id = randomUUID();
    await m.db.insert(calendarEvents).values({
      id,
      userId: s.user.id,
      title: "Report",
      startTime: NOW.set({ hour: 9 }).toJSDate(),
      endTime: NOW.set({ hour: 10, minute: 30 }).toJSDate(),
      source: "assistant",
      taskId: task.id,
    });
    const chat = async () =>
      (
        await m.app.inject({
          method: "POST",
          url: "/api/chat",
          headers: s.headers,
          payload: { message: "about the report" },
        })
      ).json() as Reply;
    const rows = () =>
      m.db
        .select({ outcome: checkIns.outcome, minutes: checkIns.minutes })
        .from(checkIns)
        .where(eq(checkIns.userId, s.user.id));

    fake.setMode("tools", { name: "check_in", arguments: { title: "Report", outcome: "partly" } });
    const refused = await chat();
    expect(refused.response).toContain("Error: partly needs minutes");
    expect(refused.calendarChanged).toBe(false);
    expect(await rows()).toEqual([]);

    fake.setMode("tools", {
      name: "check_in",
      arguments: { title: "Report", outcome: "partly", minutes: 45 },
    });
    const noted = await chat();
    expect(noted.response).toContain("Noted 45 minutes on “Report”; the rest gets a new time.");
    expect(noted.actions?.[0]).toMatchObject({ kind: "checked_in" });
    expect(await rows()).toEqual([{ outcome: "partly", minutes: 45 }]);
    const [signal] = await m.db
      .select({ source: workSignals.source, kind: workSignals.kind })
      .from(workSignals)
      .where(eq(workSignals.userId, s.user.id));
    expect(signal).toEqual({ source: "assistant", kind: "partly" });
  });
});
