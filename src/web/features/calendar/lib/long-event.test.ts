import { describe, expect, it } from "vitest";
import type { EventDraft } from "../../../../core/calendar/local-event.ts";
import { longEventQuestion } from "./long-event.ts";

const draft = (startTime: string, endTime: string, allDay = false) =>
  ({ title: "Trip", startTime, endTime, allDay, priority: "medium" }) as EventDraft;

describe("longEventQuestion", () => {
  it("asks nothing of a timed event of a day or less, nor of an all-day event", () => {
    expect(longEventQuestion(draft("2026-11-27T10:00:00Z", "2026-11-28T10:00:00Z"), "UTC")).toBe(
      null,
    );
    expect(
      longEventQuestion(draft("2026-11-27T00:00:00Z", "2027-06-27T00:00:00Z", true), "UTC"),
    ).toBe(null);
  });

  it.each([
    ["2026-11-28T16:00:00Z", "30 hours"],
    ["2026-12-01T10:00:00Z", "4 days"],
    ["2026-12-18T10:00:00Z", "3 weeks"],
    ["2027-06-27T10:00:00Z", "7 months"],
    ["2029-11-27T10:00:00Z", "3 years"],
  ])("names the length of an event from Nov 27 10:00 to %s: %s", (end, words) => {
    expect(longEventQuestion(draft("2026-11-27T10:00:00Z", end), "Europe/Berlin")).toBe(
      `This event lasts ${words}. Save it anyway?`,
    );
  });
});
