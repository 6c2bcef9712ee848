import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TodayItem, TodayResponse } from "../../../../core/contract/today.ts";
import { MemoryRouter } from "../../../lib/router.tsx";
import { setOnline } from "../../../lib/use-online.ts";
import { TodayScreen } from "./today-screen.tsx";

const USER = "7d0f3c1e-2b4a-4c5d-8e6f-1a2b3c4d5e6f";
const BLOCK = "11111111-1111-4111-8111-111111111111";
const TASK = "22222222-2222-4222-8222-222222222222";
const NOTE = "33333333-3333-4333-8333-333333333333";
/** A block about to begin: Done and Partly are asked of it (it counts as begun). */
const LATER = new Date(Date.now() + 5 * 60_000);

const block: TodayItem = {
  kind: "block",
  id: BLOCK,
  occurrence: null,
  title: "Write the report",
  start: LATER.toISOString(),
  end: new Date(LATER.getTime() + 50 * 60_000).toISOString(),
  allDay: false,
  from: "sage",
  taskId: TASK,
  checkIn: null,
};

const day = (over: Partial<TodayResponse> = {}): TodayResponse => ({
  date: "2031-03-04",
  timezone: "UTC",
  items: [block],
  load: { plannedMinutes: 200, doneMinutes: 0, capacityMinutes: 300 },
  moved: [{ id: NOTE, text: "You removed “Gym” from your calendar.", createdAt: "x" }],
  carriedOver: [
    { taskId: TASK, title: "Essay", eventIds: [BLOCK], minutes: 50, plannedAgain: null },
  ],
  asOf: "2031-03-04T07:00:00.000Z",
  ...over,
});

type Call = { method: string; path: string; body: unknown };

function fakeServer(answer: TodayResponse, leftCalendar = false) {
  const calls: Call[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost:3000");
    const method = init?.method ?? "GET";
    calls.push({
      method,
      path: url.pathname,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    if (url.pathname === "/api/today") return json(200, answer);
    if (url.pathname === "/api/today/seen") return new Response(null, { status: 204 });
    if (url.pathname === "/api/check-ins")
      return json(200, { checkIn: {}, taskDone: false, leftCalendar });
    return json(404, { error: "Not found", code: "not_found" });
  });
  return { calls, fetchMock };
}

function renderToday(date?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/today"]}>
        <TodayScreen userId={USER} date={date} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setOnline(true);
});

describe("TodayScreen", () => {
  it("shows the load, what moved and what carried over, and marks what moved as seen once", async () => {
    const server = fakeServer(day());
    vi.stubGlobal("fetch", server.fetchMock);
    renderToday();
    expect(await screen.findByText("3 h 20 of 5 h planned")).toBeTruthy();
    const moved = screen.getByRole("region", { name: "Since you last looked" });
    expect(moved.textContent).toContain("You removed “Gym”");
    const carried = screen.getByRole("region", { name: "Carried over from yesterday" });
    expect(carried.textContent).toContain("“Essay” (50 min left) is waiting for a new time.");
    expect(within(carried).getByRole("button", { name: "Find new times" })).toBeTruthy();
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === "/api/today/seen")).toEqual([
        { method: "POST", path: "/api/today/seen", body: { through: "2031-03-04T07:00:00.000Z" } },
      ]),
    );
  });

  it("with meetings and no blocks, does not say nothing is planned", async () => {
    const standup: TodayItem = {
      ...block,
      kind: "meeting",
      id: "standup",
      title: "Standup",
      taskId: null,
    };
    const load = { plannedMinutes: 0, doneMinutes: 0, capacityMinutes: 360 };
    vi.stubGlobal("fetch", fakeServer(day({ items: [standup], load, moved: [] })).fetchMock);
    renderToday();
    expect(
      await screen.findByText("No work blocks from Sage today — 1 event on your calendar."),
    ).toBeTruthy();
    expect(screen.queryByText(/Nothing planned yet/)).toBeNull();
    expect(screen.getByRole("region", { name: "Your day" }).textContent).toContain("Standup");
  });

  it("Done on a block checks it in and reads the day again", async () => {
    const server = fakeServer(day({ moved: [], carriedOver: [] }));
    vi.stubGlobal("fetch", server.fetchMock);
    renderToday();
    const region = await screen.findByRole("region", { name: "Your day" });
    await userEvent.click(within(region).getByRole("button", { name: "Done" }));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === "/api/check-ins").map((c) => c.body)).toEqual([
        { eventId: BLOCK, outcome: "done" },
      ]),
    );
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === "/api/today")).toHaveLength(2),
    );
    // nothing moved: nothing to mark seen
    expect(server.calls.some((c) => c.path === "/api/today/seen")).toBe(false);
  });

  it("Skip on a block not yet begun says the block left the day and where its task goes", async () => {
    const server = fakeServer(day({ moved: [], carriedOver: [] }), true);
    vi.stubGlobal("fetch", server.fetchMock);
    renderToday();
    const region = await screen.findByRole("region", { name: "Your day" });
    await userEvent.click(within(region).getByRole("button", { name: "Skip" }));
    expect(
      (
        await screen.findByText(/Skipped “Write the report” — Sage is finding it another time\./)
      ).closest("[role=status]"),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "See your week" }).getAttribute("href")).toBe(
      "/calendar",
    );
  });

  it("Skip on a block that stays (under way, or the person's own) says nothing more than its row", async () => {
    const server = fakeServer(day({ moved: [], carriedOver: [] }), false);
    vi.stubGlobal("fetch", server.fetchMock);
    renderToday();
    const region = await screen.findByRole("region", { name: "Your day" });
    await userEvent.click(within(region).getByRole("button", { name: "Skip" }));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === "/api/check-ins")).toHaveLength(1),
    );
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === "/api/today")).toHaveLength(2),
    );
    expect(screen.queryByText(/Sage is finding it another time/)).toBeNull();
  });

  it("another day links back to today; today's own date does not", async () => {
    vi.stubGlobal("fetch", fakeServer(day({ moved: [], carriedOver: [] })).fetchMock);
    renderToday("2031-03-04");
    expect(await screen.findByRole("link", { name: "Back to today" })).toBeTruthy();
    cleanup();
    // the day's zone is UTC here
    renderToday(new Date().toISOString().slice(0, 10));
    await screen.findByRole("region", { name: "Your day" });
    expect(screen.queryByRole("link", { name: "Back to today" })).toBeNull();
  });

  it("offline with nothing read yet, says the day opens when back online, and asks nothing", async () => {
    const server = fakeServer(day());
    vi.stubGlobal("fetch", server.fetchMock);
    setOnline(false);
    renderToday();
    expect(await screen.findByText(/You're offline\. Today shows your day/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "week view" })).toBeTruthy();
    expect(server.calls).toEqual([]);
  });
});
