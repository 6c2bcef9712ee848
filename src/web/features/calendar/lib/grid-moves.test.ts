import { describe, expect, it } from "vitest";
import type { LocalEvent } from "../../../../core/calendar/local-event.ts";
import { createSpan, keyStep, moveSpan, placedTimes, resizeSpan, spanOf } from "./grid-moves.ts";
import { layoutDays } from "./week-layout.ts";

const ZONE = "America/New_York";
const DATES = ["2026-03-03", "2026-03-04"];
const event = (start: string, end: string): LocalEvent => ({
  id: "a",
  title: "Dentist",
  startTime: start,
  endTime: end,
  allDay: false,
  priority: "medium",
  version: 1,
});

describe("grid moves", () => {
  it("a drag across empty time snaps to 15 minutes, either way, at least 15 long", () => {
    expect(createSpan(0, 605, 662)).toEqual({ day: 0, start: 600, end: 660 });
    expect(createSpan(0, 662, 605)).toEqual({ day: 0, start: 600, end: 660 });
    expect(createSpan(1, 600, 603)).toEqual({ day: 1, start: 600, end: 615 });
  });

  it("moving keeps the length and the day; resizing keeps the start", () => {
    const span = { day: 0, start: 600, end: 660 };
    expect(moveSpan(span, 1, 58)).toEqual({ day: 1, start: 660, end: 720 });
    expect(moveSpan(span, 0, 2000)).toEqual({ day: 0, start: 1380, end: 1440 });
    expect(resizeSpan(span, 610)).toEqual({ day: 0, start: 600, end: 615 });
  });

  it("keys: arrows move 15 minutes or a day, Shift changes the length, others do nothing", () => {
    const span = { day: 0, start: 600, end: 660 };
    expect(keyStep(span, { key: "ArrowUp", shiftKey: false }, 2)).toEqual({
      day: 0,
      start: 585,
      end: 645,
    });
    expect(keyStep(span, { key: "ArrowDown", shiftKey: true }, 2)?.end).toBe(675);
    expect(keyStep(span, { key: "ArrowRight", shiftKey: false }, 2)?.day).toBe(1);
    expect(keyStep(span, { key: "ArrowRight", shiftKey: false }, 1)?.day).toBe(0);
    expect(keyStep(span, { key: "a", shiftKey: false }, 2)).toBeNull();
  });

  it("puts an item down a day and an hour later", () => {
    // Tuesday 3–4 PM New York
    const [tue] = layoutDays(
      [event("2026-03-03T20:00:00Z", "2026-03-03T21:00:00Z")],
      ["2026-03-03"],
      ZONE,
    );
    const item = tue!.timed[0]!;
    const from = spanOf(item, 0, DATES[0]!, ZONE);
    const t = placedTimes({ item, dates: DATES, from, to: moveSpan(from, 1, 60), zone: ZONE });
    expect(t.start.toISOString()).toBe("2026-03-04T21:00:00.000Z");
    expect(t.end.toISOString()).toBe("2026-03-04T22:00:00.000Z");
  });

  it("moving the morning part of an event that began the night before keeps all of it", () => {
    // Tuesday 10 PM to Wednesday 2 AM New York; Wednesday draws 0:00–2:00
    const [, wed] = layoutDays(
      [event("2026-03-04T03:00:00Z", "2026-03-04T07:00:00Z")],
      DATES,
      ZONE,
    );
    const item = wed!.timed[0]!;
    const from = spanOf(item, 1, DATES[1]!, ZONE);
    expect(from).toEqual({ day: 1, start: 0, end: 120 });
    const t = placedTimes({ item, dates: DATES, from, to: moveSpan(from, 1, 30), zone: ZONE });
    expect(t.start.toISOString()).toBe("2026-03-04T03:30:00.000Z");
    expect(t.end.toISOString()).toBe("2026-03-04T07:30:00.000Z");
    // resizing its end: the start stays the night before
    const r = placedTimes({ item, dates: DATES, from, to: resizeSpan(from, 180), zone: ZONE });
    expect(r.start.toISOString()).toBe("2026-03-04T03:00:00.000Z");
    expect(r.end.toISOString()).toBe("2026-03-04T08:00:00.000Z");
  });
});
