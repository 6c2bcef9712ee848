import { act, cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CalendarSync } from "../lib/calendar-sync.ts";
import { CalendarQueueReplay } from "./calendar-queue-replay.tsx";

const USER = "7d0f3c1e-2b4a-4c5d-8e6f-1a2b3c4d5e6f";
let online = true;

/** The events API behind fetch: creates are stored by client id, every call recorded. */
function fakeServer() {
  const posts: string[] = [];
  const events = new Map<string, Record<string, unknown>>();
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!online) throw new TypeError("Failed to fetch");
    const url = new URL(String(input), "http://localhost:3000");
    const method = init?.method ?? "GET";
    if (url.pathname !== "/api/calendar-events") return json(404, { error: "Not found" });
    if (method === "GET") return json(200, { events: [...events.values()] });
    const body = JSON.parse(String(init?.body));
    posts.push(body.id);
    const event = {
      ...body,
      source: "user",
      task_id: null,
      version: 1,
      created_at: "2025-01-01T00:00:00.000Z",
      updated_at: "2025-01-01T00:00:00.000Z",
      deleted_at: null,
    };
    events.set(body.id, event);
    // answered a little later, so overlapping replays would both be in flight
    await new Promise((resolve) => setTimeout(resolve, 5));
    return json(201, { event });
  });
  return { posts, fetchMock };
}

/** Queues an event the way the calendar does while offline. */
function queueOfflineEdit(title: string) {
  let n = 0;
  const engine = new CalendarSync({
    userId: USER,
    storage: localStorage,
    transport: {
      list: async () => [],
      create: () => Promise.reject(new TypeError("offline")),
      update: () => Promise.reject(new TypeError("offline")),
      remove: () => Promise.reject(new TypeError("offline")),
      updateOccurrence: () => Promise.reject(new TypeError("offline")),
      removeOccurrence: () => Promise.reject(new TypeError("offline")),
    },
    isOnline: () => false,
    newId: () => `00000000-0000-4000-8000-00000000000${++n}`,
  });
  const event = engine.add({
    title,
    startTime: "2026-11-24T09:00:00.000Z",
    allDay: false,
    priority: "medium",
  });
  engine.dispose();
  return event!.id;
}

function goOnline() {
  online = true;
  act(() => {
    window.dispatchEvent(new Event("online"));
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

describe("CalendarQueueReplay (mounted by the app shell, whatever the page)", () => {
  it("sends changes queued offline when the app starts online", async () => {
    const id = queueOfflineEdit("Standup");
    const server = fakeServer();
    vi.stubGlobal("fetch", server.fetchMock);
    render(<CalendarQueueReplay userId={USER} />);
    await waitFor(() => expect(localStorage.getItem(`sage.calendar.queue.${USER}`)).toBeNull());
    expect(server.posts).toEqual([id]);
  });

  it("sends them exactly once when the connection comes back, even with two replays mounted", async () => {
    const id = queueOfflineEdit("Standup");
    const server = fakeServer();
    vi.stubGlobal("fetch", server.fetchMock);
    online = false;
    // two engines in one page (the shell's and the calendar's) share one queue
    render(
      <>
        <CalendarQueueReplay userId={USER} />
        <CalendarQueueReplay userId={USER} />
      </>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.fetchMock).not.toHaveBeenCalled();

    goOnline();
    await waitFor(() => expect(localStorage.getItem(`sage.calendar.queue.${USER}`)).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.posts).toEqual([id]);

    goOnline(); // a second 'online' finds nothing left to send
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.posts).toEqual([id]);
  });

  it("calls nothing when no change is waiting", async () => {
    const server = fakeServer();
    vi.stubGlobal("fetch", server.fetchMock);
    render(<CalendarQueueReplay userId={USER} />);
    goOnline();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.fetchMock).not.toHaveBeenCalled();
  });
});
