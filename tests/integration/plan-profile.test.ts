import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanProfile, PlanProfileResponse } from "../../src/core/contract/plan-profile.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const ZONE = "Europe/London";
// Monday 2031-03-03, 07:00 in London
const NOW = DateTime.fromISO("2031-03-03T07:00", { zone: ZONE });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW.toJSDate() });
});
afterAll(() => t.close());

type Session = { headers: Record<string, string> };

const answers = {
  struggle: "focus",
  peak_time: "early_morning",
  typical_day: "entrepreneur",
  work_style: "medium_sessions",
  avoidance: "distract_easier",
  additional_info: "I work 4 days a week; Fridays are for errands. No meetings before 10.",
};

async function answered(patch: Partial<typeof answers> = {}) {
  const s = await t.signIn();
  await t.app.inject({
    method: "PATCH",
    url: "/api/profile",
    headers: s.headers,
    payload: { timezone: ZONE },
  });
  const gen = await t.app.inject({
    method: "POST",
    url: "/api/productivity/generate",
    headers: s.headers,
    payload: { ...answers, ...patch },
  });
  expect(gen.json().saved).toBe(true);
  return s;
}

const get = async (s: Session) =>
  (
    await t.app.inject({ method: "GET", url: "/api/plan/profile", headers: s.headers })
  ).json() as PlanProfileResponse;
const put = (s: Session, version: number, profile: unknown) =>
  t.app.inject({
    method: "PUT",
    url: `/api/plan/profile?version=${version}`,
    headers: s.headers,
    payload: profile as object,
  });

describe("GET /api/plan/profile", () => {
  it("is the default, said in words, before the questionnaire", async () => {
    const s = await t.signIn();
    const body = await get(s);
    expect(body).toMatchObject({ source: "default", version: 0, fromNotes: [], resolved: [] });
    expect(body.profile.workingDays).toEqual([1, 2, 3, 4, 5]);
    expect(body.explained[0]).toBe("Sage plans your work Monday to Friday, 9 am–5 pm.");
  });

  it("is seeded from the questionnaire and its note, and says what it took", async () => {
    const body = await get(await answered());
    expect(body.source).toBe("questionnaire");
    expect(body.profile.workingDays).toEqual([1, 2, 3, 4]);
    expect(body.profile.noMeetingsBefore).toBe(600);
    expect(body.fromNotes.join(" ")).toContain("Sage plans your work Monday to Thursday");
    expect(body.fromNotes.join(" ")).toContain("meetings start at 10 am or later");
    // the peak sits inside the working hours it is promised for
    const peak = body.profile.energyWindows.find((w) => w.level === "peak")!;
    expect(peak.start).toBeGreaterThanOrEqual(body.profile.workingHours.start);
  });

  it("says how a peak outside working hours was resolved", async () => {
    const body = await get(
      await answered({ peak_time: "night", additional_info: "I work 9 to 3" }),
    );
    expect(body.profile.workingHours).toEqual({ start: 540, end: 900 });
    expect(body.resolved[0]).toContain("falls outside your working hours (9 am–3 pm)");
    expect(body.explained.join(" ")).not.toMatch(/peak: (8|9|10|11) pm/);
  });
});

describe("the assistant quotes How you work, not the questionnaire", () => {
  it("after an edit, chat gives the edited block length, buffer, daily cap and peak", async () => {
    const s = await answered();
    const before = await get(s);
    const edited: PlanProfile = {
      ...before.profile,
      energyWindows: [{ start: 14 * 60, end: 16 * 60, level: "peak" }],
      focusBlockMinutes: 60,
      bufferMinutes: 15,
      dailyLoadCapMinutes: 330,
    };
    expect((await put(s, before.version, edited)).statusCode).toBe(200);
    const ask = async (message: string) => (await t.say(s.headers, message)).response;
    const plan = await ask("Any tips to organise my week?");
    // the questionnaire said early mornings and 50-minute sessions; How you work says otherwise
    expect(plan).toContain("Your best hours are 2:00 PM – 4:00 PM");
    expect(plan).not.toContain("early morning");
    expect(plan).toContain("I plan your focus work in 60-minute blocks");
    expect(plan).not.toContain("50-minute");
    expect(plan).toContain("I keep 15 minutes around meetings");
    expect(plan).toContain("at most 5½ hours of focused work a day");
    expect(plan).not.toContain("70%");
    expect(await ask("I need a break")).toContain("After each of your 60-minute blocks");
  });
});

