import type { EventFields, ServerEvent } from "../../core/contract/calendar.ts";
import type { calendarEvents } from "../db/schema.ts";

export type EventRow = typeof calendarEvents.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The API shape (spec §3 server event). */
export function toServerEvent(row: EventRow): ServerEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    start_time: row.startTime.toISOString(),
    end_time: iso(row.endTime),
    all_day: row.allDay,
    location: row.location,
    reminder_minutes: row.reminderMinutes,
    category: row.category,
    priority: row.priority,
    url: row.url,
    recurrence_frequency: row.recurrenceFrequency,
    recurrence_interval: row.recurrenceInterval,
    recurrence_by_day: row.recurrenceByDay,
    recurrence_by_month_day: row.recurrenceByMonthDay,
    recurrence_until: iso(row.recurrenceUntil),
    recurrence_count: row.recurrenceCount,
    exdates: row.exdates,
    series_id: row.seriesId,
    recurrence_id: iso(row.recurrenceId),
    source: row.source,
    task_id: row.taskId,
    routine_id: row.routineId,
    why: row.why,
    ...(row.bookedBy ? { booked_by: row.bookedBy } : {}),
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: iso(row.deletedAt),
  };
}

/** Validated fields → the columns they fill. */
export function toColumns(f: EventFields) {
  return {
    title: f.title,
    description: f.description,
    startTime: new Date(f.start_time),
    endTime: f.end_time ? new Date(f.end_time) : null,
    allDay: f.all_day,
    location: f.location,
    reminderMinutes: f.reminder_minutes,
    category: f.category,
    priority: f.priority,
    url: f.url,
    recurrenceFrequency: f.recurrence_frequency,
    recurrenceInterval: f.recurrence_interval,
    recurrenceByDay: f.recurrence_by_day,
    recurrenceByMonthDay: f.recurrence_by_month_day,
    recurrenceUntil: f.recurrence_until ? new Date(f.recurrence_until) : null,
    recurrenceCount: f.recurrence_count,
  };
}

const CONTENT_KEYS = [
  "title",
  "description",
  "start_time",
  "end_time",
  "all_day",
  "location",
  "reminder_minutes",
  "category",
  "priority",
  "url",
  "recurrence_frequency",
  "recurrence_interval",
  "recurrence_by_day",
  "recurrence_by_month_day",
  "recurrence_until",
  "recurrence_count",
] as const satisfies readonly (keyof EventFields)[];

/** Do the stored event and the submitted fields say the same thing? */
export function sameContent(row: EventRow, f: EventFields): boolean {
  const stored = toServerEvent(row);
  return CONTENT_KEYS.every((k) => stored[k] === f[k]);
}
