import { DateTime } from "luxon";
import { parseCalendar } from "../../../../core/calendar/external/parse-calendar.ts";
import type { ExternalSeries, JCal } from "../../../../core/calendar/external/types.ts";
import type { GoogleDateTime, GoogleEvent } from "./google-calendar-api.ts";

/**
 * Google's events as Sage's series (decision 018): each event is written as the VEVENT it
 * stands for and read by the same parser as every other calendar, so one set of rules —
 * recurrence, overrides, zones, busy — holds for all sources. A series is a master and its
 * exceptions (`recurringEventId` + `originalStartTime`), stored under the master's id.
 */

const escapeText = (s: string) =>
  s
    .replace(/\\/g, "\\\\")
    .replace(/\r?\n/g, "\\n")
    .replace(/[,;]/g, (c) => `\\${c}`);
// a property value never carries a line break into the text the parser reads
const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ");
const basic = (dt: DateTime) => dt.toFormat("yyyyMMdd'T'HHmmss");

/** DTSTART/DTEND/RECURRENCE-ID from Google's {date} or {dateTime, timeZone}. */
function timeProp(name: string, t: GoogleDateTime | undefined): string | undefined {
  if (t?.date && /^\d{4}-\d{2}-\d{2}$/.test(t.date)) {
    return `${name};VALUE=DATE:${t.date.replace(/-/g, "")}`;
  }
  if (!t?.dateTime) return undefined;
  const instant = DateTime.fromISO(t.dateTime, { setZone: true });
  if (!instant.isValid) return undefined;
  if (t.timeZone && DateTime.local().setZone(t.timeZone).isValid && /^[\w/+-]+$/.test(t.timeZone)) {
    // the wall time in the event's own zone, so a series keeps 10:00 across DST changes
    return `${name};TZID=${t.timeZone}:${basic(instant.setZone(t.timeZone))}`;
  }
  return `${name}:${basic(instant.toUTC())}Z`;
}

function veventLines(e: GoogleEvent, uid: string, seriesZone: string | undefined): string[] {
  const lines = ["BEGIN:VEVENT", `UID:${oneLine(uid)}`];
  const original = e.originalStartTime
    ? { ...e.originalStartTime, timeZone: e.originalStartTime.timeZone ?? seriesZone }
    : undefined;
  const rid = original ? timeProp("RECURRENCE-ID", original) : undefined;
  if (rid) lines.push(rid);
  const start = timeProp("DTSTART", e.start ?? original);
  if (start) lines.push(start);
  const end = e.start ? timeProp("DTEND", e.end) : undefined;
  if (end) lines.push(end);
  if (e.status === "cancelled") lines.push("STATUS:CANCELLED");
  if (e.summary) lines.push(`SUMMARY:${escapeText(e.summary.slice(0, 1000))}`);
  if (e.location) lines.push(`LOCATION:${escapeText(e.location.slice(0, 1000))}`);
  const declined = e.attendees?.some((a) => a.self && a.responseStatus === "declined");
  // declined by the person reads like free time: listed, not busy (the same as PARTSTAT).
  // Google leaves transparency out when it is "opaque", its default ("Show me as: Busy"):
  // said nothing is busy, all-day events too (decision 028)
  lines.push(e.transparency === "transparent" || declined ? "TRANSP:TRANSPARENT" : "TRANSP:OPAQUE");
  for (const rule of e.recurrence ?? []) {
    const line = oneLine(rule);
    if (/^(RRULE|EXRULE|RDATE|EXDATE)[;:]/i.test(line)) lines.push(line);
  }
  lines.push("END:VEVENT");
  return lines;
}

/** The key a Google event is stored under: its series' master id. */
export const seriesKey = (e: GoogleEvent) => e.recurringEventId ?? e.id;

/**
 * The iCalendar text of one series of Google events sharing a master (the master may be
 * absent: an invitation to one instance only). Cancelled exceptions become cancelled
 * overrides.
 */
export function googleSeriesText(events: GoogleEvent[]): string {
  const master = events.find((e) => !e.recurringEventId);
  const uid = master?.iCalUID ?? events.find((e) => e.iCalUID)?.iCalUID ?? seriesKey(events[0]!);
  const zone = master?.start?.timeZone;
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Sage//Google Calendar//EN",
    ...events.flatMap((e) => veventLines(e, uid, zone)),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

/**
 * One series from Google events sharing a master, read here (a sync reads many at once in
 * the calendar worker: `parse-each` of googleSeriesText). Undefined when nothing in it can
 * be read.
 */
export function googleSeries(events: GoogleEvent[]): ExternalSeries | undefined {
  try {
    return parseCalendar(googleSeriesText(events)).series[0];
  } catch {
    return undefined;
  }
}

const recurrenceIdOf = (c: JCal): string =>
  JSON.stringify((c[1] as unknown[][]).find((p) => p[0] === "recurrence-id")?.[3] ?? null);

/**
 * An incremental change merged into what is stored: components with the same RECURRENCE-ID
 * (or the master) are replaced, new ones added.
 */
export function mergeSeries(stored: ExternalSeries, changed: ExternalSeries): ExternalSeries {
  const byRid = new Map(stored.components.map((c) => [recurrenceIdOf(c), c]));
  for (const c of changed.components) byRid.set(recurrenceIdOf(c), c);
  return {
    uid: stored.uid,
    components: [...byRid.values()],
    zones: { ...stored.zones, ...changed.zones },
    floatingZone: stored.floatingZone ?? changed.floatingZone,
  };
}
