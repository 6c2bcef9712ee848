import { describe, expect, it } from "vitest";
import type { LocalEvent } from "../../../../core/calendar/local-event.ts";
import { agenda } from "./agenda.ts";

const event = (id: string, patch: Partial<LocalEvent>): LocalEvent => ({
  id,
  title: id,
  startTime: "2025-06-02T07:00:00.000Z",
  allDay: false,
  priority: "medium",
  version: 1,
  ...patch,
});

describe("agenda", () => {
  it("groups occurrences by day in the user's zone, upcoming first, series expanded", () => {
    const days = agenda(
      [
        event("late", { startTime: "2025-06-02T22:30:00.000Z" }), // 00:30 on 3 June in Berlin
        event("weekly", {
          startTime: "2025-05-26T07:00:00.000Z",
          recurrence: { frequency: "WEEKLY" },
        }),
        event("holiday", { allDay: true, startTime: "2025-06-03T00:00:00.000Z" }),
        event("past", { startTime: "2025-05-01T07:00:00.000Z" }),
      ],
      {
        from: new Date("2025-06-01T22:00:00Z"),
        to: new Date("2025-06-10T22:00:00Z"),
        zone: "Europe/Berlin",
      },
    );
    expect(days.map((d) => [d.date, d.items.map((i) => i.event.id)])).toEqual([
      ["2025-06-02", ["weekly"]],
      ["2025-06-03", ["holiday", "late"]],
      ["2025-06-09", ["weekly"]],
    ]);
  });

  it("lists the past newest first", () => {
    const days = agenda(
      [
        event("a", { startTime: "2025-05-01T07:00:00.000Z" }),
        event("b", { startTime: "2025-05-02T07:00:00.000Z" }),
      ],
      {
        from: new Date("2025-04-01Z"),
        to: new Date("2025-06-01Z"),
        zone: "UTC",
        newestFirst: true,
      },
    );
    expect(days.map((d) => d.date)).toEqual(["2025-05-02", "2025-05-01"]);
  });
});
