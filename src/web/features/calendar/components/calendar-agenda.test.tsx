import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LocalEvent } from "../../../../core/calendar/local-event.ts";
import { MemoryRouter } from "../../../lib/router.tsx";
import { CalendarAgenda, comingUp } from "./calendar-agenda.tsx";

const USER = "7d0f3c1e-2b4a-4c5d-8e6f-1a2b3c4d5e6f";
const ZONE = "Europe/Berlin";
const NOW = new Date("2026-11-26T10:30:00Z"); // 11:30 in Berlin

const event = (id: string, start: string, minutes = 60, extra: Partial<LocalEvent> = {}) =>
  ({
    id,
    title: id,
    startTime: start,
    endTime: new Date(new Date(start).getTime() + minutes * 60_000).toISOString(),
    allDay: false,
    priority: "medium",
    version: 1,
    ...extra,
  }) as LocalEvent;

describe("comingUp", () => {
  it("lists what is still on today, then the next days, at most five items", () => {
    const events = [
      event("ended", "2026-11-26T07:00:00Z"),
      event("on now", "2026-11-26T10:00:00Z"),
      event("later", "2026-11-26T15:00:00Z"),
      event("tomorrow", "2026-11-27T08:00:00Z"),
      event("friday 1", "2026-11-28T08:00:00Z"),
      event("friday 2", "2026-11-28T09:00:00Z"),
      event("friday 3", "2026-11-28T10:00:00Z"),
    ];
    const days = comingUp(events, { now: NOW, zone: ZONE });
    expect(days.map((d) => [d.date, d.items.map((i) => i.event.title)])).toEqual([
      ["2026-11-26", ["on now", "later"]],
      ["2026-11-27", ["tomorrow"]],
      ["2026-11-28", ["friday 1", "friday 2"]],
    ]);
  });

  it("looks no further than a week", () => {
    const days = comingUp([event("next month", "2026-12-20T08:00:00Z")], { now: NOW, zone: ZONE });
    expect(days).toEqual([]);
  });
});

describe("CalendarAgenda", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ events: [] }), { status: 200 })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("offers the way to the calendar", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={["/chat"]}>
          <CalendarAgenda userId={USER} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const agenda = screen.getByRole("region", { name: "Coming up" });
    expect(within(agenda).getByRole("link", { name: "Open calendar" }).getAttribute("href")).toBe(
      "/calendar",
    );
    expect(await within(agenda).findByText("Nothing in the next 7 days.")).toBeTruthy();
  });
});
