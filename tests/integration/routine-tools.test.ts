import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarToolCall } from "../../src/core/assistant/calendar-tools.ts";
import { parseRoutineRequest } from "../../src/core/assistant/parse-routine.ts";
import { buildFitnessProgram } from "../../src/core/fitness/build-program.ts";
import type { PendingAction } from "../../src/server/assistant/record-actions.ts";
import { runCalendarTool } from "../../src/server/assistant/run-calendar-tool.ts";
import { assistantActions, routines } from "../../src/server/db/schema.ts";
import { fitnessAnswers } from "../support/api-routes.ts";
import { settleReplans } from "../support/settle-replans.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// Issue 29, item 3: routines from chat, through the server's assistant tool runner — a
// proposal card first (written only on Yes), skipping a session, moving a routine's window.

const ZONE = "Europe/London";
// Monday 2031-03-03, 05:00 in London
const NOW = DateTime.fromISO("2031-03-03T05:00", { zone: ZONE });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW.toJSDate() });
});
afterAll(() => t.close());

type Session = Awaited<ReturnType<TestApp["signIn"]>>;
const inject = (s: Session, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...s.headers, "accept-language": "en-GB" },
    ...(payload ? { payload } : {}),
  });
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
const ctxOf = (s: Session) => ({
  db: t.db,
  userId: s.user.id,
  now: NOW.toJSDate(),
  voice: { zone: ZONE, locale: "en-GB" },
});
/** Stores a tool's card as a chat turn would, for its Undo. */
const store = async (s: Session, action: PendingAction) =>
  (
    await t.db
      .insert(assistantActions)
      .values({ userId: s.user.id, card: action.card, undo: action.undo })
      .returning({ id: assistantActions.id })
  )[0]!.id;
const said = (text: string) =>
  parseRoutineRequest(text, { now: NOW.toJSDate(), zone: ZONE }) as CalendarToolCall;
const sessions = async (s: Session, routineId: string) =>
  (
    (await inject(s, "GET", "/api/calendar-events")).json().events as {
      routine_id: string | null;
      start_time: string;
    }[]
  )
    .filter((e) => e.routine_id === routineId)
    .map((e) => DateTime.fromISO(e.start_time).setZone(ZONE))
    .sort((a, b) => a.toMillis() - b.toMillis());

