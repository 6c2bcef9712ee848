/**
 * Booking links (issue 31): a person shares a link; others pick a time from a public page.
 * Times are offered by src/core/booking/slots.ts, which never sells the person's peak unless
 * the link allows it.
 */
import { z } from "zod";
import { BOOKING_DEFAULTS, BOOKING_LIMITS } from "../booking/booking-limits.ts";
import { email } from "./auth.ts";

// the limits have no zod, so the public booking page can read them without loading it
export { BOOKING_DEFAULTS, BOOKING_LIMITS };

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const hhmm = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, "must be a time like 09:30");
const toMinute = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const int = (name: string, min: number, max: number) =>
  z
    .number(`${name} must be a number`)
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

const linkFields = {
  title: z
    .string("title must be text")
    .trim()
    .min(1, "title must not be empty")
    .max(BOOKING_LIMITS.titleMax, `title must be at most ${BOOKING_LIMITS.titleMax} characters`),
  /** The name guests see; never the person's e-mail (absent: the page shows the title alone). */
  hostName: z
    .string("hostName must be text")
    .trim()
    .max(BOOKING_LIMITS.nameMax, `hostName must be at most ${BOOKING_LIMITS.nameMax} characters`)
    .nullable(),
  minutes: int("minutes", BOOKING_LIMITS.minMinutes, BOOKING_LIMITS.maxMinutes).refine(
    (m) => m % 5 === 0,
    "minutes must be a multiple of 5",
  ),
  horizonDays: int("horizonDays", 1, BOOKING_LIMITS.maxHorizonDays),
  noticeMinutes: int("noticeMinutes", 0, BOOKING_LIMITS.maxNoticeMinutes),
  /** ISO weekdays (1 = Monday); absent: the person's working days. */
  days: z
    .array(int("days[]", 1, 7), "days must be a list of weekdays 1–7")
    .min(1, "days must name at least one weekday")
    .max(7)
    .nullable(),
  /** Local hours guests may book within; absent: the person's working hours. */
  hours: z.strictObject({ from: hhmm, to: hhmm }).nullable(),
  bufferBeforeMinutes: int("bufferBeforeMinutes", 0, BOOKING_LIMITS.maxBufferMinutes),
  bufferAfterMinutes: int("bufferAfterMinutes", 0, BOOKING_LIMITS.maxBufferMinutes),
  maxPerDay: int("maxPerDay", 1, BOOKING_LIMITS.maxPerDay).nullable(),
  /** May guests take the person's peak hours? No by default: those are for their hardest work. */
  allowPeak: z.boolean("allowPeak must be true or false"),
  paused: z.boolean("paused must be true or false"),
};

const checkHours = (
  v: { hours?: { from: string; to: string } | null | undefined; minutes?: number | undefined },
  ctx: z.RefinementCtx,
) => {
  if (!v.hours) return;
  const span = toMinute(v.hours.to) - toMinute(v.hours.from);
  if (span <= 0)
    ctx.addIssue({ code: "custom", path: ["hours"], message: "must end after it starts" });
  else if (v.minutes !== undefined && span < v.minutes)
    ctx.addIssue({
      code: "custom",
      path: ["hours"],
      message: "is shorter than one meeting of this link",
    });
};

/** POST /api/booking-links: a title and a length; the rest has defaults. */
export const createBookingLinkRequest = z
  .strictObject({
    title: linkFields.title,
    hostName: linkFields.hostName.default(null),
    minutes: linkFields.minutes,
    horizonDays: linkFields.horizonDays.default(BOOKING_DEFAULTS.horizonDays),
    noticeMinutes: linkFields.noticeMinutes.default(BOOKING_DEFAULTS.noticeMinutes),
    days: linkFields.days.default(null),
    hours: linkFields.hours.default(null),
    bufferBeforeMinutes: linkFields.bufferBeforeMinutes.default(
      BOOKING_DEFAULTS.bufferBeforeMinutes,
    ),
    bufferAfterMinutes: linkFields.bufferAfterMinutes.default(BOOKING_DEFAULTS.bufferAfterMinutes),
    maxPerDay: linkFields.maxPerDay.default(null),
    allowPeak: linkFields.allowPeak.default(BOOKING_DEFAULTS.allowPeak),
    paused: linkFields.paused.default(false),
  })
  .superRefine(checkHours);
export type CreateBookingLinkInput = z.output<typeof createBookingLinkRequest>;

