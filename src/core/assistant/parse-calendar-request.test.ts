import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { parseCalendarRequest, parseDuration } from "./parse-calendar-request.ts";

const zone = "Europe/Berlin";
// Sunday 2026-11-22, 10:00 in Berlin
const ctx = { now: DateTime.fromISO("2026-11-22T10:00", { zone }).toJSDate(), timezone: zone };
const local = (iso: string) => DateTime.fromISO(iso).setZone(zone).toFormat("ccc yyyy-MM-dd HH:mm");

describe("parseDuration", () => {
  it("reads words and numbers", () => {
    expect(parseDuration("for an hour")).toBe(60);
    expect(parseDuration("90 min")).toBe(90);
    expect(parseDuration("3h")).toBe(180);
    expect(parseDuration("1.5 hours")).toBe(90);
    expect(parseDuration("two hours")).toBe(120);
    expect(parseDuration("half an hour")).toBe(30);
    expect(parseDuration("no time here")).toBeUndefined();
    expect(parseDuration("team sync")).toBeUndefined(); // "am" inside a word is not a duration
  });
});

describe("parseCalendarRequest", () => {
  it("add dentist Tuesday 3pm for an hour", () => {
    const call = parseCalendarRequest("add dentist Tuesday 3pm for an hour", ctx);
    expect(call).toMatchObject({ tool: "create_event", title: "Dentist" });
    if (call?.tool !== "create_event") throw new Error();
    expect(local(call.start)).toBe("Tue 2026-11-24 15:00");
    expect(local(call.end)).toBe("Tue 2026-11-24 16:00");
  });

  it("what's on tomorrow?", () => {
    const call = parseCalendarRequest("what's on tomorrow?", ctx);
    if (call?.tool !== "list_events") throw new Error(JSON.stringify(call));
    expect(local(call.from)).toBe("Mon 2026-11-23 00:00");
    expect(local(call.to)).toBe("Tue 2026-11-24 00:00");
  });

  it("move the dentist to Thursday keeps the time", () => {
    const call = parseCalendarRequest("move the dentist to Thursday", ctx);
    expect(call).toMatchObject({
      tool: "update_event",
      match: { title: "dentist" },
      keepTime: true,
    });
    if (call?.tool !== "update_event") throw new Error();
    expect(local(call.start!).startsWith("Thu 2026-11-26")).toBe(true);
  });

  it("cancel the 3pm matches by time", () => {
    const call = parseCalendarRequest("cancel the 3pm", ctx);
    if (call?.tool !== "delete_event") throw new Error(JSON.stringify(call));
    expect(call.match.title).toBeUndefined();
    expect(local(call.match.start!)).toMatch(/15:00$/);
  });

  it("find two hours for deep work this week", () => {
    const call = parseCalendarRequest("find two hours for deep work this week", ctx);
    expect(call).toMatchObject({ tool: "find_free_time", minutes: 120, label: "this week" });
  });

  it("I need to write the report (3h, due Friday) and prepare slides (90 min) — plan it", () => {
    const call = parseCalendarRequest(
      "I need to write the report (3h, due Friday) and prepare slides (90 min) — plan it",
      ctx,
    );
    if (call?.tool !== "add_tasks_and_plan") throw new Error(JSON.stringify(call));
    expect(call.tasks).toHaveLength(2);
    expect(call.tasks[0]).toMatchObject({ title: "Write the report", estimateMinutes: 180 });
    expect(local(call.tasks[0]!.deadline!)).toBe("Fri 2026-11-27 17:00");
    expect(call.tasks[1]).toEqual({ title: "Prepare slides", estimateMinutes: 90 });
  });

  it("tasks without parentheses", () => {
    const call = parseCalendarRequest(
      "I need to: call the bank 30 min, and tidy the inbox 45 min",
      ctx,
    );
    if (call?.tool !== "add_tasks_and_plan") throw new Error(JSON.stringify(call));
    expect(call.tasks.map((t) => [t.title, t.estimateMinutes])).toEqual([
      ["Call the bank", 30],
      ["Tidy the inbox", 45],
    ]);
  });

  it("plain conversation is not a calendar request", () => {
    expect(parseCalendarRequest("I keep procrastinating on my thesis", ctx)).toBeUndefined();
    expect(parseCalendarRequest("how do I stop getting distracted?", ctx)).toBeUndefined();
    expect(parseCalendarRequest("show me my calendar for Friday", ctx)?.tool).toBe("list_events");
  });
});
