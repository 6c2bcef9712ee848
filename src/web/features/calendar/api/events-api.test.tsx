import { describe, expect, it } from "vitest";
import { json, mockFetch } from "../../../test/render-with-providers.tsx";
import { httpEventsTransport, listAllEvents } from "./events-api.ts";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const event = (n: number) => ({ id: id(n), title: `event ${n}` });

describe("the offline copy's list follows the server's pages", () => {
  it("asks with each answer's next_cursor until it is null, and keeps every page's events", async () => {
    const calls = mockFetch((url) => {
      const cursor = new URL(url, "http://x").searchParams.get("cursor");
      if (!cursor) return json(200, { events: [event(1), event(2)], next_cursor: id(2) });
      if (cursor === id(2)) return json(200, { events: [event(3)], next_cursor: id(3) });
      return json(200, { events: [event(4)], next_cursor: null });
    });
    const events = await httpEventsTransport.list();
    expect(events.map((e) => e.title)).toEqual(["event 1", "event 2", "event 3", "event 4"]);
    expect(calls.map((c) => c.url)).toEqual([
      "/api/calendar-events",
      `/api/calendar-events?cursor=${id(2)}`,
      `/api/calendar-events?cursor=${id(3)}`,
    ]);
  });

  it("keeps a range on every page", async () => {
    const calls = mockFetch((url) => {
      const cursor = new URL(url, "http://x").searchParams.get("cursor");
      return json(200, { events: [event(cursor ? 2 : 1)], next_cursor: cursor ? null : id(1) });
    });
    const range = { from: "2030-01-01T00:00:00.000Z", to: "2030-01-08T00:00:00.000Z" };
    expect(await listAllEvents(range)).toHaveLength(2);
    for (const call of calls) {
      const params = new URL(call.url, "http://x").searchParams;
      expect([params.get("from"), params.get("to")]).toEqual([range.from, range.to]);
    }
  });

  it("stops with an error when the pages never end, instead of fetching forever", async () => {
    let n = 0;
    const calls = mockFetch(() => {
      n += 1;
      return json(200, { events: [event(n)], next_cursor: id(n) });
    });
    await expect(httpEventsTransport.list()).rejects.toThrow(/did not end/);
    expect(calls.length).toBe(100);
  });
});
