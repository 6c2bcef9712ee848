import ICAL from "ical.js";
import {
  CalendarDataError,
  EXTERNAL_LIMITS,
  type ExternalSeries,
  type JCal,
  tooManyOverrides,
} from "./types.ts";
import { ianaForTzid, resolveZones } from "./zones.ts";

export type ParsedCalendar = {
  /** X-WR-CALNAME, when the source names itself. */
  name: string | null;
  series: ExternalSeries[];
  /** Content lines dropped because they were not `NAME[;PARAMS]:VALUE`. */
  skippedLines: number;
};

const CONTENT_LINE = /^[A-Za-z0-9-]+(;[^:]*)?:/;
const TIME_PROPS = ["dtstart", "dtend", "rdate", "exdate", "recurrence-id"];

/**
 * Unfolds, drops lines that are not content lines (real feeds carry stray junk that would
 * make ical.js refuse the whole file), and checks nesting and size before the parser sees
 * anything. Work is linear in the text.
 */
function cleanLines(text: string): { text: string; skipped: number } {
  if (text.length > EXTERNAL_LIMITS.maxChars) {
    throw new CalendarDataError("The calendar is larger than 10 MB", "too-large");
  }
  const lines = text
    .replace(/\r\n?/g, "\n")
    .replace(/\n[ \t]/g, "")
    .split("\n");
  const kept: string[] = [];
  let depth = 0;
  let events = 0;
  let skipped = 0;
  for (const line of lines) {
    if (line.trim() === "") continue;
    if (!CONTENT_LINE.test(line)) {
      skipped++;
      continue;
    }
    const upper = line.toUpperCase();
    if (upper.startsWith("BEGIN:")) {
      if (kept.length === 0 && upper !== "BEGIN:VCALENDAR") break;
      if (++depth > EXTERNAL_LIMITS.maxDepth) {
        throw new CalendarDataError(
          "The calendar nests its parts too deeply to read",
          "too-complex",
        );
      }
      if (upper === "BEGIN:VEVENT" && ++events > EXTERNAL_LIMITS.maxComponents) {
        throw new CalendarDataError(
          `The calendar holds more than ${EXTERNAL_LIMITS.maxComponents} events`,
          "too-large",
        );
      }
    } else if (upper.startsWith("END:")) {
      depth--;
    }
    kept.push(line);
  }
  if (kept.length === 0 || kept[0]!.toUpperCase() !== "BEGIN:VCALENDAR") {
    throw new CalendarDataError("This address did not answer with a calendar", "not-a-calendar");
  }
  // close what a truncated file left open, so the parser reads what arrived
  const open: string[] = [];
  for (const line of kept) {
    const upper = line.toUpperCase();
    if (upper.startsWith("BEGIN:")) open.push(line.slice(6));
    else if (upper.startsWith("END:")) open.pop();
  }
  for (const name of open.reverse()) kept.push(`END:${name}`);
  return { text: kept.join("\r\n"), skipped };
}

function usedTzids(components: ICAL.Component[]): Set<string> {
  const out = new Set<string>();
  for (const c of components) {
    for (const name of TIME_PROPS) {
      for (const p of c.getAllProperties(name)) {
        const tzid = p.getParameter("tzid");
        const id = Array.isArray(tzid) ? tzid[0] : tzid;
        if (typeof id === "string" && id) out.add(id);
      }
    }
  }
  return out;
}

/** A series' name for a message: its master's SUMMARY, else its UID. */
function seriesName(uid: string, byUid: Map<string, ICAL.Component[]>): string {
  const master = byUid.get(uid)?.find((c) => !c.hasProperty("recurrence-id"));
  const summary = master?.getFirstPropertyValue("summary");
  return typeof summary === "string" && summary.trim() ? summary.trim() : uid;
}

/**
 * Parses an iCalendar text (every VCALENDAR in it) into series grouped by UID, with every
 * TZID resolved once. Pure and bounded by EXTERNAL_LIMITS; throws CalendarDataError with a
 * message fit to show when the text is not a calendar or is too large.
 */
export function parseCalendar(text: string): ParsedCalendar {
  const cleaned = cleanLines(text);
  let parsed: unknown;
  try {
    parsed = ICAL.parse(cleaned.text);
  } catch {
    throw new CalendarDataError("This address did not answer with a calendar", "not-a-calendar");
  }
  const roots = (
    Array.isArray(parsed) && typeof parsed[0] === "string" ? [parsed] : parsed
  ) as JCal[];
  const byUid = new Map<string, ICAL.Component[]>();
  const vtimezones = new Map<string, JCal>();
  const overrideCounts = new Map<string, number>();
  let name: string | null = null;
  let floatingZone: string | null = null;
  let noUid = 0;
  for (const root of roots) {
    const calendar = new ICAL.Component(root);
    if (calendar.name !== "vcalendar") continue;
    const calName = calendar.getFirstPropertyValue("x-wr-calname");
    if (!name && typeof calName === "string" && calName.trim()) name = calName.trim().slice(0, 200);
    const wrZone = calendar.getFirstPropertyValue("x-wr-timezone");
    if (!floatingZone && typeof wrZone === "string") floatingZone = ianaForTzid(wrZone) ?? null;
    for (const tz of calendar.getAllSubcomponents("vtimezone")) {
      const id = tz.getFirstPropertyValue("tzid");
      if (typeof id === "string") vtimezones.set(id, tz.toJSON() as JCal);
    }
    for (const event of calendar.getAllSubcomponents("vevent")) {
      const uidValue = event.getFirstPropertyValue("uid");
      const uid =
        typeof uidValue === "string" && uidValue.trim()
          ? uidValue.trim()
          : `sage-no-uid-${++noUid}`;
      const group = byUid.get(uid);
      if (group) group.push(event);
      else byUid.set(uid, [event]);
      // refused here, where the text is parsed (the calendar worker), and not after tens
      // of thousands of overrides have been copied back to the server's thread
      if (event.hasProperty("recurrence-id")) {
        const overrides = (overrideCounts.get(uid) ?? 0) + 1;
        overrideCounts.set(uid, overrides);
        if (overrides > EXTERNAL_LIMITS.maxOverrides)
          throw tooManyOverrides(seriesName(uid, byUid));
      }
      if (byUid.size > EXTERNAL_LIMITS.maxSeries) {
        throw new CalendarDataError(
          `The calendar holds more than ${EXTERNAL_LIMITS.maxSeries} events`,
          "too-large",
        );
      }
    }
  }
  if (roots.length === 0) {
    throw new CalendarDataError("This address did not answer with a calendar", "not-a-calendar");
  }
  const series: ExternalSeries[] = [];
  for (const [uid, components] of byUid) {
    series.push({
      uid,
      components: components.map((c) => c.toJSON() as JCal),
      zones: resolveZones(usedTzids(components), vtimezones),
      floatingZone,
    });
  }
  return { name, series, skippedLines: cleaned.skipped };
}
