import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LocalEvent } from "../../../../core/calendar/local-event.ts";
import { layoutDays } from "../lib/week-layout.ts";
import { WeekGrid } from "./week-grid.tsx";

afterEach(cleanup);

const ZONE = "America/New_York";
const DAYS = ["2026-03-03", "2026-03-04"];
const event = (id: string, title: string, start: string, end: string): LocalEvent => ({
  id,
  title,
  startTime: start,
  endTime: end,
  allDay: false,
  priority: "medium",
  version: 1,
});

function grid(events: LocalEvent[]) {
  const onChange = vi.fn();
  const onOpen = vi.fn();
  const announce = vi.fn();
  render(
    <WeekGrid
      days={layoutDays(events, DAYS, ZONE)}
      zone={ZONE}
      now={new Date("2026-03-01T12:00:00Z")}
      profile={null}
      highlight={new Set()}
      pendingIds={new Set()}
      taskTitles={new Map()}
      taskEnergy={new Map()}
      onChange={onChange}
      onCreate={() => {}}
      onOpen={onOpen}
      onSwipe={() => {}}
      announce={announce}
    />,
  );
  return { onChange, onOpen, announce };
}

describe("WeekGrid", () => {
  it("keyboard: Space picks an event up, arrows move it a day and an hour, Enter puts it down", () => {
    // Tuesday 3–3:15 PM New York
    const { onChange, announce } = grid([
      event("a", "Call", "2026-03-03T20:00:00Z", "2026-03-03T20:15:00Z"),
    ]);
    const call = screen.getByRole("button", { name: /^Call, Tuesday 3 to 3:15 PM$/ });
    expect(call.textContent).toContain("Call");
    fireEvent.keyDown(call, { key: " " });
    fireEvent.keyDown(call, { key: "ArrowRight" });
    for (let i = 0; i < 4; i++) fireEvent.keyDown(call, { key: "ArrowDown" });
    expect(announce).toHaveBeenLastCalledWith("Wednesday 4:00 PM to 4:15 PM");
    fireEvent.keyDown(call, { key: "Enter" });
    const [, start, end] = onChange.mock.calls[0]!;
    expect([start.toISOString(), end.toISOString()]).toEqual([
      "2026-03-04T21:00:00.000Z",
      "2026-03-04T21:15:00.000Z",
    ]);
  });

  it("a guest's booking keeps its time: no drag, no resize, Space says why; it still opens", () => {
    const booked = {
      ...event("b", "Intro call", "2026-03-03T20:00:00Z", "2026-03-03T20:30:00Z"),
      bookedBy: "Grace Guest",
    };
    const own = event("c", "Lunch", "2026-03-04T17:00:00Z", "2026-03-04T17:30:00Z");
    const { onChange, onOpen, announce } = grid([booked, own]);
    const call = screen.getByRole("button", {
      name: /^Intro call, Tuesday 3 to 3:30 PM, booked by Grace Guest, time fixed$/,
    });
    expect(call.closest("li")!.querySelector("[data-resize-handle]")).toBeNull();
    const lunch = screen.getByRole("button", { name: /^Lunch,/ });
    expect(lunch.closest("li")!.querySelector("[data-resize-handle]")).not.toBeNull();
    fireEvent.keyDown(call, { key: " " });
    expect(announce).toHaveBeenLastCalledWith(
      "Intro call is Grace Guest's booking: its time is fixed. Enter opens it.",
    );
    fireEvent.keyDown(call, { key: "ArrowDown" });
    fireEvent.keyDown(call, { key: "Enter" });
    expect(onOpen).toHaveBeenCalledTimes(1);
    // dragged with a mouse: nothing moves, and letting go opens it
    const drag = (el: HTMLElement) => {
      const at = { pointerId: 1, pointerType: "mouse", button: 0, clientX: 10 };
      fireEvent.pointerDown(el, { ...at, clientY: 10 });
      fireEvent.pointerMove(el, { ...at, clientY: 300 });
      fireEvent.pointerUp(el, { ...at, clientY: 300 });
    };
    drag(call);
    expect(onOpen).toHaveBeenCalledTimes(2);
    expect(onChange).not.toHaveBeenCalled();
    // the same drag moves the person's own event
    drag(lunch);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("two events at the same time: one title, and +1 lists the other to open it", () => {
    const { onOpen } = grid([
      event("a", "Planning", "2026-03-03T19:00:00Z", "2026-03-03T20:00:00Z"),
      event("b", "Dentist", "2026-03-03T19:00:00Z", "2026-03-03T19:30:00Z"),
    ]);
    expect(screen.queryByRole("button", { name: /^Dentist, / })).toBeNull();
    const more = screen.getByRole("button", { name: /^1 more at .*: Dentist$/ });
    fireEvent.click(more);
    expect(more.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: /^Dentist, Tuesday 2 to 2:30 PM/ }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ key: "b" }));
  });

  it("no red 'Overlaps' text: the overlap is a quiet mark and in the label", () => {
    grid([
      event("a", "One", "2026-03-03T15:00:00Z", "2026-03-03T16:00:00Z"),
      event("b", "Two", "2026-03-03T15:30:00Z", "2026-03-03T16:30:00Z"),
    ]);
    expect(screen.queryByText("Overlaps")).toBeNull();
    const two = screen.getByRole("button", { name: /^Two, .*overlaps another event$/ });
    expect(two.querySelector("[data-overlap-mark]")).not.toBeNull();
  });
});
