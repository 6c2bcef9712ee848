import { z } from "zod";

/**
 * The calendar API contract (spec §3 server event, §5 event form, §7 calendar calls).
 * The server validates with these schemas; the event form validates with the same ones.
 */

export const PRIORITIES = ["low", "medium", "high"] as const;
export type Priority = (typeof PRIORITIES)[number];
export const FREQUENCIES = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Who made a stored event (an occurrence from a connected calendar is "external", never stored). */
export const EVENT_SOURCES = ["user", "assistant"] as const;

export const LIMITS = {
  title: 200,
  description: 5000,
  location: 500,
  category: 50,
  url: 2048,
  reminderMinutes: 4 * 7 * 24 * 60,
  interval: 365,
  count: 1000,
  /** An event may last at most this long. */
  durationDays: 366,
  minYear: 1970,
  maxYear: 2100,
  eventsPerUser: 10_000,
} as const;

/** `2MO`, `-1FR` (ordinal weekdays, monthly/yearly only) or a plain `MO`. */
const BY_DAY = /^([+-]?[1-5])?(MO|TU|WE|TH|FR|SA|SU)$/;

/**
 * Text as iCalendar can carry it: CR LF and lone CR become LF, other control characters
 * are dropped, so a stored value survives the feed byte for byte.
 */
export function normalizeText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, "\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
  );
}

const optionalText = (max: number, label: string) =>
  z
    .string(`${label} must be text`)
    .transform((v) => normalizeText(v).trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .nullish()
    .transform((v) => (v ? v : null));

/** Is the instant (or day) within the years Sage keeps (LIMITS)? */
export const inYearRange = (iso: string) => {
  const year = new Date(iso).getUTCFullYear();
  return year >= LIMITS.minYear && year <= LIMITS.maxYear;
};

const instant = (label: string) =>
  z
    .string(`${label} is required`)
    .pipe(
      z.iso.datetime({
        offset: true,
        message: `${label} must be an ISO 8601 date-time with a time zone offset`,
      }),
    )
    .refine(inYearRange, `${label} must be between ${LIMITS.minYear} and ${LIMITS.maxYear}`)
    .transform((v) => new Date(v).toISOString());

const httpUrl = z
  .string("URL must be text")
  .trim()
  .transform((v, ctx) => {
    if (v === "") return null;
    let parsed: URL;
    try {
      parsed = new URL(v);
    } catch {
      ctx.addIssue({ code: "custom", message: "URL must be a valid web address" });
      return z.NEVER;
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      ctx.addIssue({ code: "custom", message: "URL must start with http:// or https://" });
      return z.NEVER;
    }
    // the parsed form: tabs and line breaks are gone, so the URL cannot break the feed
    return parsed.href;
  })
  .pipe(z.string().max(LIMITS.url, `URL must be at most ${LIMITS.url} characters`).nullable())
  .nullish()
  .transform((v) => v ?? null);

/** `recurrence_by_day` is JSON text (spec §3); an array is accepted too. */
const byDay = z
  .union([z.string(), z.array(z.unknown())])
  .nullish()
  .transform((v, ctx): string[] | null => {
    if (v === null || v === undefined || v === "") return null;
    let list: unknown = v;
    if (typeof v === "string") {
      try {
        list = JSON.parse(v);
      } catch {
        ctx.addIssue({ code: "custom", message: "must be a JSON array of weekday codes" });
        return z.NEVER;
      }
    }
    if (!Array.isArray(list) || list.length > 35) {
      ctx.addIssue({ code: "custom", message: "must be a JSON array of weekday codes" });
      return z.NEVER;
    }
    const codes = list.map((d) => (typeof d === "string" ? d.trim().toUpperCase() : ""));
    const bad = codes.find((d) => !BY_DAY.test(d) || /^[+-]?0/.test(d));
    if (bad !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: `'${String(bad).slice(0, 10)}' is not a weekday code (MO, TU, WE, TH, FR, SA, SU)`,
      });
      return z.NEVER;
    }
    const unique = [...new Set(codes)];
    return unique.length ? unique : null;
  });