describe("routines from chat", () => {
  /** A conversation through /api/chat: each message goes to the same conversation. */
  function conversation(s: Session) {
    let conversationId: string | undefined;
    return async (message: string) => {
      const res = await inject(s, "POST", "/api/chat", {
        message,
        ...(conversationId ? { conversationId } : {}),
      });
      expect(res.statusCode).toBe(200);
      const reply = res.json() as {
        response: string;
        conversationId: string;
        remainingUsage: number;
        actions: { id: string; kind: string; items: { title: string; why?: string }[] }[];
      };
      conversationId = reply.conversationId;
      return reply;
    };
  }

  it("“gym 3 times a week, mornings, an hour” is proposed like any proposal, and written only on Yes", async () => {
    const s = await person();
    const say = conversation(s);
    const asked = await say("gym 3 times a week, mornings, an hour");
    expect(asked.response).toMatch(/^Shall I keep time for “Gym” — 3× a week · 60 min/);
    expect(asked.actions.map((a) => a.kind)).toEqual(["proposed"]);
    expect(asked.actions[0]!.items[0]).toMatchObject({ title: "Gym", why: "Add routine" });
    // nothing written, nothing charged
    expect(asked.remainingUsage).toBe(15);
    expect(await t.db.select().from(routines).where(eq(routines.userId, s.user.id))).toEqual([]);

    const yes = await say("yes");
    expect(yes.response).toMatch(/^Added “Gym” — 3× a week · 60 min/);
    expect(yes.remainingUsage).toBe(14); // the Yes that wrote counts
    expect(yes.actions.map((a) => a.kind)).toEqual(["routine_added"]);
    const [gym] = (await inject(s, "GET", "/api/routines")).json().routines;
    expect(gym).toMatchObject({
      title: "Gym",
      timesPerWeek: 3,
      window: { from: "06:00", to: "12:00" },
    });
    expect(await sessions(s, gym.id)).toHaveLength(3);
    // a second Yes adds nothing
    await say("yes");
    expect((await inject(s, "GET", "/api/routines")).json().routines).toHaveLength(1);

    // Undo on the added card deletes the routine and its sessions to come
    const undo = await inject(s, "POST", `/api/assistant/actions/${yes.actions[0]!.id}/undo`);
    expect(undo.statusCode).toBe(200);
    expect((await inject(s, "GET", "/api/routines")).json().routines).toEqual([]);
    expect(await sessions(s, gym.id)).toEqual([]);
  });

  it("a routine made in chat keeps the plan living: Undo of a change moves its sessions back", async () => {
    const s = await person();
    const say = conversation(s);
    await say("gym 3 times a week, mornings, an hour");
    await say("yes");
    const [gym] = (await inject(s, "GET", "/api/routines")).json().routines;
    const moved = await say("move my gym to evenings");
    expect(moved.actions.map((a) => a.kind)).toEqual(["routine_changed"]);
    for (const d of await sessions(s, gym.id)) expect(d.hour).toBeGreaterThanOrEqual(17);
    const undo = await inject(s, "POST", `/api/assistant/actions/${moved.actions[0]!.id}/undo`);
    expect(undo.statusCode).toBe(200);
    await settleReplans(t, () => NOW.toJSDate());
    const back = await sessions(s, gym.id);
    expect(back).toHaveLength(3);
    for (const d of back) expect(d.hour).toBeLessThan(12);
  });

  it("No writes nothing and costs nothing", async () => {
    const s = await person();
    const say = conversation(s);
    await say("walk every day at lunchtime, 30 minutes");
    const no = await say("no");
    expect(no.response).toBe("OK — I've left everything as it is.");
    expect(no.remainingUsage).toBe(15);
    expect((await inject(s, "GET", "/api/routines")).json().routines).toEqual([]);
  });

  it("a routine the rules refuse is said, not proposed", async () => {
    const s = await person();
    const outcome = await runCalendarTool(ctxOf(s), {
      tool: "create_routine",
      routine: {
        title: "Gym",
        minutes: 240,
        timesPerWeek: 3,
        days: ["MO", "TU", "WE"],
        window: { from: "06:00", to: "09:00" },
      },
    });
    expect(outcome.reply).toMatch(/^I can't set that up as it is: minutes: a 240-minute session/);
    expect(outcome.actions).toEqual([]);
  });

  it("a “routine_proposed” card stored before proposals were one mechanism still takes its Yes", async () => {
    const s = await person();
    const routine = {
      title: "Gym",
      minutes: 60,
      timesPerWeek: 3,
      days: ["MO", "TU", "WE", "TH", "FR", "SA", "SU"],
      window: { from: "06:00", to: "12:00" },
      energy: "medium",
      priority: "medium",
    };
    const card = {
      kind: "routine_proposed",
      items: [{ title: "Gym", start: null, end: null, why: "3× a week" }],
      conflicts: [],
    };
    const store = async (who: Session) =>
      (
        await t.db
          .insert(assistantActions)
          .values({ userId: who.user.id, card, undo: [{ op: "propose_routine", routine }] })
          .returning()
      )[0]!;
    const stored = await store(s);
    const other = await person();
    expect(
      (await inject(other, "POST", `/api/assistant/actions/${stored.id}/accept`)).statusCode,
    ).toBe(404);
    const yes = await inject(s, "POST", `/api/assistant/actions/${stored.id}/accept`);
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toMatchObject({ card: { kind: "routine_added" }, calendarChanged: true });
    expect((await inject(s, "GET", "/api/routines")).json().routines).toHaveLength(1);
    expect((await inject(s, "POST", `/api/assistant/actions/${stored.id}/accept`)).statusCode).toBe(
      200,
    );
    expect((await inject(s, "GET", "/api/routines")).json().routines).toHaveLength(1);

    // No, then Yes: refused
    const later = await store(other);
    expect(
      (await inject(other, "POST", `/api/assistant/actions/${later.id}/undo`)).statusCode,
    ).toBe(200);
    expect(
      (await inject(other, "POST", `/api/assistant/actions/${later.id}/accept`)).statusCode,
    ).toBe(409);
    expect((await inject(other, "GET", "/api/routines")).json().routines).toEqual([]);
  });

  it("“skip gym today” takes today's session out, and the week does not make it up", async () => {
    const s = await person();
    const { routine } = (
      await inject(s, "POST", "/api/routines", {
        title: "Gym",
        minutes: 60,
        timesPerWeek: 3,
        days: ["MO", "TU", "WE", "TH", "FR"],
        window: { from: "06:00", to: "09:00" },
      })
    ).json();
    const before = await sessions(s, routine.id);
    expect(before.map((d) => d.toFormat("ccc"))).toEqual(["Mon", "Wed", "Fri"]);
    const outcome = await runCalendarTool(ctxOf(s), said("skip gym today"));
    expect(outcome.reply).toMatch(/^Skipped “Gym” today — it still counts for this week/);
    const after = await sessions(s, routine.id);
    expect(after.map((d) => d.toFormat("ccc"))).toEqual(["Wed", "Fri"]);
    // a day with no session left: said, nothing recorded
    const other = await person();
    const { routine: weekdays } = (
      await inject(other, "POST", "/api/routines", {
        title: "Gym",
        minutes: 60,
        timesPerWeek: 3,
        days: ["TU", "WE", "TH", "FR"],
        window: { from: "06:00", to: "09:00" },
      })
    ).json();
    const none = await runCalendarTool(ctxOf(other), said("skip gym today"));
    expect(none).toMatchObject({ changed: false, actions: [], uncharged: true });
    expect(none.reply).toMatch(/^There's no session of “Gym” left today/);
    const [kept] = await t.db.select().from(routines).where(eq(routines.id, weekdays.id));
    expect(kept!.skipped).toEqual([]);

    const unknown = await runCalendarTool(ctxOf(s), said("skip yoga today"));
    expect(unknown.reply).toMatch(/^You have no routine called “Yoga”, so I've left everything/);
    expect(unknown).toMatchObject({ changed: false, actions: [], uncharged: true });

    // the card names the session let go, and its Undo gives the day its session back
    const [action] = outcome.actions;
    expect(action!.card).toMatchObject({
      kind: "routine_skipped",
      items: [{ title: "Gym", start: before[0]!.toUTC().toISO(), why: /still counts/ }],
    });
    const id = await store(s, action!);
    expect((await inject(s, "POST", `/api/assistant/actions/${id}/undo`)).statusCode).toBe(200);
    const [row] = await t.db.select().from(routines).where(eq(routines.id, routine.id));
    expect(row!.skipped).toEqual([]);
    await settleReplans(t, () => NOW.toJSDate());
    expect((await sessions(s, routine.id)).map((d) => d.toFormat("ccc"))).toEqual([
      "Mon",
      "Wed",
      "Fri",
    ]);
  });

  it("“move my runs to evenings” changes the window and the sessions follow", async () => {
    const s = await person();
    const { routine } = (
      await inject(s, "POST", "/api/routines", {
        title: "Run",
        minutes: 45,
        timesPerWeek: 2,
        days: ["TU", "TH", "SA"],
        window: { from: "06:00", to: "09:00" },
      })
    ).json();
    const outcome = await runCalendarTool(ctxOf(s), said("move my runs to evenings"));
    expect(outcome.changed).toBe(true);
    const [run] = (await inject(s, "GET", "/api/routines")).json().routines;
    expect(run.window).toEqual({ from: "17:00", to: "21:00" });
    const after = await sessions(s, routine.id);
    expect(after.length).toBe(2);
    for (const d of after) expect(d.hour).toBeGreaterThanOrEqual(17);

    // Undo puts the mornings back, and the sessions follow
    const [action] = outcome.actions;
    expect(action!.card).toMatchObject({
      kind: "routine_changed",
      items: [
        {
          title: "Run",
          why: "2× a week · 45 min · Tue, Thu, Sat · 17:00–21:00 (was 2× a week · 45 min · Tue, Thu, Sat · 06:00–09:00)",
        },
      ],
    });
    const id = await store(s, action!);
    // another person cannot take it back
    const other = await person();
    expect((await inject(other, "POST", `/api/assistant/actions/${id}/undo`)).statusCode).toBe(404);
    expect((await inject(s, "POST", `/api/assistant/actions/${id}/undo`)).statusCode).toBe(200);
    const [back] = (await inject(s, "GET", "/api/routines")).json().routines;
    expect(back.window).toEqual({ from: "06:00", to: "09:00" });
    await settleReplans(t, () => NOW.toJSDate());
    for (const d of await sessions(s, routine.id)) expect(d.hour).toBeLessThan(9);
  });

  it("a routine changed again since is not put back by an older Undo", async () => {
    const s = await person();
    const { routine } = (
      await inject(s, "POST", "/api/routines", {
        title: "Run",
        minutes: 45,
        timesPerWeek: 2,
        days: ["TU", "TH", "SA"],
        window: { from: "06:00", to: "09:00" },
      })
    ).json();
    const outcome = await runCalendarTool(ctxOf(s), said("move my runs to evenings"));
    const id = await store(s, outcome.actions[0]!);
    const edited = await inject(s, "PUT", `/api/routines/${routine.id}`, {
      title: "Run",
      minutes: 30,
      timesPerWeek: 2,
      days: ["TU", "TH", "SA"],
      window: { from: "12:00", to: "14:00" },
    });
    expect(edited.statusCode).toBe(200);
    const undo = await inject(s, "POST", `/api/assistant/actions/${id}/undo`);
    expect(undo.statusCode).toBe(409);
    const [run] = (await inject(s, "GET", "/api/routines")).json().routines;
    expect(run).toMatchObject({ minutes: 30, window: { from: "12:00", to: "14:00" } });
  });
});

describe("the fitness program from chat", () => {
  const chat = (s: Session, message: string) => t.say(s.headers, message);

  it("“show my fitness program” shows the saved one and where to add it to the week", async () => {
    const s = await person();
    const none = await chat(s, "show my fitness program");
    expect(none.response).toMatch(/^You haven't saved a fitness program yet/);
    const program = buildFitnessProgram(fitnessAnswers);
    const saved = await inject(s, "POST", "/api/fitness/save", {
      answers: fitnessAnswers,
      program,
    });
    expect(saved.statusCode).toBe(200);
    const shown = await chat(s, "what's my workout plan?");
    expect(shown.calendarChanged).toBe(false);
    expect(shown.response).toContain(`Your fitness program (${program.programLength})`);
    for (const day of program.firstWeekPreview.days)
      expect(shown.response).toContain(`${day.day}: ${day.focus}`);
    expect(shown.response).toContain("/fitness/program");
    // another person's question shows them nothing of this one's
    const other = await person();
    expect((await chat(other, "open my fitness program")).response).toMatch(/haven't saved/);
  });
});
