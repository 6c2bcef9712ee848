import { describe, expect, it } from "vitest";
import type { SchedulerProfile } from "../scheduler/types.ts";
import { meetingHours } from "./meeting-hours.ts";

const profile: SchedulerProfile = {
  timezone: "UTC",
  workingDays: [1, 5],
  workingHours: { start: 540, end: 1020 },
  dayHours: { 5: { start: 480, end: 600 } },
  energyWindows: [],
  focusBlockMinutes: 50,
  breakMinutes: 10,
  bufferMinutes: 10,
  dailyLoadCapMinutes: 300,
  estimatePadding: 1.25,
};

describe("meetingHours", () => {
  it("narrows each day's hours, and drops a day with nothing left", () => {
    const p = meetingHours(profile, { noMeetingsBefore: 600, noMeetingsAfter: 960 });
    expect(p.workingDays).toEqual([1]);
    expect(p.dayHours?.[1]).toEqual({ start: 600, end: 960 });
  });

  it("changes nothing without a rule", () => {
    expect(meetingHours(profile, { noMeetingsBefore: null, noMeetingsAfter: null })).toBe(profile);
  });
});
