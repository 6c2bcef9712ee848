import { foldLine } from "../calendar/fold-lines.ts";
import { icsStamp, icsText } from "../calendar/ics-values.ts";

/**
 * The .ics a guest gets with their booking (issue 31): one VEVENT, in UTC, that any calendar
 * can add. Its UID is the booking's, so adding it twice updates rather than duplicates.
 */
export function bookingIcs(b: {
  uid: string;
  title: string;
  start: Date;
  end: Date;
  description: string | null;
  cancelled?: boolean;
}): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Sage//Booking links//EN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${b.uid}`,
    `DTSTAMP:${icsStamp(new Date())}`,
    `DTSTART:${icsStamp(b.start)}`,
    `DTEND:${icsStamp(b.end)}`,
    `SUMMARY:${icsText(b.title)}`,
    ...(b.description ? [`DESCRIPTION:${icsText(b.description)}`] : []),
    `STATUS:${b.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ]
    .map(foldLine)
    .join("\r\n");
}
