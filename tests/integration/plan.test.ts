import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { domainContexts } from "../../src/server/db/schema.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const ZONE = "Europe/London";
// Monday 2031-03-03, 07:00 in London
const NOW = DateTime.fromISO("2031-03-03T07:00", { zone: ZONE });
let t: TestApp;
let clock = NOW;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock.toJSDate() });
});
afterEach(() => {
  clock = NOW;
});
afterAll(() => t.close());

const answers = {
  struggle: "procrastination",
  peak_time: "morning",
  typical_day: "structured_job",
  work_style: "medium_sessions",
  avoidance: "freeze",
  additional_info: "",
};

async function morningPerson() {
  const s = await t.signIn();
  const gen = await t.app.inject({
    method: "POST",
    url: "/api/productivity/generate",
    headers: s.headers,
    payload: answers,
  });
  expect(gen.json().saved).toBe(true);
  await t.app.inject({
    method: "PATCH",
    url: "/api/profile",
    headers: s.headers,
    payload: { timezone: ZONE },
  });
  return s;
}

const addTask = async (s: { headers: Record<string, string> }, body: object) =>
  (
    await t.app.inject({ method: "POST", url: "/api/tasks", headers: s.headers, payload: body })
  ).json().task;
const plan = async (s: { headers: Record<string, string> }) =>
  t.app.inject({ method: "POST", url: "/api/plan", headers: s.headers, payload: { days: 5 } });
const local = (iso: string) => DateTime.fromISO(iso).setZone(ZONE);