const eventShape = {
  title: z
    .string("Title is required")
    .transform((v) => normalizeText(v).trim())
    .pipe(
      z
        .string()
        .min(1, "Title is required")
        .max(LIMITS.title, `Title must be at most ${LIMITS.title} characters`),
    ),
  description: optionalText(LIMITS.description, "Description"),
  start_time: instant("Start time"),
  end_time: instant("End time").nullish(),
  all_day: z.boolean("must be true or false").nullish(),
  location: optionalText(LIMITS.location, "Location"),
  reminder_minutes: z
    .number("Reminder must be a number of minutes")
    .int("Reminder must be whole minutes")
    .min(0, "Reminder cannot be negative")
    .max(LIMITS.reminderMinutes, "Reminder can be at most 4 weeks before the event")
    .nullish(),
  category: optionalText(LIMITS.category, "Category"),
  priority: z.enum(PRIORITIES, "Priority must be low, medium or high").nullish(),
  url: httpUrl,
  recurrence_frequency: z
    .enum(FREQUENCIES, "Frequency must be DAILY, WEEKLY, MONTHLY or YEARLY")
    .nullish(),
  recurrence_interval: z
    .number("Interval must be a number")
    .int("Interval must be a whole number")
    .min(1, "Interval must be at least 1")
    .max(LIMITS.interval, `Interval must be at most ${LIMITS.interval}`)
    .nullish(),
  recurrence_by_day: byDay,
  recurrence_by_month_day: z
    .number("Day of month must be a number")
    .int("Day of month must be a whole number")
    .min(-31, "Day of month must be between 1 and 31 (or -1 to -31 from the end)")
    .max(31, "Day of month must be between 1 and 31 (or -1 to -31 from the end)")
    .refine((v) => v !== 0, "Day of month cannot be 0")
    .nullish(),
  recurrence_until: instant("Repeat until").nullish(),
  recurrence_count: z
    .number("Occurrences must be a number")
    .int("Occurrences must be a whole number")
    .min(1, "Occurrences must be at least 1")
    .max(LIMITS.count, `Occurrences must be at most ${LIMITS.count}`)
    .nullish(),
};

type Shape = z.infer<z.ZodObject<typeof eventShape>>;

/** Cross-field rules; each issue names its field. */
function checkEvent(v: Shape, ctx: z.RefinementCtx): void {
  const start = Date.parse(v.start_time);
  if (v.end_time) {
    const end = Date.parse(v.end_time);
    if (end <= start) {
      ctx.addIssue({ code: "custom", path: ["end_time"], message: "End time must be after start" });
    } else if (end - start > LIMITS.durationDays * 86_400_000) {
      ctx.addIssue({
        code: "custom",
        path: ["end_time"],
        message: `An event can last at most ${LIMITS.durationDays} days`,
      });
    }
  }
  if (v.all_day) {
    for (const field of ["start_time", "end_time"] as const) {
      const value = v[field];
      if (value && !value.endsWith("T00:00:00.000Z")) {
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: "All-day events use dates (midnight UTC)",
        });
      }
    }
  }
  const freq = v.recurrence_frequency;
  const dependents = [
    "recurrence_interval",
    "recurrence_by_day",
    "recurrence_by_month_day",
    "recurrence_until",
    "recurrence_count",
  ] as const;
  if (!freq) {
    const set = dependents.find((f) => v[f] !== null && v[f] !== undefined);
    if (set) {
      ctx.addIssue({
        code: "custom",
        path: ["recurrence_frequency"],
        message: `Frequency is required when ${set} is set`,
      });
    }
    return;
  }
  if (v.recurrence_until && v.recurrence_count) {
    ctx.addIssue({
      code: "custom",
      path: ["recurrence_count"],
      message: "Use either an end date or a number of occurrences, not both",
    });
  }
  if (v.recurrence_until && Date.parse(v.recurrence_until) < start) {
    ctx.addIssue({
      code: "custom",
      path: ["recurrence_until"],
      message: "Repeat until must not be before the start",
    });
  }
  const ordinal = v.recurrence_by_day?.some((d) => d.length > 2);
  if (ordinal && freq !== "MONTHLY" && freq !== "YEARLY") {
    ctx.addIssue({
      code: "custom",
      path: ["recurrence_by_day"],
      message: "Numbered weekdays (like 1MO) are only for monthly or yearly repeats",
    });
  }
  if (v.recurrence_by_month_day && freq !== "MONTHLY" && freq !== "YEARLY") {
    ctx.addIssue({
      code: "custom",
      path: ["recurrence_by_month_day"],
      message: "Day of month is only for monthly or yearly repeats",
    });
  }
}

