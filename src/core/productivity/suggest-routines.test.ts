import { describe, expect, it } from "vitest";
import { productivityAnswers } from "../contract/productivity.ts";
import { routineInput } from "../contract/routines.ts";
import { suggestRoutines } from "./suggest-routines.ts";

const answers = productivityAnswers.parse({
  struggle: "focus",
  peak_time: "morning",
  typical_day: "remote_flexible",
  work_style: "deep_work",
  avoidance: "power_through",
  additional_info: "",
});

describe("suggestRoutines", () => {
  it("offers a planning slot before the peak and a weekly review", () => {
    const s = suggestRoutines(answers);
    expect(s.map((x) => x.routine.title)).toEqual(["Plan the day", "Weekly review"]);
    expect(s[0]!.routine.window).toEqual({ from: "07:30", to: "09:00" });
  });

  it("adds walk breaks for those who struggle with energy, and never more than three", () => {
    const s = suggestRoutines({ ...answers, struggle: "energy" });
    expect(s.map((x) => x.routine.title)).toEqual(["Plan the day", "Walk break", "Weekly review"]);
  });

  it("every suggestion is a routine the server takes", () => {
    for (const struggle of ["energy", "overwhelm", "focus"] as const)
      for (const peak_time of ["early_morning", "night", "varies"] as const)
        for (const x of suggestRoutines({ ...answers, struggle, peak_time }))
          expect(routineInput.safeParse(x.routine).success).toBe(true);
  });
});
