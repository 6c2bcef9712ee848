import { z } from "zod";
import {
  type EventFieldsInput,
  FREQUENCIES,
  PRIORITIES,
  type ServerEvent,
} from "../contract/calendar.ts";
import { parseByDay } from "./event-series.ts";
import type { SeriesWithExceptions } from "./occurrences.ts";

/**
 * The calendar event as the browser keeps it (spec §3 "Calendar event (local)"), plus the
 * server version it was last confirmed at (0 = never confirmed) for optimistic concurrency.
 * Validated whenever it is read back from local storage.
 */
export const localEvent = z.object({
  id: z.string().min(1),
  title: z.string(),
  description: z.string().optional(),
  startTime: z.string(),
  endTime: z.string().optional(),
  allDay: z.boolean().default(false),
  location: z.string().optional(),
  /** Minutes before the start. */
  reminder: z.number().int().optional(),
  category: z.string().optional(),
  priority: z.enum(PRIORITIES).default("medium"),
  url: z.string().optional(),
  recurrence: z
    .object({
      frequency: z.enum(FREQUENCIES),
      interval: z.number().int().optional(),
      byDay: z.array(z.string()).optional(),
      byMonthDay: z.number().int().optional(),
      until: z.string().optional(),
      count: z.number().int().optional(),
    })
    .optional(),
  /** Occurrence starts a repeating event no longer produces itself (cancelled or overridden). */
  exdates: z.array(z.string()).optional(),
  /** On an override of one occurrence: its series, and the start it replaces. */
  seriesId: z.string().optional(),
  recurrenceId: z.string().optional(),
  version: z.number().int().default(0),
  source: z.enum(["user", "assistant", "external"]).optional(),
  /** The task an assistant's planned block belongs to. */
  taskId: z.string().optional(),
  /** The routine an assistant's planned session belongs to (issue 29). */
  routineId: z.string().optional(),
  /** A planned block's reason, from the scheduler (read-only). */
  why: z.string().optional(),
  /** A guest's booking through a booking link: the guest (read-only; its time is fixed). */
  bookedBy: z.string().optional(),
});
export type LocalEvent = z.infer<typeof localEvent>;
/** What a person edits: everything but the bookkeeping. */
export type EventDraft = Omit<
  LocalEvent,
  | "id"
  | "version"
  | "source"
  | "taskId"
  | "routineId"
  | "why"
  | "bookedBy"
  | "exdates"
  | "seriesId"
  | "recurrenceId"
>;

/** An event's content, as a person edits it (what putting it back or moving it sends). */
export function draftOf(e: LocalEvent): EventDraft {
  const {
    id,
    version,
    source,
    taskId,
    routineId,
    why,
    bookedBy,
    exdates,
    seriesId,
    recurrenceId,
    ...draft
  } = e;
  void [id, version, source, taskId, routineId, why, bookedBy, exdates, seriesId, recurrenceId];
  return draft;
}

const orUndefined = <T>(v: T | null): T | undefined => (v === null ? undefined : v);

export function fromServerEvent(e: ServerEvent): LocalEvent {
  return {
    id: e.id,
    title: e.title,
    description: orUndefined(e.description),
    startTime: e.start_time,
    endTime: orUndefined(e.end_time),
    allDay: e.all_day,
    location: orUndefined(e.location),
    reminder: orUndefined(e.reminder_minutes),
    category: orUndefined(e.category),
    priority: e.priority,
    url: orUndefined(e.url),
    recurrence: e.recurrence_frequency
      ? {
          frequency: e.recurrence_frequency,
          interval: orUndefined(e.recurrence_interval),
          byDay: orUndefined(parseByDay(e.recurrence_by_day)),
          byMonthDay: orUndefined(e.recurrence_by_month_day),
          until: orUndefined(e.recurrence_until),
          count: orUndefined(e.recurrence_count),
        }
      : undefined,
    ...(e.exdates.length ? { exdates: e.exdates } : {}),
    ...(e.series_id ? { seriesId: e.series_id } : {}),
    ...(e.recurrence_id ? { recurrenceId: e.recurrence_id } : {}),
    version: e.version,
    source: e.source,
    taskId: orUndefined(e.task_id),
    ...(e.routine_id ? { routineId: e.routine_id } : {}),
    ...(e.why ? { why: e.why } : {}),
    ...(e.booked_by ? { bookedBy: e.booked_by } : {}),
  };
}

/** The server event fields for a local event (what POST and PUT send). */
export function toServerFields(e: EventDraft): EventFieldsInput {
  const r = e.recurrence;
  return {
    title: e.title,
    description: e.description ?? null,
    start_time: e.startTime,
    end_time: e.endTime ?? null,
    all_day: e.allDay,
    location: e.location ?? null,
    reminder_minutes: e.reminder ?? null,
    category: e.category ?? null,
    priority: e.priority,
    url: e.url ?? null,
    recurrence_frequency: r?.frequency ?? null,
    recurrence_interval: r ? (r.interval ?? 1) : null,
    recurrence_by_day: r?.byDay?.length ? JSON.stringify(r.byDay) : null,
    recurrence_by_month_day: r?.byMonthDay ?? null,
    recurrence_until: r?.until ?? null,
    recurrence_count: r?.count ?? null,
  };
}

export function localSeries(e: LocalEvent): SeriesWithExceptions {
  const r = e.recurrence;
  return {
    start: e.startTime,
    end: e.endTime ?? null,
    allDay: e.allDay,
    exdates: e.exdates ?? [],
    rule: r
      ? {
          frequency: r.frequency,
          interval: r.interval ?? 1,
          byDay: r.byDay?.length ? r.byDay : null,
          byMonthDay: r.byMonthDay ?? null,
          until: r.until ?? null,
          count: r.count ?? null,
        }
      : null,
  };
}