/** Fills the defaults the spec gives (priority medium) and turns absent into null. */
function normalize(v: Shape) {
  const recurring = Boolean(v.recurrence_frequency);
  return {
    title: v.title,
    description: v.description,
    start_time: v.start_time,
    end_time: v.end_time ?? null,
    all_day: v.all_day ?? false,
    location: v.location,
    reminder_minutes: v.reminder_minutes ?? null,
    category: v.category,
    priority: v.priority ?? "medium",
    url: v.url,
    recurrence_frequency: v.recurrence_frequency ?? null,
    recurrence_interval: recurring ? (v.recurrence_interval ?? 1) : null,
    recurrence_by_day: v.recurrence_by_day ? JSON.stringify(v.recurrence_by_day) : null,
    recurrence_by_month_day: v.recurrence_by_month_day ?? null,
    recurrence_until: v.recurrence_until ?? null,
    recurrence_count: v.recurrence_count ?? null,
  };
}

/** The editable fields of an event, validated and normalized. */
export const eventFields = z.object(eventShape).superRefine(checkEvent).transform(normalize);
export type EventFields = z.output<typeof eventFields>;
export type EventFieldsInput = z.input<typeof eventFields>;

/** POST /api/calendar-events: the client sends its own UUID, so a replayed create is a no-op. */
export const createEventRequest = z
  .object({ ...eventShape, id: z.uuid("id must be a UUID").optional() })
  .superRefine(checkEvent)
  .transform((v) => ({ id: v.id, ...normalize(v) }));

/** PUT /api/calendar-events?eventId=: `version` is the version the client last saw. */
export const updateEventRequest = z
  .object({
    ...eventShape,
    version: z.number("version must be a number").int().min(1).optional(),
    /** Where the person made the change: kept with a move of Sage's block as evidence. */
    source: z.enum(["week", "today"], "source must be week or today").optional(),
  })
  .superRefine(checkEvent)
  .transform((v) => ({ version: v.version, source: v.source, ...normalize(v) }));

/**
 * PUT with an occurrence: the same fields, plus the client's id for the row the edit
 * creates (the override for scope=this, the new series for scope=following), so a replayed
 * offline edit finds its row instead of making another. `version` is the series' version.
 */
export const updateOccurrenceRequest = z
  .object({
    ...eventShape,
    version: z.number("version must be a number").int().min(1).optional(),
    id: z.uuid("id must be a UUID").optional(),
  })
  .superRefine(checkEvent)
  .transform((v) => ({ version: v.version, id: v.id, ...normalize(v) }));
export type UpdateOccurrenceInput = z.output<typeof updateOccurrenceRequest>;

export const eventIdQuery = z.object({ eventId: z.uuid("eventId must be a UUID") });

export const SCOPES = ["this", "following", "all"] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * PUT/DELETE /api/calendar-events?eventId=&occurrence=&scope=: `occurrence` is the start of
 * one occurrence as the series defines it (its RECURRENCE-ID); `scope` says whether the
 * change is for that occurrence, that one and the following, or all of them. Without
 * `occurrence` the call acts on the whole event, as it always did.
 */
export const occurrenceQuery = z
  .object({
    eventId: z.uuid("eventId must be a UUID"),
    occurrence: instant("occurrence").optional(),
    scope: z.enum(SCOPES, "scope must be this, following or all").optional(),
  })
  .superRefine((q, ctx) => {
    if (q.occurrence && !q.scope) {
      ctx.addIssue({
        code: "custom",
        path: ["scope"],
        message: "scope is required with occurrence: this, following or all",
      });
    }
    if (!q.occurrence && q.scope && q.scope !== "all") {
      ctx.addIssue({
        code: "custom",
        path: ["occurrence"],
        message: `occurrence is required with scope=${q.scope}`,
      });
    }
  });
export type OccurrenceQuery = z.infer<typeof occurrenceQuery>;

/** At most this many events in one answer of the list, and at most this many bytes of them. */
export const LIST_PAGE = { events: 500, bytes: 2 * 1024 * 1024 } as const;

export const listEventsQuery = z
  .object({
    from: instant("from").optional(),
    to: instant("to").optional(),
    /** The `next_cursor` of the previous answer: the list goes on after it. */
    cursor: z.uuid("cursor must be the next_cursor of the previous answer").optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) > Date.parse(q.from), {
    path: ["to"],
    message: "to must be after from",
  });

