import { describe, expect, it } from "vitest";
import { emptyRoutineForm, formToRoutineInput } from "./routine-form.ts";

describe("the routine form", () => {
  it("sends a routine that keeps the server's rules", () => {
    const result = formToRoutineInput({ ...emptyRoutineForm(), title: "Gym" });
    expect(result.errors).toBeUndefined();
    expect(result).toEqual({
      input: {
        title: "Gym",
        minutes: 60,
        timesPerWeek: 3,
        days: ["MO", "TU", "WE", "TH", "FR"],
        window: { from: "06:00", to: "09:00" },
        energy: "medium",
        priority: "medium",
      },
    });
  });

  it("puts each problem beside its field", () => {
    const result = formToRoutineInput({
      ...emptyRoutineForm(),
      title: "",
      minutes: "240",
      days: ["TU", "TH"],
      from: "10:00",
      to: "09:00",
    });
    expect(result.errors).toEqual({
      title: "title is required",
      to: "window.to must be after window.from",
      timesPerWeek: expect.stringContaining("only 2 days are allowed"),
    });
  });

  it("an empty number is refused on its field", () => {
    const result = formToRoutineInput({ ...emptyRoutineForm(), title: "Walk", minutes: "" });
    expect(Object.keys(result.errors ?? {})).toEqual(["minutes"]);
  });
});
