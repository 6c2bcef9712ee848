import { z } from "zod";
import { inYearRange, LIMITS } from "./calendar.ts";

/** What a person can say about a block: they did it, did part of it, or let it go. */
export const CHECK_IN_OUTCOMES = ["done", "partly", "skipped"] as const;
export type CheckInOutcome = (typeof CHECK_IN_OUTCOMES)[number];

/** Where a check-in was made. */
export const CHECK_IN_SOURCES = ["today", "week", "assistant"] as const;

/** Minutes a check-in may report: a whole day at most (more is a typo, not evidence). */
export const CHECK_IN_MAX_MINUTES = 24 * 60;
/**
 * A block has begun for check-ins from this long before its start (people start a little
 * early). "Partly" waits until then (409 before); "done" before then is work finished ahead of
 * its block — it closes the task, but says nothing about the hour the block sits in. Today asks
 * only what can be said yet by the same rule.
 */
export const CHECK_IN_EARLY_START_MS = 15 * 60_000;
/** Whether a block starting at `start` (ms) has begun for check-ins at `now` (ms). */
export const checkInBegun = (start: number, now: number): boolean =>
  start - now <= CHECK_IN_EARLY_START_MS;

const instant = (label: string) =>
  z
    .string(`${label} is required`)
    .pipe(
      z.iso.datetime({
        offset: true,
        message: `${label} must be an ISO 8601 date-time with a time zone offset`,
      }),
    )
    .refine(inYearRange, `${label} must be between ${LIMITS.minYear} and ${LIMITS.maxYear}`);

/**
 * POST /api/check-ins. `occurrence` names one occurrence of a repeating block (its start as
 * the series defines it); a block that does not repeat needs none. `minutes` is the work done:
 * required with "partly", optional with "done" (how long it really took), refused with
 * "skipped" (nothing was done).
 */
export const checkInRequest = z
  .strictObject({
    eventId: z.uuid("eventId must be a UUID"),
    occurrence: instant("occurrence").optional(),
    outcome: z.enum(CHECK_IN_OUTCOMES, {
      error: "outcome must be one of done, partly, skipped",
    }),
    minutes: z
      .number("minutes must be a number")
      .int("minutes must be a whole number")
      .min(1, "minutes must be at least 1")
      .max(CHECK_IN_MAX_MINUTES, `minutes must be at most ${CHECK_IN_MAX_MINUTES}`)
      .optional(),
    /** Where the person said it: kept with the evidence Sage learns from (issue 27). */
    source: z
      .enum(CHECK_IN_SOURCES, { error: "source must be one of today, week, assistant" })
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.outcome === "partly" && b.minutes === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["minutes"],
        message: "minutes is required with partly",
      });
    if (b.outcome === "skipped" && b.minutes !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["minutes"],
        message: "minutes is not taken with skipped",
      });
  });
export type CheckInRequest = z.infer<typeof checkInRequest>;

export const checkIn = z.object({
  eventId: z.uuid(),
  occurrence: z.string().nullable(),
  taskId: z.uuid().nullable(),
  outcome: z.enum(CHECK_IN_OUTCOMES),
  minutes: z.number().int().nullable(),
  /** The block's length when the person checked in. */
  plannedMinutes: z.number().int(),
  /** Minutes of the task's work this check-in counts as done (see countedMinutes). */
  countedMinutes: z.number().int(),
  createdAt: z.string(),
});
export type CheckIn = z.infer<typeof checkIn>;

/**
 * `taskDone`: this check-in finished the task (done on its last block). `leftCalendar`: the
 * block left the calendar (a skip of Sage's block before it began: its task is planned again,
 * or a routine's day counts as skipped).
 */
export const checkInResponse = z.object({
  checkIn,
  taskDone: z.boolean(),
  leftCalendar: z.boolean(),
});

/** GET /api/today?date=YYYY-MM-DD (a day in the person's zone; today by default). */
export const todayQuery = z.object({
  date: z.iso
    .date("date must be a day, YYYY-MM-DD")
    .refine(inYearRange, `date must be between ${LIMITS.minYear} and ${LIMITS.maxYear}`)
    .optional(),
});

export const todayItem = z.object({
  kind: z.enum(["meeting", "block"]),
  /** The stored event's id, or a connected occurrence's id (never checked in). */
  id: z.string(),
  /** For an occurrence of a repeating Sage event: its start as the series defines it. */
  occurrence: z.string().nullable(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  /** "sage" for Sage's own events, "connected" for a connected calendar's. */
  from: z.enum(["sage", "connected"]),
  taskId: z.uuid().nullable(),
  /** The routine a session belongs to (issue 29); a session is a block like a task's. */
  routineId: z.uuid().nullable().optional(),
  /** A planned block's reason, from the scheduler (null for anything else). */
  why: z.string().nullable().optional(),
  checkIn: z
    .object({ outcome: z.enum(CHECK_IN_OUTCOMES), minutes: z.number().nullable() })
    .nullable(),
});
export type TodayItem = z.infer<typeof todayItem>;

/** One task whose work from yesterday's blocks is still open (one entry per task). */
export const carriedOver = z.object({
  taskId: z.uuid(),
  title: z.string(),
  /** Yesterday's blocks of the task not checked in as done. */
  eventIds: z.array(z.uuid()),
  /** The work left on those blocks (a partly check-in counts what was done). */
  minutes: z.number().int(),
  /** The task's next block from the start of the day on, if the plan has found one. */
  plannedAgain: z.object({ eventId: z.uuid(), start: z.string() }).nullable(),
});
export type CarriedOver = z.infer<typeof carriedOver>;

export const todayResponse = z.object({
  date: z.string(),
  timezone: z.string(),
  items: z.array(todayItem),
  load: z.object({
    plannedMinutes: z.number().int(),
    doneMinutes: z.number().int(),
    capacityMinutes: z.number().int(),
  }),
  moved: z.array(z.object({ id: z.uuid(), text: z.string(), createdAt: z.string() })),
  carriedOver: z.array(carriedOver),
  /** The server's clock when this was read: what POST /api/today/seen sends back. */
  asOf: z.string(),
  notice: z.string().optional(),
});
export type TodayResponse = z.infer<typeof todayResponse>;

/** POST /api/today/seen: everything up to `through` (a GET's `asOf`) has been seen. */
export const todaySeenRequest = z.strictObject({ through: instant("through") });

/** At most this many items in a day, and carried-over blocks from yesterday. */
export const TODAY_LIMITS = { items: 200, carriedOver: 50, moved: 20 } as const;
