import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTINE_LIMITS } from "../../src/core/contract/routines.ts";
import { calendarEvents, routines } from "../../src/server/db/schema.ts";
import { settleReplans } from "../support/settle-replans.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// Issue 29: routines — the API (items 1) and the planner placing and defending their
// sessions (item 2), on PGlite and PostgreSQL.

const ZONE = "Europe/London";
// Monday 2031-03-03, 05:00 in London
const NOW = DateTime.fromISO("2031-03-03T05:00", { zone: ZONE });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW.toJSDate() });
});
afterAll(() => t.close());

type Session = Awaited<ReturnType<TestApp["signIn"]>>;
type Event = {
  id: string;
  title: string;
  routine_id: string | null;
  start_time: string;
  end_time: string;
  why: string | null;
  source: string;
};

const gym = {
  title: "Gym",
  minutes: 60,
  timesPerWeek: 3,
  days: ["MO", "TU", "WE", "TH", "FR"],
  window: { from: "06:00", to: "09:00" },
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
const sessionsOf = async (s: Session, routineId: string): Promise<Event[]> =>
  ((await inject(s, "GET", "/api/calendar-events")).json().events as Event[])
    .filter((e) => e.routine_id === routineId)
    .sort((a, b) => a.start_time.localeCompare(b.start_time));
const local = (iso: string) => DateTime.fromISO(iso).setZone(ZONE);
const settle = () => settleReplans(t, () => NOW.toJSDate());

describe("routines: the API", () => {
  it("creates, lists, edits and deletes a routine", async () => {
    const s = await person();
    const created = await inject(s, "POST", "/api/routines", gym);
    expect(created.statusCode).toBe(201);
    const routine = created.json().routine;
    expect(routine).toMatchObject({ ...gym, energy: "medium", priority: "medium" });
    expect((await inject(s, "GET", "/api/routines")).json().routines).toEqual([routine]);

    const edited = await inject(s, "PUT", `/api/routines/${routine.id}`, {
      ...gym,
      window: { from: "18:00", to: "21:00" },
      days: ["SA", "TU"],
      timesPerWeek: 2,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().routine).toMatchObject({
      days: ["TU", "SA"],
      window: { from: "18:00", to: "21:00" },
    });

    expect((await inject(s, "DELETE", `/api/routines/${routine.id}`)).statusCode).toBe(204);
    expect((await inject(s, "GET", "/api/routines")).json().routines).toEqual([]);
    expect((await inject(s, "DELETE", `/api/routines/${routine.id}`)).statusCode).toBe(404);
  });

  it("refuses a routine that cannot be planned with a 400 naming the field", async () => {
    const s = await person();
    const cases: [object, RegExp][] = [
      [{ ...gym, minutes: 240 }, /minutes: a 240-minute session does not fit in the 06:00–09:00/],
      [{ ...gym, days: ["TU", "TH"] }, /timesPerWeek: timesPerWeek is 3, but only 2 days/],
      [
        { ...gym, window: { from: "6am", to: "09:00" } },
        /window\.from: window\.from must be a time HH:MM/,
      ],
      [{ ...gym, days: ["MO", "XX", "WE"] }, /days\.1: days must be day codes/],
      [{ ...gym, window: { from: "09:00", to: "06:00" } }, /window\.to: window\.to must be after/],
      [{ ...gym, title: " " }, /title: title is required/],
      [{ ...gym, timesPerWeek: 0 }, /timesPerWeek: timesPerWeek must be at least 1/],
      [{ ...gym, colour: "red" }, /colour/],
    ];
    for (const [body, message] of cases) {
      const res = await inject(s, "POST", "/api/routines", body);
      expect([res.statusCode, res.json().error]).toEqual([400, expect.stringMatching(message)]);
    }
    expect((await inject(s, "GET", "/api/routines")).json().routines).toEqual([]);
  });

  it("another person's routine is a 404 for every verb, and unchanged", async () => {
    const owner = await person();
    const other = await person();
    const { routine } = (await inject(owner, "POST", "/api/routines", gym)).json();
    expect((await inject(other, "PUT", `/api/routines/${routine.id}`, gym)).statusCode).toBe(404);
    expect((await inject(other, "DELETE", `/api/routines/${routine.id}`)).statusCode).toBe(404);
    expect((await inject(other, "GET", "/api/routines")).json().routines).toEqual([]);
    expect((await inject(owner, "GET", "/api/routines")).json().routines).toEqual([routine]);
  });

  it(`keeps at most ${ROUTINE_LIMITS.routinesPerUser} routines and says so`, async () => {
    const s = await person();
    await t.db.insert(routines).values(
      Array.from({ length: ROUTINE_LIMITS.routinesPerUser }, (_, i) => ({
        userId: s.user.id,
        title: `R${i}`,
        minutes: 30,
        timesPerWeek: 1,
        days: [1],
        windowStart: 360,
        windowEnd: 540,
      })),
    );
    const res = await inject(s, "POST", "/api/routines", gym);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/You have 50 routines and Sage keeps at most 50/);
    expect((await inject(s, "GET", "/api/routines")).json().routines).toHaveLength(50);
  });

  it("is in the account export and goes with the account", async () => {
    const s = await person();
    const { routine } = (await inject(s, "POST", "/api/routines", gym)).json();
    const exported = (await inject(s, "GET", "/api/account/export")).json();
    expect(exported.data.routines.map((r: { id: string }) => r.id)).toEqual([routine.id]);
    const gone = await inject(s, "DELETE", "/api/account", { confirm: true });
    expect(gone.statusCode).toBe(204);
    expect(await t.db.select().from(routines).where(eq(routines.id, routine.id))).toEqual([]);
  });
});

describe("routines: placed by the planner", () => {
  it("a new routine's week of sessions is placed at once: different days, in the window, with why", async () => {
    const s = await person();
    const { routine } = (await inject(s, "POST", "/api/routines", gym)).json();
    const sessions = await sessionsOf(s, routine.id);
    expect(sessions.map((e) => local(e.start_time).toFormat("ccc HH:mm"))).toEqual([
      "Mon 06:00",
      "Wed 06:00",
      "Fri 06:00",
    ]);
    for (const e of sessions) {
      expect(e.title).toBe("Gym");
      expect(e.source).toBe("assistant");
      expect(local(e.end_time).diff(local(e.start_time), "minutes").minutes).toBe(60);
    }
    expect(sessions[0]!.why).toBe(
      "Gym, 1 of 3 this week: your 06–09 window, Mon — the first free time in it",
    );
    // planning again moves nothing
    const again = (await inject(s, "POST", "/api/plan", { days: 7 })).json();
    expect(again.sessions).toHaveLength(3);
    expect(again.sessions.every((x: { kept: boolean }) => x.kept)).toBe(true);
    expect((await sessionsOf(s, routine.id)).map((e) => e.id)).toEqual(sessions.map((e) => e.id));
  });

  it("a meeting booked over a session moves it, keeps the others, and says why", async () => {
    const s = await person();
    const { routine } = (await inject(s, "POST", "/api/routines", gym)).json();
    await inject(s, "POST", "/api/plan", { days: 7 });
    await settle();
    const before = await sessionsOf(s, routine.id);
    const hit = before[1]!;
    const meeting = await inject(s, "POST", "/api/calendar-events", {
      id: randomUUID(),
      title: "Early flight",
      start_time: hit.start_time,
      end_time: local(hit.start_time).plus({ hours: 2, minutes: 30 }).toUTC().toISO(),
    });
    expect(meeting.statusCode).toBe(201);
    expect(await settle()).toBe(1);
    const after = await sessionsOf(s, routine.id);
    expect(after).toHaveLength(3);
    expect(after.some((e) => e.id === hit.id)).toBe(false);
    expect(after.filter((e) => before.some((b) => b.id === e.id))).toHaveLength(2);
    const moved = after.find((e) => !before.some((b) => b.id === e.id))!;
    // on a day of its own, inside the window, clear of the flight
    expect(new Set(after.map((e) => local(e.start_time).toISODate())).size).toBe(3);
    expect(local(moved.start_time).hour).toBeGreaterThanOrEqual(6);
    expect(local(moved.end_time) <= local(moved.start_time).set({ hour: 9, minute: 0 })).toBe(true);
    const notes = (await inject(s, "GET", "/api/plan/notes")).json().notes;
    expect(notes[0].text).toMatch(/^Moved “Gym” to .+ — “Early flight” took its time\.$/);
  });

  it("a week that cannot hold every session says so plainly, once", async () => {
    const s = await person();
    await inject(s, "POST", "/api/routines", {
      ...gym,
      title: "Swim",
      days: ["TU", "TH"],
      timesPerWeek: 2,
    });
    await inject(s, "POST", "/api/calendar-events", {
      id: randomUUID(),
      title: "Away",
      start_time: "2031-03-06T00:00:00Z",
      end_time: "2031-03-06T12:00:00Z",
    });
    await inject(s, "POST", "/api/plan", { days: 7 });
    await inject(s, "POST", "/api/plan", { days: 7 });
    const notes = (await inject(s, "GET", "/api/plan/notes")).json().notes;
    const short = notes.filter((n: { kind: string }) => n.kind === "routine_short");
    expect(short).toHaveLength(1);
    expect(short[0].text).toMatch(
      /^For “Swim”, 1 of its 2 sessions fit this week, as .* next week starts fresh\.$/,
    );
  });

  it("deleting a routine removes its future sessions and keeps the past", async () => {
    const s = await person();
    const { routine } = (await inject(s, "POST", "/api/routines", gym)).json();
    await inject(s, "POST", "/api/plan", { days: 7 });
    const pastId = randomUUID();
    await t.db.insert(calendarEvents).values({
      id: pastId,
      userId: s.user.id,
      title: "Gym",
      startTime: NOW.minus({ days: 3 }).toJSDate(),
      endTime: NOW.minus({ days: 3 }).plus({ hours: 1 }).toJSDate(),
      source: "assistant",
      routineId: routine.id,
    });
    expect((await sessionsOf(s, routine.id)).length).toBe(4);
    expect((await inject(s, "DELETE", `/api/routines/${routine.id}`)).statusCode).toBe(204);
    const events = (await inject(s, "GET", "/api/calendar-events")).json().events as Event[];
    expect(events.filter((e) => e.title === "Gym").map((e) => e.id)).toEqual([pastId]);
    expect(events.find((e) => e.id === pastId)?.routine_id).toBeNull();
    await settle();
    expect(
      ((await inject(s, "GET", "/api/calendar-events")).json().events as Event[]).map((e) => e.id),
    ).toEqual([pastId]);
  });
});

describe("the fitness program, real", () => {
  const answers = {
    goal: "Build muscle",
    experience: "Intermediate: I exercise once or twice a week",
    availability: "Tuesday|Thursday|Saturday",
    preferences: "Dumbbells at home",
  };

  it("the saved program is readable again and becomes routines, once", async () => {
    const s = await person();
    expect((await inject(s, "GET", "/api/fitness/program")).json()).toEqual({
      program: null,
      savedAt: null,
    });
    expect((await inject(s, "POST", "/api/fitness/program/routines")).statusCode).toBe(404);

    const generated = (await inject(s, "POST", "/api/fitness/generate", { answers })).json();
    const saved = await inject(s, "POST", "/api/fitness/save", {
      answers,
      program: generated.program,
    });
    expect(saved.statusCode).toBe(200);
    const read = (await inject(s, "GET", "/api/fitness/program")).json();
    expect(read.program.firstWeekPreview).toEqual(generated.program.firstWeekPreview);

    const added = await inject(s, "POST", "/api/fitness/program/routines");
    expect(added.statusCode).toBe(201);
    const routinesAdded = added.json().added as { id: string; days: string[]; title: string }[];
    expect(routinesAdded.flatMap((r) => r.days).sort()).toEqual(["SA", "TH", "TU"]);
    const focus = generated.program.firstWeekPreview.days.map((d: { focus: string }) => d.focus);
    for (const r of routinesAdded) expect(focus).toContain(r.title);
    // its sessions are in the week already, on the program's days
    for (const r of routinesAdded) {
      const sessions = await sessionsOf(s, r.id);
      expect(sessions.length).toBeGreaterThan(0);
      for (const e of sessions)
        expect(r.days).toContain(local(e.start_time).toFormat("ccc").slice(0, 2).toUpperCase());
    }
    // added twice adds nothing
    const again = (await inject(s, "POST", "/api/fitness/program/routines")).json();
    expect(again).toEqual({ added: [], skipped: routinesAdded.length });
    expect((await inject(s, "GET", "/api/routines")).json().routines).toHaveLength(
      routinesAdded.length,
    );
  });
});

describe("the fitness chat says days as words", () => {
  it("no reply of the fitness assistant shows the stored 'Tuesday|Thursday' form", async () => {
    const s = await person();
    const answers = {
      goal: "Build muscle",
      experience: "Intermediate: I exercise once or twice a week",
      availability: "Tuesday|Thursday",
      preferences: "Dumbbells at home",
    };
    const { program } = (await inject(s, "POST", "/api/fitness/generate", { answers })).json();
    const saved = (await inject(s, "POST", "/api/fitness/save", { answers, program })).json();
    for (const message of ["What's my program?", "which days do I train", "hello"]) {
      const res = await inject(s, "POST", "/api/chat", {
        message,
        domainContextId: saved.context.id,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/\w\|\w/);
    }
  });
});
