import { describe, expect, it } from "vitest";
import { planProfile } from "../contract/plan-profile.ts";
import type { ProductivityAnswers } from "../contract/productivity.ts";
import { buildSchedulingProfile, ENERGY_WINDOWS } from "../productivity/scheduling-profile.ts";
import {
  DEFAULT_PLAN_PROFILE,
  explainPlanProfile,
  resolveContradictions,
  seedPlanProfile,
} from "./seed-plan-profile.ts";

const answers: ProductivityAnswers = {
  struggle: "focus",
  peak_time: "morning",
  typical_day: "entrepreneur",
  work_style: "medium_sessions",
  avoidance: "distract_easier",
  additional_info: "",
};
const seed = (patch: Partial<ProductivityAnswers>) => {
  const a = { ...answers, ...patch };
  return seedPlanProfile({
    scheduling: buildSchedulingProfile(a),
    notes: a.additional_info,
    statedPeak: ENERGY_WINDOWS[a.peak_time].find((w) => w.level === "peak"),
  });
};

describe("seedPlanProfile", () => {
  it("is the default before the questionnaire", () => {
    expect(seedPlanProfile({ scheduling: undefined, notes: "" })).toEqual({
      profile: DEFAULT_PLAN_PROFILE,
      fromNotes: [],
      resolved: [],
    });
  });

  it("takes 'work 4 days a week; Fridays are for errands' as Monday to Thursday, and says so", () => {
    const r = seed({ additional_info: "work 4 days a week; Fridays are for errands" });
    expect(r.profile.workingDays).toEqual([1, 2, 3, 4]);
    expect(r.fromNotes.join(" ")).toBe(
      "You wrote “work 4 days a week” and “Fridays are for errands”: Sage plans your work Monday to Thursday; Friday is a day off.",
    );
    expect(r.fromNotes.join(" ")).toContain("“Fridays are for errands”");
  });

  it("takes hours and a meeting rule from the note", () => {
    const r = seed({ additional_info: "I can only work 9 to 3. No meetings before 10." });
    expect(r.profile.workingHours).toEqual({ start: 540, end: 900 });
    expect(r.profile.noMeetingsBefore).toBe(600);
    expect(r.fromNotes.some((s) => s.includes("9 am–3 pm"))).toBe(true);
  });

  it("moves a night owl's peak to the end of their working day", () => {
    const r = seed({ peak_time: "morning", additional_info: "I'm a night owl" });
    expect(r.profile.energyWindows.find((w) => w.level === "peak")).toEqual({
      start: 15 * 60,
      end: 18 * 60,
      level: "peak",
    });
  });

  it("resolves a peak outside the hours the note set, and says it plainly", () => {
    const r = seed({ peak_time: "evening", additional_info: "I work 9 to 3" });
    const peak = r.profile.energyWindows.find((w) => w.level === "peak")!;
    expect(peak.end).toBeLessThanOrEqual(900);
    expect(r.resolved[0]).toMatch(/falls outside your working hours \(9 am–3 pm\)/);
  });

  it("says a peak that starts before the working day starts before it", () => {
    const r = seed({ peak_time: "morning", additional_info: "I work 9 to 3" });
    expect(r.resolved[0]).toBe(
      "Your peak, 8–11 am, starts before your working hours (9 am–3 pm), so Sage plans your hardest work for 9–11 am. If you do work then, change your hours below.",
    );
  });

  it("always gives a profile the server would accept", () => {
    for (const notes of [
      "",
      "I don't work weekends",
      "work 1 day a week",
      "I'm a night owl, 10am to 2pm",
    ]) {
      for (const peak_time of ["early_morning", "night", "varies"] as const) {
        const r = seed({ peak_time, additional_info: notes, typical_day: "parent" });
        expect(planProfile.safeParse(r.profile).success).toBe(true);
      }
    }
  });

  it("never takes every working day away", () => {
    const r = seed({
      additional_info:
        "I don't work Monday, Tuesday, Wednesday, Thursday, Friday, Saturday or Sunday",
    });
    expect(r.profile.workingDays.length).toBeGreaterThan(0);
  });
});

describe("resolveContradictions", () => {
  it("lowers a cap longer than the longest working day", () => {
    const said: string[] = [];
    const p = resolveContradictions(
      {
        ...DEFAULT_PLAN_PROFILE,
        workingHours: { start: 540, end: 720 },
        energyWindows: [],
        dailyLoadCapMinutes: 400,
      },
      said,
    );
    expect(p.dailyLoadCapMinutes).toBe(180);
    expect(said).toHaveLength(1);
  });
});

describe("explainPlanProfile", () => {
  it("says days, per-day hours, peak, lengths and cap in words", () => {
    const text = explainPlanProfile({
      ...DEFAULT_PLAN_PROFILE,
      dayHours: { "5": { start: 540, end: 780 } },
    }).join(" ");
    expect(text).toContain("Monday to Thursday, 9 am–5 pm; Friday, 9 am–1 pm");
    expect(text).toContain("Saturday and Sunday stay free.");
    expect(text).toContain("Your hardest work goes to your peak: 9 am–noon.");
    expect(text).toContain("at most 5 hours of work a day");
  });
});
