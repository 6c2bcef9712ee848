import { describe, expect, it } from "vitest";
import { slotsByDay } from "./slot-days.ts";

const slot = (start: string) => ({
  start,
  end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
});

describe("slotsByDay", () => {
  it("groups slots by the guest's day, not UTC's, in time order", () => {
    // 16:00 and 23:30 UTC on the 1st, 09:00 UTC on the 2nd; for Tokyo (UTC+9) the last two
    // are both on the 2nd
    const slots = [
      slot("2026-12-02T09:00:00.000Z"),
      slot("2026-12-01T16:00:00.000Z"),
      slot("2026-12-01T23:30:00.000Z"),
    ];
    expect(slotsByDay(slots, "UTC").map((d) => [d.date, d.slots.length])).toEqual([
      ["2026-12-01", 2],
      ["2026-12-02", 1],
    ]);
    expect(slotsByDay(slots, "Asia/Tokyo").map((d) => [d.date, d.slots.length])).toEqual([
      ["2026-12-02", 3],
    ]);
    expect(slotsByDay(slots, "America/Los_Angeles")[0]!.slots[0]!.start).toBe(
      "2026-12-01T16:00:00.000Z",
    );
  });

  it("has no days when nothing is offered", () => {
    expect(slotsByDay([], "Europe/Paris")).toEqual([]);
  });
});
