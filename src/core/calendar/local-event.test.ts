import { describe, expect, it } from "vitest";
import { eventFields, type ServerEvent } from "../contract/calendar.ts";
import { fromServerEvent, type LocalEvent, toServerFields } from "./local-event.ts";

const server: ServerEvent = {
  id: "6f1c2a8e-4b7d-4c1e-9a3f-2d5e6f708192",
  title: "Review",
  description: "Quarterly",
  start_time: "2025-06-02T09:00:00.000Z",
  end_time: "2025-06-02T10:00:00.000Z",
  all_day: false,
  location: null,
  reminder_minutes: 15,
  category: "Work",
  priority: "high",
  url: null,
  recurrence_frequency: "MONTHLY",
  recurrence_interval: 1,
  recurrence_by_day: null,
  recurrence_by_month_day: 2,
  recurrence_until: null,
  recurrence_count: 6,
  exdates: [],
  series_id: null,
  recurrence_id: null,
  source: "assistant",
  task_id: null,
  version: 3,
  created_at: "2025-01-01T00:00:00.000Z",
  updated_at: "2025-01-01T00:00:00.000Z",
  deleted_at: null,
};

describe("local event mapping", () => {
  it("maps a server event to the spec's local shape", () => {
    expect(fromServerEvent(server)).toEqual<LocalEvent>({
      id: server.id,
      title: "Review",
      description: "Quarterly",
      startTime: "2025-06-02T09:00:00.000Z",
      endTime: "2025-06-02T10:00:00.000Z",
      allDay: false,
      location: undefined,
      reminder: 15,
      category: "Work",
      priority: "high",
      url: undefined,
      recurrence: {
        frequency: "MONTHLY",
        interval: 1,
        byDay: undefined,
        byMonthDay: 2,
        until: undefined,
        count: 6,
      },
      version: 3,
      source: "assistant",
    });
  });

  it("keeps the task a planned block belongs to", () => {
    const taskId = "0b6c2f5e-1d2a-4e3b-8c4d-5e6f7a8b9c0d";
    expect(fromServerEvent({ ...server, task_id: taskId }).taskId).toBe(taskId);
    expect(fromServerEvent(server).taskId).toBeUndefined();
  });

  it("maps back to fields the server contract accepts unchanged", () => {
    const fields = eventFields.parse(toServerFields(fromServerEvent(server)));
    for (const key of Object.keys(fields) as (keyof typeof fields)[]) {
      expect(fields[key]).toEqual(server[key]);
    }
  });

  it("writes byDay as the JSON text the server event uses", () => {
    const local = fromServerEvent({
      ...server,
      recurrence_frequency: "WEEKLY",
      recurrence_by_day: '["MO","FR"]',
      recurrence_by_month_day: null,
    });
    expect(toServerFields(local).recurrence_by_day).toBe('["MO","FR"]');
  });
});
