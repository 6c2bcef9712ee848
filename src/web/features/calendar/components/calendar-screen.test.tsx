import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "../../../lib/router.tsx";
import { CalendarScreen } from "./calendar-screen.tsx";

const USER = "7d0f3c1e-2b4a-4c5d-8e6f-1a2b3c4d5e6f";
const FEED =
  "http://localhost:3000/api/calendar/feed/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics";

type Call = { method: string; path: string; body: unknown };

/** A small stand-in for the API behind fetch, recording every call. */
function fakeServer(opts: { tokenStatus?: number } = {}) {
  const calls: Call[] = [];
  const events = new Map<string, Record<string, unknown>>();
  let token: string | null = null;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!online) throw new TypeError("Failed to fetch");
    const url = new URL(String(input), "http://localhost:3000");
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === "/api/calendar-events" && method === "GET") {
      return json(200, { events: [...events.values()] });
    }
    if (url.pathname === "/api/calendar-events" && method === "POST") {
      const event = {
        ...body,
        exdates: [],
        series_id: null,
        recurrence_id: null,
        source: "user",
        task_id: null,
        version: 1,
        created_at: "2025-01-01T00:00:00.000Z",
        updated_at: "2025-01-01T00:00:00.000Z",
        deleted_at: null,
      };
      events.set(body.id, event);
      return json(201, { event });
    }
    if (url.pathname === "/api/calendar-token") {
      if (opts.tokenStatus) return json(opts.tokenStatus, { error: "nope", code: "internal" });
      if (method === "GET" && !token)
        return json(404, { error: "No calendar token yet", code: "not_found" });
      token ??= "created";
      return json(200, { token, feedUrl: FEED });
    }
    if (url.pathname === "/api/profile") return json(200, { profile: { timezone: "UTC" } });
    return json(404, { error: "Not found", code: "not_found" });
  });
  return { calls, fetchMock, events };
}

let online = true;

/** /calendar as a list (the wide layout: happy-dom's window is 1024 px). */
function renderCalendar(address = "/calendar?view=list") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>
        <CalendarScreen userId={USER} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? "online" : "offline"));
  });
}

