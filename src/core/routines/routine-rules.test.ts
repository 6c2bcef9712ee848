import { describe, expect, it } from "vitest";
import { HHMM, hhmmOf, isoWeekday, minutesOf, routineProblems } from "./routine-rules.ts";

const gym = {
  minutes: 60,
  timesPerWeek: 3,
  days: ["MO", "TU", "WE", "TH", "FR"] as const,
  window: { from: "06:00", to: "09:00" },
};

describe("routine rules", () => {
  it("a routine that fits has no problems", () => {
    expect(routineProblems(gym)).toEqual([]);
  });

  it("a session longer than its window is refused on minutes", () => {
    const problems = routineProblems({ ...gym, minutes: 200 });
    expect(problems).toEqual([
      { path: ["minutes"], message: expect.stringContaining("does not fit in the 06:00–09:00") },
    ]);
  });

  it("more sessions a week than allowed days is refused on timesPerWeek", () => {
    const problems = routineProblems({ ...gym, days: ["TU", "TH"], timesPerWeek: 3 });
    expect(problems.map((p) => p.path)).toEqual([["timesPerWeek"]]);
    expect(problems[0]!.message).toContain("only 2 days are allowed");
  });

  it("a window that ends before it starts is refused on window.to", () => {
    expect(routineProblems({ ...gym, window: { from: "09:00", to: "06:00" } })[0]!.path).toEqual([
      "window",
      "to",
    ]);
  });

  it("a repeated day is refused and does not count twice", () => {
    const problems = routineProblems({ ...gym, days: ["MO", "MO"], timesPerWeek: 2 });
    expect(problems.map((p) => p.path.join("."))).toEqual(["days", "timesPerWeek"]);
  });

  it("reads and writes HH:MM", () => {
    expect(minutesOf("06:30")).toBe(390);
    expect(hhmmOf(390)).toBe("06:30");
    expect(minutesOf("24:00")).toBe(1440);
    expect(HHMM.test("24:00")).toBe(true);
    expect(HHMM.test("7:00")).toBe(false);
    expect(HHMM.test("24:30")).toBe(false);
    expect(isoWeekday("MO")).toBe(1);
    expect(isoWeekday("SU")).toBe(7);
  });
});
