import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { LocalEvent } from "../../../../core/calendar/local-event.ts";
import { EventList } from "./event-list.tsx";

afterEach(cleanup);

const item = (event: LocalEvent) => ({
  key: event.id,
  event,
  start: new Date(event.startTime),
  end: new Date(event.endTime ?? event.startTime),
});
const base = { allDay: false, priority: "medium" as const, version: 1 };

describe("EventList", () => {
  it("a guest's booking says whose and offers Edit, not Delete; other events offer both", () => {
    render(
      <EventList
        days={[
          {
            date: "2026-11-27",
            items: [
              item({
                ...base,
                id: "b",
                title: "Intro call",
                startTime: "2026-11-27T10:00:00.000Z",
                endTime: "2026-11-27T10:30:00.000Z",
                bookedBy: "Grace Guest",
              }),
              item({
                ...base,
                id: "l",
                title: "Lunch",
                startTime: "2026-11-27T12:00:00.000Z",
                endTime: "2026-11-27T13:00:00.000Z",
              }),
            ],
          },
        ]}
        zone="UTC"
        today="2026-11-27"
        pendingIds={new Set()}
        taskStatus={new Map()}
        now={new Date("2026-11-27T08:00:00Z")}
        onEdit={() => {}}
        onDelete={() => {}}
      />,
    );
    expect(screen.getByText(/Booked by Grace Guest through your booking link/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit Intro call" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Delete Intro call" })).toBeNull();
    expect(screen.getByRole("button", { name: "Delete Lunch" })).toBeTruthy();
  });
});
