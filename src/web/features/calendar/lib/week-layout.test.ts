import { describe, expect, it } from "vitest";
import type { LocalEvent } from "../../../../core/calendar/local-event.ts";
import { itemLabel, layoutDays, profileBands, weekStart } from "./week-layout.ts";

const ZONE = "America/New_York";
const event = (
  id: string,
  title: string,
  start: string,
  end: string,
  extra: Partial<LocalEvent> = {},
): LocalEvent => ({
  id,
  title,
  startTime: start,
  endTime: end,
  allDay: false,
  priority: "medium",
  version: 1,
  ...extra,
});

describe("week layout", () => {
  // Tuesday 3 March 2026, 3 to 4 PM in New York is 20:00–21:00Z
  const dentist = event("a", "Dentist", "2026-03-03T20:00:00Z", "2026-03-03T21:00:00Z");

  it("reads like a sentence: 'Dentist, Tuesday 3 to 4 PM'", () => {
    const [, tuesday] = layoutDays([dentist], ["2026-03-02", "2026-03-03"], ZONE);
    expect(itemLabel(tuesday!.timed[0]!, ZONE)).toBe("Dentist, Tuesday 3 to 4 PM");
    const late = event("b", "Call", "2026-03-03T16:30:00Z", "2026-03-03T18:00:00Z");
    const [day] = layoutDays([late], ["2026-03-03"], ZONE);
    expect(itemLabel(day!.timed[0]!, ZONE)).toBe("Call, Tuesday 11:30 AM to 1 PM");
  });

  it("flags overlapping items, and only those; a Sage block says whose it is", () => {
    const block = event("c", "Write", "2026-03-03T20:30:00Z", "2026-03-03T21:30:00Z", {
      source: "assistant",
      taskId: "t1",
    });
    const alone = event("d", "Lunch", "2026-03-03T17:00:00Z", "2026-03-03T18:00:00Z");
    const [day] = layoutDays([dentist, block, alone], ["2026-03-03"], ZONE);
    const byTitle = new Map(day!.timed.map((i) => [i.event.title, i]));
    expect(byTitle.get("Dentist")).toMatchObject({ overlaps: true, kind: "user" });
    expect(byTitle.get("Write")).toMatchObject({ overlaps: true, kind: "sage" });
    expect(byTitle.get("Lunch")).toMatchObject({ overlaps: false });
    expect(itemLabel(byTitle.get("Write")!, ZONE, "Write the report")).toBe(
      "Write, Tuesday 3:30 to 4:30 PM, planned by Sage for Write the report, overlaps another event",
    );
  });

  it("an event the assistant added on the person's word is theirs; only a task's block is Sage's", () => {
    const added = event("e", "Dentist", "2026-03-03T20:00:00Z", "2026-03-03T21:00:00Z", {
      source: "assistant",
    });
    const [day] = layoutDays([added], ["2026-03-03"], ZONE);
    expect(day!.timed[0]).toMatchObject({ kind: "user", readOnly: false });
    expect(itemLabel(day!.timed[0]!, ZONE)).not.toContain("Sage");
  });

  it("draws each occurrence of a series with its series and start, skipping exceptions", () => {
    const gym = event("g", "Gym", "2026-03-02T14:00:00Z", "2026-03-02T15:00:00Z", {
      recurrence: { frequency: "DAILY", count: 3 },
      exdates: ["2026-03-03T14:00:00.000Z"],
    });
    const days = layoutDays([gym], ["2026-03-02", "2026-03-03", "2026-03-04"], ZONE);
    expect(days.map((d) => d.timed.map((i) => i.occurrence))).toEqual([
      ["2026-03-02T14:00:00.000Z"],
      [],
      ["2026-03-04T14:00:00.000Z"],
    ]);
    expect(days[0]!.timed[0]!.seriesId).toBe("g");
  });

  it("external events are read only in their colour", () => {
    const ext = {
      ...dentist,
      id: "x",
      source: "external",
      color: "#aa0000",
    } as unknown as LocalEvent;
    const [day] = layoutDays([ext], ["2026-03-03"], ZONE);
    expect(day!.timed[0]).toMatchObject({ kind: "external", readOnly: true, color: "#aa0000" });
  });

  it("shades working hours, peak and dip from the profile; weeks start on Monday", () => {
    expect(weekStart("2026-03-05")).toBe("2026-03-02");
    const profile = {
      workingDays: [1, 2, 3, 4, 5],
      workingHours: { start: 540, end: 1020 },
      dayHours: { "5": { start: 540, end: 810 } },
      energyWindows: [
        { start: 540, end: 660, level: "peak" },
        { start: 660, end: 780, level: "good" },
        { start: 840, end: 960, level: "low" },
      ],
    } as Parameters<typeof profileBands>[0];
    expect(profileBands(profile, 2)).toEqual({
      working: { start: 9, end: 17 },
      bands: [
        { start: 9, end: 11, kind: "peak" },
        { start: 14, end: 16, kind: "dip" },
      ],
    });
    expect(profileBands(profile, 5).working).toEqual({ start: 9, end: 13.5 });
    expect(profileBands(profile, 6).working).toBeNull();
    expect(profileBands(null, 2)).toEqual({ working: null, bands: [] });
  });

  it("shades the hours Sage plans with when it learned them, a weekday's own first", () => {
    const profile = {
      workingDays: [1, 2, 3, 4, 5],
      workingHours: { start: 540, end: 1020 },
      dayHours: {},
      energyWindows: [{ start: 540, end: 720, level: "peak" }],
      planned: {
        windows: [{ start: 840, end: 1020, level: "peak" }],
        dayWindows: { "5": [{ start: 600, end: 780, level: "peak" }] },
      },
    } as Parameters<typeof profileBands>[0];
    expect(profileBands(profile, 2).bands).toEqual([{ start: 14, end: 17, kind: "peak" }]);
    expect(profileBands(profile, 5).bands).toEqual([{ start: 10, end: 13, kind: "peak" }]);
  });
});
