import { describe, expect, it } from "vitest";
import { parseRoutineRequest } from "./parse-routine.ts";

// Thursday 26 November 2026, 08:00 in London
const ctx = { now: new Date("2026-11-26T08:00:00Z"), zone: "Europe/London" };
const parse = (s: string) => parseRoutineRequest(s, ctx);

describe("parseRoutineRequest", () => {
  it("gym 3 times a week, mornings, an hour → a routine", () => {
    expect(parse("gym 3 times a week, mornings, an hour")).toEqual({
      tool: "create_routine",
      routine: {
        title: "Gym",
        minutes: 60,
        timesPerWeek: 3,
        days: ["MO", "TU", "WE", "TH", "FR", "SA", "SU"],
        window: { from: "06:00", to: "12:00" },
      },
    });
  });

  it("reads daily, weekdays, named days and lengths in minutes", () => {
    expect(parse("Walk every day at lunchtime for 30 minutes")).toMatchObject({
      routine: { title: "Walk", timesPerWeek: 7, minutes: 30, window: { from: "11:30" } },
    });
    expect(parse("I want to read every weekday in the evening")).toMatchObject({
      routine: { title: "Read", timesPerWeek: 5, days: ["MO", "TU", "WE", "TH", "FR"] },
    });
    expect(parse("swim twice a week on tuesdays and saturdays, 45 min")).toMatchObject({
      routine: { title: "Swim", timesPerWeek: 2, days: ["TU", "SA"], minutes: 45 },
    });
  });

  it("a fixed clock time is an event, not a routine: left alone", () => {
    expect(
      parse("I want to go to the gym every tuesday and thursday at 7am for an hour"),
    ).toBeUndefined();
    expect(parse("yoga twice a week at 18:30")).toBeUndefined();
  });

  it("skip gym today → that day's session", () => {
    expect(parse("skip gym today")).toEqual({
      tool: "skip_routine_session",
      title: "Gym",
      date: "2026-11-26",
    });
    expect(parse("Skip my run tomorrow!")).toEqual({
      tool: "skip_routine_session",
      title: "Run",
      date: "2026-11-27",
    });
  });

  it("move my runs to evenings → the window", () => {
    expect(parse("move my runs to evenings")).toEqual({
      tool: "update_routine",
      title: "Runs",
      window: { from: "17:00", to: "21:00" },
    });
    expect(parse("move my runs to 6pm")).toBeUndefined();
  });

  it("anything else is not a routine", () => {
    for (const s of ["add dentist tuesday 3pm", "plan my week", "hello", "3 times a week"])
      expect(parse(s)).toBeUndefined();
  });

  it("more sessions than the named days is not guessed", () => {
    expect(parse("gym 4 times a week on tuesdays and thursdays")).toBeUndefined();
  });
});
