import "../../../lib/zod-jitless.ts";
import { DateTime } from "luxon";
import type { EventDraft, LocalEvent } from "../../../../core/calendar/local-event.ts";
import { toServerFields } from "../../../../core/calendar/local-event.ts";
import {
  eventFields,
  type Frequency,
  type Priority,
  type Weekday,
} from "../../../../core/contract/calendar.ts";

/** The add/edit form as the inputs hold it (strings, as HTML inputs give them). */
export type FormValues = {
  title: string;
  description: string;
  allDay: boolean;
  /** datetime-local (`2025-06-02T09:00`) or, for all-day events, date (`2025-06-02`). */
  start: string;
  end: string;
  location: string;
  reminder: string;
  category: string;
  priority: Priority;
  url: string;
  recurring: boolean;
  frequency: Frequency;
  interval: string;
  byDay: Weekday[];
  byMonthDay: string;
  ends: "never" | "until" | "count";
  /** A date; the series ends after that day. */
  until: string;
  count: string;
};
export type FormErrors = Partial<Record<keyof FormValues, string>>;

const LOCAL = "yyyy-MM-dd'T'HH:mm";
const DATE = "yyyy-MM-dd";

/** A new event starts at the next full hour and lasts an hour; priority medium, weekly repeats. */
export function emptyForm(now: Date, zone: string): FormValues {
  const start = DateTime.fromJSDate(now, { zone }).startOf("hour").plus({ hours: 1 });
  return {
    title: "",
    description: "",
    allDay: false,
    start: start.toFormat(LOCAL),
    end: start.plus({ hours: 1 }).toFormat(LOCAL),
    location: "",
    reminder: "",
    category: "",
    priority: "medium",
    url: "",
    recurring: false,
    frequency: "WEEKLY",
    interval: "1",
    byDay: [],
    byMonthDay: "",
    ends: "never",
    until: "",
    count: "",
  };
}

export function formFromEvent(e: LocalEvent, zone: string): FormValues {
  const z = e.allDay ? "utc" : zone;
  const at = (iso: string) => DateTime.fromISO(iso, { zone: z });
  const r = e.recurrence;
  // all-day ends are stored exclusive (the day after); the form shows the last day
  const end = e.endTime
    ? e.allDay
      ? at(e.endTime).minus({ days: 1 }).toFormat(DATE)
      : at(e.endTime).toFormat(LOCAL)
    : "";
  return {
    ...emptyForm(new Date(), zone),
    title: e.title,
    description: e.description ?? "",
    allDay: e.allDay,
    start: at(e.startTime).toFormat(e.allDay ? DATE : LOCAL),
    end,
    location: e.location ?? "",
    reminder: e.reminder === undefined ? "" : String(e.reminder),
    category: e.category ?? "",
    priority: e.priority,
    url: e.url ?? "",
    recurring: Boolean(r),
    frequency: r?.frequency ?? "WEEKLY",
    interval: String(r?.interval ?? 1),
    byDay: (r?.byDay ?? []).filter((d): d is Weekday => d.length === 2),
    byMonthDay: r?.byMonthDay ? String(r.byMonthDay) : "",
    ends: r?.until ? "until" : r?.count ? "count" : "never",
    until: r?.until ? DateTime.fromISO(r.until, { zone: z }).toFormat(DATE) : "",
    count: r?.count ? String(r.count) : "",
  };
}

const FIELD_OF: Record<string, keyof FormValues> = {
  title: "title",
  description: "description",
  start_time: "start",
  end_time: "end",
  all_day: "allDay",
  location: "location",
  reminder_minutes: "reminder",
  category: "category",
  priority: "priority",
  url: "url",
  recurrence_frequency: "frequency",
  recurrence_interval: "interval",
  recurrence_by_day: "byDay",
  recurrence_by_month_day: "byMonthDay",
  recurrence_until: "until",
  recurrence_count: "count",
};

const text = (v: string) => (v.trim() ? v : undefined);

/** A whole number from an input, or an error message. */
function wholeNumber(v: string, label: string): number | string | undefined {
  if (!v.trim()) return undefined;
  const n = Number(v);
  return Number.isInteger(n) ? n : `${label} must be a whole number`;
}

/**
 * Turns the form into an event draft, validated by the same contract the server uses.
 * Times are read in `zone` (the browser's); all-day dates are stored as midnight UTC.
 */
export function formToDraft(
  v: FormValues,
  zone: string,
): { draft: EventDraft; errors: null } | { draft: null; errors: FormErrors } {
  const errors: FormErrors = {};
  if (!v.title.trim()) errors.title = "Title is required";
  if (!v.start) errors.start = "Start time is required";

  const instant = (value: string) => {
    if (!value) return undefined;
    const dt = v.allDay
      ? DateTime.fromISO(value, { zone: "utc" })
      : DateTime.fromISO(value, { zone });
    return dt.isValid ? dt : null;
  };
  const start = instant(v.start);
  if (start === null) errors.start = "Start time is not a valid date";
  let end = instant(v.end);
  if (end === null) errors.end = "End time is not a valid date";
  if (v.allDay && end) end = end.plus({ days: 1 }); // the last day is included

  const numbers = {
    reminder: wholeNumber(v.reminder, "Reminder"),
    interval: wholeNumber(v.interval, "Interval"),
    byMonthDay: wholeNumber(v.byMonthDay, "Day of month"),
    count: wholeNumber(v.count, "Occurrences"),
  };
  for (const [key, value] of Object.entries(numbers)) {
    if (typeof value === "string") errors[key as keyof FormValues] = value;
  }
  if (v.recurring && v.ends === "until" && !v.until) errors.until = "Choose the last date";
  if (v.recurring && v.ends === "count" && !v.count) errors.count = "Enter how many times";
  if (Object.keys(errors).length) return { draft: null, errors };

  const num = (x: number | string | undefined) => (typeof x === "number" ? x : undefined);
  const until = v.until
    ? v.allDay
      ? DateTime.fromISO(v.until, { zone: "utc" })
      : DateTime.fromISO(v.until, { zone }).endOf("day")
    : undefined;
  const draft: EventDraft = {
    title: v.title,
    description: text(v.description),
    startTime: start!.toUTC().toISO()!,
    endTime: end ? end.toUTC().toISO()! : undefined,
    allDay: v.allDay,
    location: text(v.location),
    reminder: num(numbers.reminder),
    category: text(v.category),
    priority: v.priority,
    url: text(v.url),
    recurrence: v.recurring
      ? {
          frequency: v.frequency,
          interval: num(numbers.interval) ?? 1,
          byDay: v.frequency === "WEEKLY" && v.byDay.length ? v.byDay : undefined,
          byMonthDay: v.frequency === "MONTHLY" ? num(numbers.byMonthDay) : undefined,
          until: v.ends === "until" && until ? until.toUTC().toISO()! : undefined,
          count: v.ends === "count" ? num(numbers.count) : undefined,
        }
      : undefined,
  };
  const checked = eventFields.safeParse(toServerFields(draft));
  if (checked.success) return { draft, errors: null };
  for (const issue of checked.error.issues) {
    const field = FIELD_OF[String(issue.path[0])] ?? "title";
    errors[field] ??= issue.message;
  }
  return { draft: null, errors };
}
