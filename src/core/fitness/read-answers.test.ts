import { describe, expect, it } from "vitest";
import { readDays, readGoal, readIntent, readLevel } from "./read-answers.ts";

describe("reading fitness answers", () => {
  it("reads goals from labels and free text", () => {
    expect(readGoal("Lose weight")).toBe("lose_weight");
    expect(readGoal("I want bigger arms, more muscle")).toBe("build_muscle");
    expect(readGoal("Get stronger")).toBe("strength");
    expect(readGoal("Run my first 10k")).toBe("endurance");
    expect(readGoal("Improve flexibility and mobility")).toBe("flexibility");
    expect(readGoal("feel better")).toBe("general");
  });

  it("reads levels, defaulting to beginner", () => {
    expect(readLevel("Advanced: I train three or more times a week")).toBe("advanced");
    expect(readLevel("Intermediate: I exercise once or twice a week")).toBe("intermediate");
    expect(readLevel("Beginner: new to exercise or returning after a long break")).toBe("beginner");
    expect(readLevel("no idea")).toBe("beginner");
  });

  it("reads days from the pipe-joined multiselect, names, abbreviations and phrases", () => {
    expect(readDays("Monday|Wednesday|Friday")).toEqual([1, 3, 5]);
    expect(readDays("tues and thurs")).toEqual([2, 4]);
    expect(readDays("weekends")).toEqual([6, 7]);
    expect(readDays("weekdays")).toEqual([1, 2, 3, 4, 5]);
    expect(readDays("every day")).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(readDays("two times a week")).toEqual([2, 4]);
    expect(readDays("a wedding month")).toEqual([1, 3, 5]); // no false day matches; default
  });

  it("reads likes, dislikes, equipment and injuries from the preferences text", () => {
    const i = readIntent({
      goal: "Lose weight",
      experience: "Beginner",
      availability: "Mon",
      preferences: "Kettlebells at home. I love cycling, I hate running. Bad back.",
    });
    expect(i.likes).toEqual(["cycling"]);
    expect(i.dislikes).toEqual(["running"]);
    expect(i.equipment).toBe("dumbbells");
    expect(i.limitations).toEqual(["back"]);
    expect(i.lowImpact).toBe(false);
  });
});