beforeEach(() => {
  online = true;
  localStorage.clear();
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("/calendar, the one calendar surface", () => {
  it("adds an event offline at once, queues it, and syncs it once when back online", async () => {
    const server = fakeServer();
    vi.stubGlobal("fetch", server.fetchMock);
    online = false;
    const user = userEvent.setup();
    renderCalendar();
    expect(screen.getByText("Offline")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Add event" }));
    const dialog = screen.getByRole("dialog", { name: "Add event" });
    expect((within(dialog).getByLabelText("Priority") as HTMLInputElement).value).toBe("medium");
    await user.type(within(dialog).getByLabelText("Title"), "Standup");
    await user.click(within(dialog).getByRole("button", { name: "Save event" }));

    expect(await screen.findByText("Standup")).toBeTruthy();
    expect(screen.getByText("Not synced yet")).toBeTruthy();
    expect(screen.getByText(/1 change waiting to sync/)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(`sage.calendar.queue.${USER}`) ?? "[]")).toHaveLength(1);
    expect(server.calls.filter((c) => c.path === "/api/calendar-events")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Sync" }));
    expect(screen.getByRole("alert").textContent).toContain("No internet connection");

    setOnline(true);
    await waitFor(() => expect(screen.getByText(/All changes synced/)).toBeTruthy());
    expect(
      server.calls.filter((c) => c.method === "POST" && c.path === "/api/calendar-events"),
    ).toHaveLength(1);
    expect([...server.events.values()].map((e) => e.title)).toEqual(["Standup"]);
    expect(screen.queryByText("Not synced yet")).toBeNull();
    expect(localStorage.getItem(`sage.calendar.queue.${USER}`)).toBeNull();
  });

  it("says how far ahead Sage plans when the week shown goes past it", async () => {
    const server = fakeServer();
    const start = new Date(Date.now() + 3_600_000);
    server.events.set("99999999-9999-4999-8999-999999999999", {
      id: "99999999-9999-4999-8999-999999999999",
      title: "Gym",
      description: null,
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 3_600_000).toISOString(),
      all_day: false,
      location: null,
      reminder_minutes: null,
      category: null,
      priority: "medium",
      url: null,
      recurrence_frequency: null,
      recurrence_interval: null,
      recurrence_by_day: null,
      recurrence_by_month_day: null,
      recurrence_until: null,
      recurrence_count: null,
      exdates: [],
      series_id: null,
      recurrence_id: null,
      source: "assistant",
      task_id: null,
      routine_id: "88888888-8888-4888-8888-888888888888",
      version: 1,
      created_at: "2025-01-01T00:00:00.000Z",
      updated_at: "2025-01-01T00:00:00.000Z",
      deleted_at: null,
    });
    vi.stubGlobal("fetch", server.fetchMock);
    const inTen = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    renderCalendar(`/calendar?view=week&date=${inTen}`);
    expect(
      await screen.findByText(/^Sage plans 7 days ahead: blocks and routine sessions from/),
    ).toBeTruthy();
    cleanup();
    const reads = server.calls.length;
    renderCalendar("/calendar?view=week");
    await waitFor(() =>
      expect(
        server.calls
          .slice(reads)
          .some((c) => c.path === "/api/calendar-events" && c.method === "GET"),
      ).toBe(true),
    );
    await act(async () => {});
    expect(screen.queryByText(/^Sage plans 7 days ahead/)).toBeNull();
  });

  it("keeps the modal open and names the missing title", async () => {
    vi.stubGlobal("fetch", fakeServer().fetchMock);
    const user = userEvent.setup();
    renderCalendar();
    await user.click(screen.getByRole("button", { name: "Add event" }));
    const dialog = screen.getByRole("dialog", { name: "Add event" });
    await user.click(within(dialog).getByRole("button", { name: "Save event" }));
    const title = within(dialog).getByLabelText("Title");
    expect(title.getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).getByText("Title is required")).toBeTruthy();
    expect(document.activeElement).toBe(title);
  });

  it("holds the tasks beside the grid, and the connected calendars and feed a tab away", async () => {
    vi.stubGlobal("fetch", fakeServer().fetchMock);
    const user = userEvent.setup();
    renderCalendar();
    const side = screen.getByRole("complementary", { name: "Tasks and calendars" });
    expect(
      within(side).getByRole("tab", { name: "Tasks & plan" }).getAttribute("aria-selected"),
    ).toBe("true");
    expect(within(side).getByRole("button", { name: "Plan my week" })).toBeTruthy();
    await user.click(within(side).getByRole("tab", { name: "Calendars & feed" }));
    expect(within(side).getByRole("region", { name: "Connected calendars" })).toBeTruthy();
    expect(await within(side).findByLabelText("Calendar feed URL")).toBeTruthy();
  });

  it("opens on the connected calendars when the address asks (Google's consent returns there)", () => {
    vi.stubGlobal("fetch", fakeServer().fetchMock);
    renderCalendar("/calendar?panel=calendars");
    const side = screen.getByRole("complementary", { name: "Tasks and calendars" });
    expect(
      within(side).getByRole("tab", { name: "Calendars & feed" }).getAttribute("aria-selected"),
    ).toBe("true");
    expect(within(side).getByRole("region", { name: "Connected calendars" })).toBeTruthy();
  });

  it("creates the feed token on 404 and links Google, Apple and the download", async () => {
    const server = fakeServer();
    vi.stubGlobal("fetch", server.fetchMock);
    renderCalendar("/calendar?panel=calendars");
    expect(((await screen.findByLabelText("Calendar feed URL")) as HTMLInputElement).value).toBe(
      FEED,
    );
    const tokenCalls = server.calls.filter((c) => c.path === "/api/calendar-token");
    expect(tokenCalls.map((c) => c.method)).toEqual(["GET", "POST"]);
    const webcal = FEED.replace("http:", "webcal:");
    expect(screen.getByRole("link", { name: "Apple Calendar" }).getAttribute("href")).toBe(webcal);
    expect(screen.getByRole("link", { name: "Google Calendar" }).getAttribute("href")).toBe(
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
    );
    expect(screen.getByRole("link", { name: "Download .ics" }).getAttribute("href")).toBe(
      `${FEED}?download=1`,
    );
  });

  it("says 'Failed to fetch calendar token' when the server fails", async () => {
    vi.stubGlobal("fetch", fakeServer({ tokenStatus: 500 }).fetchMock);
    renderCalendar("/calendar?panel=calendars");
    expect(await screen.findByText("Failed to fetch calendar token")).toBeTruthy();
  });
});
