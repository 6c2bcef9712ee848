import { describe, expect, it } from "vitest";
import { routineInput } from "../contract/routines.ts";
import { buildFitnessProgram } from "./build-program.ts";
import { durationMinutes, routinesFromProgram } from "./program-routines.ts";

const program = (days: { day: string; focus: string; duration: string }[]) => ({
  overview: "A program.",
  weeklyStructure: "Some days.",
  programLength: "8 weeks",
  firstWeekPreview: {
    week: 1,
    description: "Week 1",
    days: days.map((d) => ({ ...d, exercises: ["Squats"] })),
  },
});

describe("routinesFromProgram", () => {
  it("turns each kind of session into a routine on its days, valid by the contract", () => {
    const routines = routinesFromProgram(
      program([
        { day: "Tuesday", focus: "Upper body", duration: "45 minutes" },
        { day: "Thursday", focus: "Lower body", duration: "45 minutes" },
        { day: "Saturday", focus: "Upper body", duration: "45 minutes" },
      ]),
    );
    expect(routines).toEqual([
      {
        title: "Upper body",
        minutes: 45,
        timesPerWeek: 2,
        days: ["TU", "SA"],
        window: { from: "07:00", to: "21:00" },
        energy: "medium",
        priority: "medium",
      },
      expect.objectContaining({ title: "Lower body", timesPerWeek: 1, days: ["TH"] }),
    ]);
    for (const r of routines) expect(routineInput.safeParse(r).success).toBe(true);
  });

  it("leaves out days that name no weekday and reads lengths in words", () => {
    const routines = routinesFromProgram(
      program([
        { day: "Day 1", focus: "Full body", duration: "45 minutes" },
        { day: "wed", focus: "Run", duration: "1 hour" },
      ]),
    );
    expect(routines.map((r) => [r.title, r.days, r.minutes])).toEqual([["Run", ["WE"], 60]]);
    expect(durationMinutes("45–60 min")).toBe(60);
    expect(durationMinutes("1.5 hours")).toBe(90);
    expect(durationMinutes("as long as you like")).toBeUndefined();
  });

  it("reads the programs Sage builds", () => {
    const built = buildFitnessProgram({
      goal: "Build muscle",
      experience: "Intermediate: I exercise once or twice a week",
      availability: "Monday|Tuesday|Thursday|Friday",
      preferences: "Dumbbells at home",
    });
    const routines = routinesFromProgram(built);
    const days = routines.flatMap((r) => r.days).sort();
    expect(days).toEqual(["FR", "MO", "TH", "TU"]);
    for (const r of routines) expect(routineInput.safeParse(r).success).toBe(true);
  });
});
