import { BOOKING_DEFAULTS } from "../../../../core/booking/booking-limits.ts";
import {
  type BookingLink,
  type CreateBookingLinkInput,
  createBookingLinkRequest,
} from "../../../../core/contract/booking.ts";

export type LinkFormValues = {
  title: string;
  hostName: string;
  minutes: string;
  horizonDays: string;
  noticeMinutes: number;
  /** null: the person's working days (How you work); else ISO weekdays, 1 = Monday. */
  days: number[] | null;
  /** null: the person's working hours. */
  hours: { from: string; to: string } | null;
  bufferBeforeMinutes: string;
  bufferAfterMinutes: string;
  /** "" : no cap of its own. */
  maxPerDay: string;
  allowPeak: boolean;
};
export const LINK_FORM_FIELDS = [
  "title",
  "hostName",
  "minutes",
  "horizonDays",
  "noticeMinutes",
  "days",
  "hours",
  "bufferBeforeMinutes",
  "bufferAfterMinutes",
  "maxPerDay",
] as const;
export type LinkFormField = (typeof LINK_FORM_FIELDS)[number];
export type LinkFormErrors = Partial<Record<LinkFormField, string>>;

/** Weekdays guests are offered when a link names its own (Mon–Fri to start from). */
export const WORK_WEEK = [1, 2, 3, 4, 5];
export const DEFAULT_HOURS = { from: "09:00", to: "17:00" };

export const emptyLinkForm = (): LinkFormValues => ({
  title: "",
  hostName: "",
  minutes: "30",
  horizonDays: String(BOOKING_DEFAULTS.horizonDays),
  noticeMinutes: BOOKING_DEFAULTS.noticeMinutes,
  days: null,
  hours: null,
  bufferBeforeMinutes: String(BOOKING_DEFAULTS.bufferBeforeMinutes),
  bufferAfterMinutes: String(BOOKING_DEFAULTS.bufferAfterMinutes),
  maxPerDay: "",
  allowPeak: BOOKING_DEFAULTS.allowPeak,
});

export const linkToForm = (l: BookingLink): LinkFormValues => ({
  title: l.title,
  hostName: l.hostName ?? "",
  minutes: String(l.minutes),
  horizonDays: String(l.horizonDays),
  noticeMinutes: l.noticeMinutes,
  days: l.days ? [...l.days] : null,
  hours: l.hours ? { ...l.hours } : null,
  bufferBeforeMinutes: String(l.bufferBeforeMinutes),
  bufferAfterMinutes: String(l.bufferAfterMinutes),
  maxPerDay: l.maxPerDay === null ? "" : String(l.maxPerDay),
  allowPeak: l.allowPeak,
});

const number = (v: string) => (v.trim() === "" ? Number.NaN : Number(v));
const messages: Partial<Record<LinkFormField, string>> = {
  minutes: "Minutes must be a whole number from 10 to 240, in steps of 5",
  horizonDays: "Days ahead must be a whole number from 1 to 60",
  bufferBeforeMinutes: "A buffer must be a whole number of minutes from 0 to 120",
  bufferAfterMinutes: "A buffer must be a whole number of minutes from 0 to 120",
  maxPerDay: "Leave it empty for no cap, or a whole number from 1 to 20",
};

const hoursMessage = (m: string) =>
  m.includes("shorter")
    ? "These hours are shorter than one meeting"
    : m.includes("end after")
      ? "The hours must end after they start"
      : `Hours: ${m}`;

/**
 * The form's values checked by the rules the server keeps (the contract's schema), each
 * problem beside its field in words a person reads; or the input to send.
 */
export function formToLinkInput(
  v: LinkFormValues,
): { input: CreateBookingLinkInput; errors?: undefined } | { errors: LinkFormErrors } {
  const parsed = createBookingLinkRequest.safeParse({
    title: v.title,
    hostName: v.hostName.trim() || null,
    minutes: number(v.minutes),
    horizonDays: number(v.horizonDays),
    noticeMinutes: v.noticeMinutes,
    days: v.days,
    hours: v.hours,
    bufferBeforeMinutes: number(v.bufferBeforeMinutes),
    bufferAfterMinutes: number(v.bufferAfterMinutes),
    maxPerDay: v.maxPerDay.trim() === "" ? null : number(v.maxPerDay),
    allowPeak: v.allowPeak,
  });
  if (parsed.success) return { input: parsed.data };
  const errors: LinkFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as LinkFormField;
    if (!LINK_FORM_FIELDS.includes(field)) continue;
    const text =
      field === "hours"
        ? hoursMessage(issue.message)
        : field === "days"
          ? "Pick at least one day"
          : (messages[field] ?? issue.message.charAt(0).toUpperCase() + issue.message.slice(1));
    errors[field] ??= text;
  }
  return { errors };
}
