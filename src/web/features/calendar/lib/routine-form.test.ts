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
    // in the form's words, not the API's field names
    expect(result.errors).toEqual({
      title: "The title is required",
      to: "To must be after From",
      timesPerWeek: "Times a week is 3, but only 2 days are allowed (one session a day)",
    });
  });

  it("says a session's length in words", () => {
    const result = formToRoutineInput({ ...emptyRoutineForm(), title: "Gym", minutes: "600" });
    expect(result.errors?.minutes).toBe("A session must be at most 8 hours");
  });

  it("an empty number is refused on its field", () => {
    const result = formToRoutineInput({ ...emptyRoutineForm(), title: "Walk", minutes: "" });
    expect(Object.keys(result.errors ?? {})).toEqual(["minutes"]);
  });
});
