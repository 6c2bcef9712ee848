import { describe, expect, it } from "vitest";
import { parseCalendarRequest } from "../../../../core/assistant/parse-calendar-request.ts";
import { EXAMPLE_REQUESTS } from "./example-requests.ts";

describe("the chat's example requests", () => {
  it("are each understood by the built-in assistant as a calendar action", () => {
    const ctx = { now: new Date("2026-11-24T09:00:00Z"), timezone: "Europe/Berlin" };
    const tools = EXAMPLE_REQUESTS.map((r) => parseCalendarRequest(r, ctx)?.tool);
    expect(tools).toEqual(["create_event", "list_events", "find_free_time", "add_tasks_and_plan"]);
  });
});
