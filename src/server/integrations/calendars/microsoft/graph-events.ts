import { DateTime } from "luxon";
import { ianaForTzid } from "../../../../core/calendar/external/zones.ts";
import type { GraphDateTime, GraphEvent } from "./graph-calendar-api.ts";

/**
 * Graph's events as Sage's series (decision 040). `calendarView/delta` answers instances —
 * Graph expands a series itself — so each event is one VEVENT stored under its own id, read
 * by the same parser as every other source (one set of busy rules). Busy, like Google's
 * transparency (decision 018) and all-day days (028):
 * - `isCancelled` (a meeting its organizer cancelled, still in the attendee's calendar) is
 *   left out, as is anything `@removed`;
 * - `showAs` free or workingElsewhere, or the person's own "declined", is listed but free;
 *   tentative, busy, oof and unknown are busy — a "maybe" still holds the time, the way a
 *   tentative Google event does;
 * - an all-day event blocks its local day only when it says busy or oof (Outlook creates
 *   all-day events as free).
 * Times are asked in UTC (`Prefer: outlook.timezone="UTC"`); a Windows zone name ("Pacific
 * Standard Time") or an IANA one that still comes back is resolved through the CLDR table
 * the iCalendar parser uses; a zone nothing names is read as UTC.
 */

const escapeText = (s: string) =>
  s
    .replace(/\\/g, "\\\\")
    .replace(/\r?\n/g, "\\n")
    .replace(/[,;]/g, (c) => `\\${c}`);
const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ");

/** The block Sage wrote, recognised by the transactionId it set (push-blocks' UID rule). */
const SAGE_TRANSACTION = /^sage-block-[0-9a-f-]{36}$/;

/** The instant a Graph dateTime (no offset, wall time in `timeZone`) stands for. */
export function graphInstant(t: GraphDateTime | undefined): Date | undefined {
  if (!t?.dateTime) return undefined;
  const wall = t.dateTime.replace(/(\.\d{3})\d*$/, "$1"); // seven fractional digits
  const raw = t.timeZone?.trim() || "UTC";
  const zone = /^(utc|gmt|etc\/utc|z)$/i.test(raw) ? "UTC" : (ianaForTzid(raw) ?? "UTC");
  const at = /[zZ]|[+-]\d{2}:\d{2}$/.test(wall)
    ? DateTime.fromISO(wall, { setZone: true })
    : DateTime.fromISO(wall, { zone });
  return at.isValid ? at.toJSDate() : undefined;
}

const dateOf = (t: GraphDateTime | undefined) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(t?.dateTime ?? "");
  return m ? `${m[1]}${m[2]}${m[3]}` : undefined;
};
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

export const isBusyShowAs = (e: GraphEvent, allDay: boolean): boolean => {
  if (e.responseStatus?.response === "declined") return false;
  if (e.showAs === "free" || e.showAs === "workingElsewhere") return false;
  if (allDay) return e.showAs === "busy" || e.showAs === "oof";
  return true;
};

/**
 * The UID a Graph event is read under: Sage's own block UID when Sage wrote it (`written`,
 * from external_writes by Graph id — which holds even if a response leaves transactionId
 * out), or the transactionId Sage set; else its Graph id.
 */
export const graphUid = (e: GraphEvent, written?: ReadonlyMap<string, string>): string =>
  written?.get(e.id) ??
  (e.transactionId && SAGE_TRANSACTION.test(e.transactionId) ? e.transactionId : e.id);

/**
 * The iCalendar text of one Graph event, or undefined when it is not busy-relevant data at
 * all (removed, cancelled, or without readable times).
 */
export function graphEventText(
  e: GraphEvent,
  written?: ReadonlyMap<string, string>,
): string | undefined {
  if (e["@removed"] || e.isCancelled) return undefined;
  const allDay = e.isAllDay === true;
  const lines = ["BEGIN:VEVENT", `UID:${oneLine(graphUid(e, written))}`];
  if (allDay) {
    const start = dateOf(e.start);
    const end = dateOf(e.end);
    if (!start) return undefined;
    lines.push(`DTSTART;VALUE=DATE:${start}`);
    if (end && end > start) lines.push(`DTEND;VALUE=DATE:${end}`);
  } else {
    const start = graphInstant(e.start);
    const end = graphInstant(e.end);
    if (!start) return undefined;
    lines.push(`DTSTART:${stamp(start)}`);
    if (end && end >= start) lines.push(`DTEND:${stamp(end)}`);
  }
  if (e.subject) lines.push(`SUMMARY:${escapeText(oneLine(e.subject).slice(0, 1000))}`);
  const place = e.location?.displayName;
  if (place) lines.push(`LOCATION:${escapeText(oneLine(place).slice(0, 1000))}`);
  lines.push(isBusyShowAs(e, allDay) ? "TRANSP:OPAQUE" : "TRANSP:TRANSPARENT");
  lines.push("END:VEVENT");
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Sage//Microsoft Graph//EN",
    ...lines,
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}