/** PUT /api/booking-links/:id: any of the fields; the rest stay. */
export const updateBookingLinkRequest = z
  .strictObject({
    title: linkFields.title.optional(),
    hostName: linkFields.hostName.optional(),
    minutes: linkFields.minutes.optional(),
    horizonDays: linkFields.horizonDays.optional(),
    noticeMinutes: linkFields.noticeMinutes.optional(),
    days: linkFields.days.optional(),
    hours: linkFields.hours.optional(),
    bufferBeforeMinutes: linkFields.bufferBeforeMinutes.optional(),
    bufferAfterMinutes: linkFields.bufferAfterMinutes.optional(),
    maxPerDay: linkFields.maxPerDay.optional(),
    allowPeak: linkFields.allowPeak.optional(),
    paused: linkFields.paused.optional(),
  })
  .superRefine(checkHours);
export type UpdateBookingLinkInput = z.output<typeof updateBookingLinkRequest>;

export const bookingLink = z.object({
  id: z.uuid(),
  slug: z.string(),
  /** The public page's path (`/book/<slug>`), to share. */
  url: z.string(),
  title: z.string(),
  hostName: z.string().nullable(),
  minutes: z.number().int(),
  horizonDays: z.number().int(),
  noticeMinutes: z.number().int(),
  days: z.array(z.number().int()).nullable(),
  hours: z.object({ from: z.string(), to: z.string() }).nullable(),
  bufferBeforeMinutes: z.number().int(),
  bufferAfterMinutes: z.number().int(),
  maxPerDay: z.number().int().nullable(),
  allowPeak: z.boolean(),
  paused: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookingLink = z.infer<typeof bookingLink>;
export const bookingLinkResponse = z.object({ link: bookingLink });
export const bookingLinksResponse = z.object({ links: z.array(bookingLink) });

export const BOOKING_STATUSES = ["confirmed", "cancelled"] as const;
export const booking = z.object({
  id: z.uuid(),
  linkId: z.uuid(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  name: z.string(),
  email: z.string(),
  note: z.string().nullable(),
  guestZone: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  eventId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type Booking = z.infer<typeof booking>;
export const bookingsResponse = z.object({ bookings: z.array(booking) });
export const bookingResponse = z.object({ booking });

// --- the guest's side (public) ----------------------------------------------------------

export const slugParam = z.strictObject({
  slug: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "unknown booking link"),
});

export const slotsQuery = z
  .strictObject({
    from: z.iso.datetime({ offset: true, error: "from must be an ISO date-time" }).optional(),
    to: z.iso.datetime({ offset: true, error: "to must be an ISO date-time" }).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) > Date.parse(q.from), {
    message: "to must be after from",
    path: ["to"],
  });

export const slot = z.object({ start: z.string(), end: z.string() });
/** GET /api/book/:slug — what a guest may see: never the host's events, e-mail or anything else. */
export const slotsResponse = z.object({
  title: z.string(),
  minutes: z.number().int(),
  hostName: z.string(),
  /** The host's zone, shown beside the guest's own. */
  hostZone: z.string(),
  /** "open", or why nothing can be booked ("paused"). */
  status: z.enum(["open", "paused"]),
  slots: z.array(slot),
});
export type SlotsResponse = z.infer<typeof slotsResponse>;

export const bookRequest = z.strictObject({
  start: z.iso.datetime({ offset: true, error: "start must be an ISO date-time" }),
  name: z
    .string("name must be text")
    .trim()
    .min(1, "name must not be empty")
    .max(BOOKING_LIMITS.nameMax, `name must be at most ${BOOKING_LIMITS.nameMax} characters`),
  email,
  note: z
    .string("note must be text")
    .trim()
    .max(BOOKING_LIMITS.noteMax, `note must be at most ${BOOKING_LIMITS.noteMax} characters`)
    .optional(),
  /** The guest's zone, for the host to read their times in. */
  zone: z.string().max(64).optional(),
});
export type BookInput = z.output<typeof bookRequest>;

/** The guest's copy: what they booked, a key to see it again, and an .ics to add it. */
export const guestBooking = z.object({
  id: z.uuid(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  hostName: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** Shows this booking again (GET /api/book/:slug/bookings/:id?key=). */
  key: z.string(),
});
export const bookResponse = z.object({ booking: guestBooking, ics: z.string() });
export const guestBookingParams = z.strictObject({
  slug: slugParam.shape.slug,
  id: z.uuid("id must be a UUID"),
});
/** Without the right key the answer is a 404, as for a booking that does not exist. */
export const guestBookingQuery = z.strictObject({ key: z.string().max(64).optional() });
export const guestBookingResponse = z.object({ booking: guestBooking });
