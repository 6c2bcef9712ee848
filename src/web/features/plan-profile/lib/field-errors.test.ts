import { describe, expect, it } from "vitest";
import { fieldErrors, fromTimeValue, toTimeValue } from "./field-errors.ts";

describe("fieldErrors", () => {
  it("keys each message by where the form shows it", () => {
    expect(
      fieldErrors(
        "energyWindows.1.start: overlaps another window; workingDays: must name at least one working day; dayHours.6: Saturday is not a working day",
      ),
    ).toEqual({
      "energyWindows.1": "overlaps another window",
      workingDays: "must name at least one working day",
      "dayHours.6": "Saturday is not a working day",
    });
  });
});

describe("time values", () => {
  it("round-trips minutes through the time input, midnight at the end of the day included", () => {
    expect(toTimeValue(570)).toBe("09:30");
    expect(fromTimeValue("09:30")).toBe(570);
    expect(fromTimeValue(toTimeValue(1440))).toBe(1440);
    expect(fromTimeValue("")).toBeNull();
  });
});