/** The server event (spec §3), plus the bookkeeping a sync client needs. */
export const serverEvent = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string().nullable(),
  all_day: z.boolean(),
  location: z.string().nullable(),
  reminder_minutes: z.number().int().nullable(),
  category: z.string().nullable(),
  priority: z.enum(PRIORITIES),
  url: z.string().nullable(),
  recurrence_frequency: z.enum(FREQUENCIES).nullable(),
  recurrence_interval: z.number().int().nullable(),
  recurrence_by_day: z.string().nullable(),
  recurrence_by_month_day: z.number().int().nullable(),
  recurrence_until: z.string().nullable(),
  recurrence_count: z.number().int().nullable(),
  /** Occurrence starts the series no longer produces itself (cancelled or overridden). */
  exdates: z.array(z.string()),
  /** Set on an override of one occurrence: the series it belongs to. */
  series_id: z.string().nullable(),
  /** Set on an override: the start of the occurrence it replaces (RECURRENCE-ID). */
  recurrence_id: z.string().nullable(),
  /** "external": an occurrence from a connected calendar (listed only for a from–to range). */
  source: z.enum([...EVENT_SOURCES, "external"]),
  task_id: z.string().nullable(),
  /** A routine's session (issue 29): the routine it belongs to (absent from older answers). */
  routine_id: z.string().nullable().optional(),
  /** A planned block's reason, in one sentence (null otherwise; absent from older answers). */
  why: z.string().nullable().optional(),
  /**
   * A guest's booking through a booking link: the guest's name (absent otherwise). Its time is
   * fixed (moving it answers 409); it is cancelled on Booking links, not deleted as an event.
   */
  booked_by: z.string().optional(),
  /** Rises on every change; an update must name the version it was made from. */
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Set when the event was deleted (only ever seen in answers to a replayed create). */
  deleted_at: z.string().nullable(),
  /** Connected events only: Sage shows them but never changes them (writes answer 403). */
  read_only: z.literal(true).optional(),
  connection_id: z.uuid().optional(),
  /** The connected calendar's color, when it has one. */
  color: z.string().optional(),
  /** Connected events only: whether the scheduler treats it as busy time. */
  busy: z.boolean().optional(),
});
export type ServerEvent = z.infer<typeof serverEvent>;

/**
 * One occurrence in a ranged list, as a view draws it: `event_id` is the row that holds
 * its content (the series, or the override that replaced it), `series_id` and
 * `occurrence` name it for occurrence edits (null for one-off events).
 */
export const listedOccurrence = z.object({
  event_id: z.uuid(),
  series_id: z.string().nullable(),
  occurrence: z.string().nullable(),
  start: z.string(),
  end: z.string(),
});
export type ListedOccurrence = z.infer<typeof listedOccurrence>;

/**
 * Without a range: the live rows. With one: the rows with something in it, and `occurrences`
 * (of this page's events). Either way in pages of at most LIST_PAGE (events and bytes), in
 * id order across pages: `next_cursor` asks for the next page, null on the last. An id never
 * changes, so a row that exists on every page's read is listed exactly once, edited or not.
 */
export const listEventsResponse = z.object({
  events: z.array(serverEvent),
  occurrences: z.array(listedOccurrence).optional(),
  next_cursor: z.uuid().nullable(),
});
export type ListEventsResponse = z.infer<typeof listEventsResponse>;
export const eventResponse = z.object({ event: serverEvent });
/** An occurrence edit: the row it wrote, and the series as it now stands (for its version). */
export const occurrenceResponse = z.object({ event: serverEvent, series: serverEvent });
export type OccurrenceResponse = z.infer<typeof occurrenceResponse>;
export type EventResponse = z.infer<typeof eventResponse>;
export const deleteEventResponse = z.object({
  success: z.literal(true),
  id: z.uuid(),
  /** After deleting some occurrences: the series as it now stands (null when it is gone). */
  series: serverEvent.nullable().optional(),
});
export type DeleteEventResponse = z.infer<typeof deleteEventResponse>;

/** A stale update: 409 with the server's current event in `details`. */
export const conflictDetails = z.object({ event: serverEvent });

/** POST/GET /api/calendar-token */
export const calendarTokenResponse = z.object({ token: z.string(), feedUrl: z.string() });
export type CalendarTokenResponse = z.infer<typeof calendarTokenResponse>;

export const FEED_NAME = "Sage AI Recommendations";
export const FEED_DOWNLOAD_NAME = "sage-recommendations.ics";