describe("PUT /api/plan/profile", () => {
  it("saves the object GET returns under profile, answers the same shape, and bumps the version", async () => {
    const s = await answered();
    const before = await get(s);
    const edited: PlanProfile = {
      ...before.profile,
      workingDays: [2, 3],
      dayHours: { "3": { start: 600, end: 780 } },
    };
    const res = await put(s, before.version, edited);
    expect(res.statusCode).toBe(200);
    const body = res.json() as PlanProfileResponse;
    expect(body).toMatchObject({ source: "edited", version: before.version + 1, fromNotes: [] });
    expect(body.profile).toEqual(edited);
    expect(body.explained[0]).toBe(
      "Sage plans your work Tuesday, 5 am–3 pm; Wednesday, 10 am–1 pm.",
    );
    expect(await get(s)).toEqual(body);
  });

  it("refuses a stale version with 409 and the current profile", async () => {
    const s = await answered();
    const { profile, version } = await get(s);
    expect((await put(s, version, { ...profile, focusBlockMinutes: 25 })).statusCode).toBe(200);
    const stale = await put(s, version, { ...profile, focusBlockMinutes: 90 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: "conflict",
      details: { current: { version: version + 1, profile: { focusBlockMinutes: 25 } } },
    });
  });

  it("lets one of two saves from the same version win", async () => {
    const s = await t.signIn();
    const { profile } = await get(s);
    const results = await Promise.all([
      put(s, 0, { ...profile, bufferMinutes: 5 }),
      put(s, 0, { ...profile, bufferMinutes: 20 }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it.each([
    ["workingDays", { workingDays: [] }, "workingDays: must name at least one working day"],
    ["workingDays.1", { workingDays: [1, 1] }, "workingDays.1: is listed twice"],
    ["workingDays.0", { workingDays: [8] }, "workingDays.0: must be a weekday number 1–7"],
    [
      "workingHours.end",
      { workingHours: { start: 900, end: 540 } },
      "workingHours.end: must end after it starts",
    ],
    [
      "dayHours.6",
      { dayHours: { "6": { start: 600, end: 700 } } },
      "dayHours.6: Saturday is not a working day",
    ],
    [
      "energyWindows.1.start",
      {
        energyWindows: [
          { start: 540, end: 720, level: "peak" },
          { start: 660, end: 800, level: "low" },
        ],
      },
      "energyWindows.1.start: overlaps another window",
    ],
    [
      "energyWindows.0",
      { energyWindows: [{ start: 1200, end: 1320, level: "peak" }] },
      "energyWindows.0: a peak window must fall inside your working hours",
    ],
    [
      "energyWindows.0.level",
      { energyWindows: [{ start: 540, end: 600, level: "high" }] },
      "energyWindows.0.level",
    ],
    [
      "focusBlockMinutes",
      { focusBlockMinutes: 5 },
      "focusBlockMinutes: must be at least 10 minutes",
    ],
    ["bufferMinutes", { bufferMinutes: -1 }, "bufferMinutes: must be at least 0 minutes"],
    [
      "dailyLoadCapMinutes",
      { dailyLoadCapMinutes: "lots" },
      "dailyLoadCapMinutes: must be a number of minutes",
    ],
    [
      "noMeetingsAfter",
      { noMeetingsBefore: 600, noMeetingsAfter: 540 },
      "noMeetingsAfter: must be later",
    ],
    ["an unknown field", { hoursPerDay: 8 }, "hoursPerDay"],
  ])("answers 400 naming %s", async (_name, patch, message) => {
    const s = await t.signIn();
    const { profile, version } = await get(s);
    const res = await put(s, version, { ...profile, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("bad_request");
    expect(res.json().error).toContain(message);
  });

  it("answers 400 naming version when it is missing", async () => {
    const s = await t.signIn();
    const { profile } = await get(s);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/plan/profile",
      headers: s.headers,
      payload: profile,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain("version");
  });

  it("hands the profile back to the questionnaire when it is answered again", async () => {
    const s = await answered();
    const { profile, version } = await get(s);
    await put(s, version, { ...profile, focusBlockMinutes: 25 });
    await t.app.inject({
      method: "POST",
      url: "/api/productivity/generate",
      headers: s.headers,
      payload: { ...answers, additional_info: "" },
    });
    const after = await get(s);
    expect(after.source).toBe("questionnaire");
    expect(after.version).toBe(version + 2);
    expect(after.profile.focusBlockMinutes).toBe(50);
  });

  it("plans only on the saved days and inside the saved hours", async () => {
    const s = await answered();
    const { profile, version } = await get(s);
    const saved = await put(s, version, {
      ...profile,
      workingDays: [3, 4],
      workingHours: { start: 780, end: 1020 },
      dayHours: {},
      energyWindows: [{ start: 780, end: 900, level: "peak" }],
    });
    expect(saved.statusCode).toBe(200);
    for (const title of ["Write the report", "Plan the launch"]) {
      await t.app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: s.headers,
        payload: { title, estimateMinutes: 120, priority: "high" },
      });
    }
    const res = await t.app.inject({
      method: "POST",
      url: "/api/plan",
      headers: s.headers,
      payload: { days: 7 },
    });
    expect(res.statusCode).toBe(200);
    const placed = res.json().placed as { start: string; end: string }[];
    expect(placed.length).toBeGreaterThan(0);
    for (const b of placed) {
      const start = DateTime.fromISO(b.start).setZone(ZONE);
      const end = DateTime.fromISO(b.end).setZone(ZONE);
      expect([3, 4]).toContain(start.weekday);
      expect(start.hour * 60 + start.minute).toBeGreaterThanOrEqual(780);
      expect(end.hour * 60 + end.minute).toBeLessThanOrEqual(1020);
    }
  });
});