describe("POST /api/plan", () => {
  it("places high-energy work in the morning peak around a meeting, with buffers, as assistant events", async () => {
    const s = await morningPerson();
    const meeting = {
      id: randomUUID(),
      title: "Standup",
      start_time: NOW.set({ hour: 9 }).toUTC().toISO(),
      end_time: NOW.set({ hour: 9, minute: 30 }).toUTC().toISO(),
    };
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/calendar-events",
          headers: s.headers,
          payload: meeting,
        })
      ).statusCode,
    ).toBe(201);
    const report = await addTask(s, {
      title: "Write the report",
      estimateMinutes: 90,
      energy: "high",
      priority: "high",
    });
    const email = await addTask(s, {
      title: "Clear the inbox",
      estimateMinutes: 30,
      energy: "low",
    });

    const res = await plan(s);
    expect(res.statusCode).toBe(200);
    const { placed, unplaced } = res.json();
    expect(unplaced).toEqual([]);
    const reportBlocks = placed.filter((p: { taskId: string }) => p.taskId === report.id);
    expect(reportBlocks.length).toBeGreaterThan(0);
    const [ctxRow] = await t.db
      .select({ data: domainContexts.profileData })
      .from(domainContexts)
      .where(and(eq(domainContexts.userId, s.user.id), eq(domainContexts.domain, "productivity")));
    const buffer = (ctxRow!.data as { bufferMinutes: number }).bufferMinutes;
    for (const b of reportBlocks) {
      expect(local(b.start).hour).toBeGreaterThanOrEqual(8);
      expect(local(b.end).hour * 60 + local(b.end).minute).toBeLessThanOrEqual(11 * 60);
      // the meeting (09:00–09:30) keeps its buffer
      const overlapsMeeting =
        local(b.start) < NOW.set({ hour: 9, minute: 30 }).plus({ minutes: buffer }) &&
        local(b.end) > NOW.set({ hour: 9 }).minus({ minutes: buffer });
      expect(overlapsMeeting).toBe(false);
    }
    const emailBlock = placed.find((p: { taskId: string }) => p.taskId === email.id);
    expect(local(emailBlock.start).hour).toBeGreaterThanOrEqual(11);

    const events = (
      await t.app.inject({ method: "GET", url: "/api/calendar-events", headers: s.headers })
    ).json().events;
    const blocks = events.filter((e: { source: string }) => e.source === "assistant");
    expect(blocks).toHaveLength(placed.length);
    expect(blocks[0]).toMatchObject({ task_id: expect.any(String), category: "Focus" });
  });

  it("a re-plan with nothing changed keeps the same events; a finished task's blocks go", async () => {
    const s = await morningPerson();
    const a = await addTask(s, { title: "A", estimateMinutes: 60 });
    const b = await addTask(s, { title: "B", estimateMinutes: 60 });
    const first = (await plan(s)).json();
    const second = (await plan(s)).json();
    const where = (placed: { kept: boolean }[]) => placed.map(({ kept: _, ...p }) => p);
    expect(where(second.placed)).toEqual(where(first.placed));
    expect(second.placed.every((p: { kept: boolean }) => p.kept)).toBe(true);
    await t.app.inject({
      method: "PUT",
      url: `/api/tasks/${a.id}`,
      headers: s.headers,
      payload: { title: "A", estimateMinutes: 60, status: "done" },
    });
    const third = (await plan(s)).json();
    expect(third.placed.every((p: { taskId: string }) => p.taskId === b.id)).toBe(true);
    expect(third.placed.map((p: { eventId: string }) => p.eventId)).toEqual(
      first.placed
        .filter((p: { taskId: string }) => p.taskId === b.id)
        .map((p: { eventId: string }) => p.eventId),
    );
    const events = (
      await t.app.inject({ method: "GET", url: "/api/calendar-events", headers: s.headers })
    ).json().events;
    expect(events.filter((e: { task_id: string }) => e.task_id === a.id)).toEqual([]);
  });

  it("plans into an occurrence that was cancelled, and around one that was moved", async () => {
    const s = await morningPerson();
    // a meeting over the whole morning peak (08:00–11:00) every day this week
    const series = (
      await t.app.inject({
        method: "POST",
        url: "/api/calendar-events",
        headers: s.headers,
        payload: {
          title: "Workshop",
          start_time: NOW.set({ hour: 8 }).toUTC().toISO(),
          end_time: NOW.set({ hour: 11 }).toUTC().toISO(),
          recurrence_frequency: "DAILY",
          recurrence_count: 5,
        },
      })
    ).json().event;
    // Monday's is cancelled; Tuesday's moves to the afternoon
    const at = (d: DateTime) => encodeURIComponent(d.toUTC().toISO()!);
    const monday = NOW.set({ hour: 8 });
    const tuesday = monday.plus({ days: 1 });
    await t.app.inject({
      method: "DELETE",
      url: `/api/calendar-events?eventId=${series.id}&occurrence=${at(monday)}&scope=this`,
      headers: s.headers,
    });
    await t.app.inject({
      method: "PUT",
      url: `/api/calendar-events?eventId=${series.id}&occurrence=${at(tuesday)}&scope=this`,
      headers: s.headers,
      payload: {
        title: "Workshop",
        start_time: tuesday.set({ hour: 13 }).toUTC().toISO(),
        end_time: tuesday.set({ hour: 16 }).toUTC().toISO(),
      },
    });
    await addTask(s, {
      title: "Deep work",
      estimateMinutes: 120,
      energy: "high",
      priority: "high",
    });
    const { placed } = (await plan(s)).json();
    const starts = placed.map((p: { start: string }) => local(p.start));
    // the freed peak hours are used; nothing lands on Tuesday afternoon's moved workshop
    expect(
      starts.some((d: DateTime) => d.hasSame(monday, "day") && d.hour >= 8 && d.hour < 11),
    ).toBe(true);
    for (const p of placed as { start: string; end: string }[]) {
      const s0 = local(p.start);
      const e0 = local(p.end);
      const overlapsMoved = s0 < tuesday.set({ hour: 16 }) && e0 > tuesday.set({ hour: 13 });
      expect(overlapsMoved).toBe(false);
    }
  });

  it("undoes a whole plan in one step, restoring exactly what was there before it", async () => {
    const s = await morningPerson();
    const a = await addTask(s, { title: "A", estimateMinutes: 120, energy: "high" });
    const first = (await plan(s)).json();
    expect(first.changes.removed).toEqual([]);
    const live = async () =>
      (await t.app.inject({ method: "GET", url: "/api/calendar-events", headers: s.headers }))
        .json()
        .events.map((e: { id: string; title: string; start_time: string; end_time: string }) =>
          [e.id, e.title, e.start_time, e.end_time].join(" "),
        )
        .sort();
    // a meeting lands on A's block: the re-plan removes that block and places A again
    const block = first.placed.find((p: { taskId: string }) => p.taskId === a.id);
    await t.app.inject({
      method: "POST",
      url: "/api/calendar-events",
      headers: s.headers,
      payload: {
        id: crypto.randomUUID(),
        title: "Meeting",
        start_time: block.start,
        end_time: block.end,
      },
    });
    const before = await live();
    const second = (await plan(s)).json();
    expect(second.changes.created.length).toBeGreaterThan(0);
    expect(second.changes.removed.length).toBeGreaterThan(0);
    expect(await live()).not.toEqual(before);

    const undo = () =>
      t.app.inject({
        method: "POST",
        url: "/api/plan/undo",
        headers: s.headers,
        payload: second.changes,
      });
    const res = await undo();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      deleted: second.changes.created.length,
      restored: second.changes.removed.length,
    });
    expect(await live()).toEqual(before);
    expect((await undo()).json()).toEqual({ deleted: 0, restored: 0 }); // idempotent

    // someone else's ids are not touched; bad input is a 400
    const other = await morningPerson();
    const theirs = await t.app.inject({
      method: "POST",
      url: "/api/plan/undo",
      headers: other.headers,
      payload: { created: first.changes.created, removed: [] },
    });
    expect(theirs.json()).toEqual({ deleted: 0, restored: 0 });
    expect(await live()).toEqual(before);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/plan/undo",
      headers: s.headers,
      payload: { created: ["x"], removed: [] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("a block that passed while its task is open is not counted as done: the next plan finds it a new time", async () => {
    const s = await morningPerson();
    const task = await addTask(s, { title: "Slides", estimateMinutes: 60, splittable: false });
    const first = (await plan(s)).json();
    expect(first.placed).toHaveLength(1);
    const missed = first.placed[0];

    clock = local(missed.end).plus({ hours: 1 });
    const second = (await plan(s)).json();
    expect(second.unplaced).toEqual([]);
    expect(second.placed).toHaveLength(1);
    expect(second.placed[0].taskId).toBe(task.id);
    expect(second.placed[0].eventId).not.toBe(missed.eventId);
    expect(new Date(second.placed[0].start).getTime()).toBeGreaterThanOrEqual(clock.toMillis());
    // the passed block stays where it was, as history: nothing is rewritten or marked
    const events = (
      await t.app.inject({ method: "GET", url: "/api/calendar-events", headers: s.headers })
    ).json().events;
    expect(events.find((e: { id: string }) => e.id === missed.eventId)).toMatchObject({
      start_time: missed.start,
      task_id: task.id,
    });
  });

  it("deleting a task removes its blocks that have not started, and nothing else", async () => {
    const s = await morningPerson();
    const gone = await addTask(s, { title: "Gone", estimateMinutes: 60, splittable: false });
    const kept = await addTask(s, { title: "Kept", estimateMinutes: 60, splittable: false });
    const own = {
      id: randomUUID(),
      title: "Lunch with Ana",
      start_time: NOW.set({ hour: 12 }).plus({ days: 1 }).toUTC().toISO(),
      end_time: NOW.set({ hour: 13 }).plus({ days: 1 }).toUTC().toISO(),
    };
    await t.app.inject({
      method: "POST",
      url: "/api/calendar-events",
      headers: s.headers,
      payload: own,
    });
    const { placed } = (await plan(s)).json();
    expect(placed).toHaveLength(2);

    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/tasks/${gone.id}`,
      headers: s.headers,
    });
    expect(del.statusCode).toBe(204);
    const events = (
      await t.app.inject({ method: "GET", url: "/api/calendar-events", headers: s.headers })
    ).json().events;
    expect(events.map((e: { title: string }) => e.title).sort()).toEqual([
      "Kept",
      "Lunch with Ana",
    ]);
    expect(events.find((e: { title: string }) => e.title === "Kept").task_id).toBe(kept.id);

    const other = await t.signIn();
    const foreign = await t.app.inject({
      method: "DELETE",
      url: `/api/tasks/${kept.id}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("a planned block the person moves becomes theirs: the next plan leaves it where they put it", async () => {
    const s = await morningPerson();
    const task = await addTask(s, { title: "Deep work", estimateMinutes: 40 });
    const [block] = (await plan(s)).json().placed;
    const events = (
      await t.app.inject({ method: "GET", url: "/api/calendar-events", headers: s.headers })
    ).json().events;
    const event = events.find((e: { id: string }) => e.id === block.eventId);
    const moved = {
      title: event.title,
      start_time: NOW.plus({ days: 2 }).set({ hour: 15 }).toUTC().toISO(),
      end_time: NOW.plus({ days: 2 }).set({ hour: 15, minute: 50 }).toUTC().toISO(),
      version: event.version,
    };
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/calendar-events?eventId=${event.id}`,
      headers: s.headers,
      payload: moved,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().event.source).toBe("user");
    const again = (await plan(s)).json();
    expect(again.placed.filter((p: { taskId: string }) => p.taskId === task.id)).toEqual([]); // done by the moved block
    const after = (
      await t.app.inject({ method: "GET", url: "/api/calendar-events", headers: s.headers })
    ).json().events;
    expect(after.find((e: { id: string }) => e.id === event.id).start_time).toBe(
      moved.start_time!.replace(/(\.\d{3})?Z$/, ".000Z"),
    );
  });

  it("reports what cannot be placed, with a reason", async () => {
    const s = await morningPerson();
    const big = await addTask(s, {
      title: "Thesis chapter",
      estimateMinutes: 900,
      deadline: NOW.set({ hour: 17 }).toUTC().toISO(),
    });
    const { placed, unplaced } = (await plan(s)).json();
    expect(placed).toEqual([]);
    expect(unplaced).toEqual([
      { taskId: big.id, reason: expect.stringMatching(/^Needs .* before Mon 3 Mar, 17:00/) },
    ]);
  });

  it("validates days and needs a signed-in user", async () => {
    const s = await t.signIn();
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/plan",
      headers: s.headers,
      payload: { days: 99 },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: "POST", url: "/api/plan", payload: {} })).statusCode).toBe(
      401,
    );
  });
});

describe("re-planning after a task's energy changes", () => {
  it("moves its blocks to the peak, and leaves a block the person moved where it is", async () => {
    const s = await morningPerson();
    const [row] = await t.db
      .select()
      .from(domainContexts)
      .where(and(eq(domainContexts.userId, s.user.id), eq(domainContexts.domain, "productivity")));
    const peak = (
      row!.profileData as { energyWindows: { start: number; end: number; level: string }[] }
    ).energyWindows.find((w) => w.level === "peak")!;
    const inPeak = (iso: string) => {
      const h = local(iso).hour + local(iso).minute / 60;
      return h >= peak.start && h < peak.end;
    };
    const body = {
      title: "Write the grant",
      estimateMinutes: 40,
      energy: "low",
      splittable: false,
    };
    const grant = await addTask(s, body);
    const kept = await addTask(s, {
      title: "Tidy inbox",
      estimateMinutes: 40,
      energy: "low",
      splittable: false,
    });
    const first = (await plan(s)).json().placed as {
      taskId: string;
      eventId: string;
      start: string;
    }[];
    const before = first.find((p) => p.taskId === grant.id)!;
    expect(inPeak(before.start)).toBe(false); // light work stays out of the peak

    // the person moves the inbox block themselves: it becomes theirs
    const inbox = first.find((p) => p.taskId === kept.id)!;
    const events = (
      await t.app.inject({ method: "GET", url: "/api/calendar-events", headers: s.headers })
    ).json().events as { id: string; title: string; start_time: string; end_time: string }[];
    const ev = events.find((e) => e.id === inbox.eventId)!;
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/calendar-events?eventId=${ev.id}`,
      headers: s.headers,
      payload: { title: ev.title, start_time: ev.start_time, end_time: ev.end_time },
    });
    expect(put.statusCode).toBe(200);

    const raised = await t.app.inject({
      method: "PUT",
      url: `/api/tasks/${grant.id}`,
      headers: s.headers,
      payload: { ...body, energy: "high", priority: "high" },
    });
    expect(raised.statusCode).toBe(200);
    const second = (await plan(s)).json().placed as { taskId: string; start: string }[];
    const after = second.find((p) => p.taskId === grant.id)!;
    expect(inPeak(after.start)).toBe(true);
    const stillThere = (
      await t.app.inject({ method: "GET", url: "/api/calendar-events", headers: s.headers })
    ).json().events as { id: string; start_time: string }[];
    expect(stillThere.find((e) => e.id === ev.id)?.start_time).toBe(ev.start_time);
  });
});
