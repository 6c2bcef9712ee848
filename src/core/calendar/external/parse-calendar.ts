import ICAL from "ical.js";
import { readEvent } from "./read-event.ts";
import {
  CalendarDataError,
  EXTERNAL_LIMITS,
  type ExternalSeries,
  type JCal,
  tooManyOverrides,
  tooManyOverridesInCalendar,
  UNREADABLE_TITLES,
  type Unreadable,
} from "./types.ts";
import { ianaForTzid, resolveZones } from "./zones.ts";

export type ParsedCalendar = {
  /** X-WR-CALNAME, when the source names itself. */
  name: string | null;
  series: ExternalSeries[];
  /** Content lines dropped because they were not `NAME[;PARAMS]:VALUE`. */
  skippedLines: number;
  /**
   * Events that could not be read (a malformed date, rule or parameter) and were left out,
   * the rest of the calendar kept: how many, and the first few titles where they had one.
   */
  unreadable: Unreadable;
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
  for (const raw of lines) {
    if (raw.trim() === "") continue;
    const line = quoteTzid(raw);
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

/** A time property whose TZID is written unquoted though it holds a colon or a comma. */
const UNQUOTED_TZID =
  /^((?:DTSTART|DTEND|DUE|EXDATE|RDATE|RECURRENCE-ID)(?:;[^:;"]*)*;TZID=)([^";]*[:,][^";]*?)((?:;[^:;"]*)*:\d{8}(?:T\d{6})?(?:,\d{8}(?:T\d{6})?)*)$/i;

/**
 * Outlook writes display names as TZIDs, unquoted: `DTSTART;TZID=(UTC+01:00) Amsterdam,
 * Berlin:20261126T090000`. Read literally, the colon inside the name ends the parameters
 * and the value is garbage; the value is the date-time after the last colon, so the name
 * is quoted (RFC 5545 §3.2) and the zone is read from it like any other TZID.
 */
function quoteTzid(line: string): string {
  const m = UNQUOTED_TZID.exec(line);
  return m ? `${m[1]}"${m[2]}"${m[3]}` : line;
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

type Blocks = {
  /** Each VCALENDAR's own properties, without its components. */
  calendars: string[][];
  vtimezones: string[][];
  vevents: string[][];
};

/**
 * Splits cleaned lines into each calendar's own properties, its VTIMEZONEs and its VEVENTs
 * (each with what nests in it, e.g. VALARM), so each part is parsed alone: one malformed
 * value costs its own event, never the calendar.
 */
function splitBlocks(lines: string[]): Blocks {
  const out: Blocks = { calendars: [], vtimezones: [], vevents: [] };
  let calendar: string[] | null = null;
  let block: string[] | null = null;
  let depth = 0;
  for (const line of lines) {
    const upper = line.toUpperCase();
    if (upper.startsWith("BEGIN:")) depth++;
    if (depth === 1 && upper === "BEGIN:VCALENDAR") {
      calendar = [];
      out.calendars.push(calendar);
    } else if (depth === 2 && upper.startsWith("BEGIN:")) {
      block = [line];
      if (upper === "BEGIN:VEVENT") out.vevents.push(block);
      else if (upper === "BEGIN:VTIMEZONE") out.vtimezones.push(block);
    } else if (block) block.push(line);
    else if (depth === 1 && calendar && !upper.startsWith("END:")) calendar.push(line);
    if (upper.startsWith("END:")) {
      depth--;
      if (depth === 1) block = null;
    }
  }
  return out;
}

/** A component parsed alone; null when ical.js cannot read it. */
function parseComponent(lines: string[]): ICAL.Component | null {
  try {
    const parsed = ICAL.parse(lines.join("\r\n"));
    return Array.isArray(parsed) && typeof parsed[0] === "string"
      ? new ICAL.Component(parsed as JCal)
      : null;
  } catch {
    return null;
  }
}

/** The SUMMARY of an event that could not be parsed, read from its line (unescaped). */
function rawSummary(lines: string[]): string | null {
  const line = lines.find((l) => /^SUMMARY[;:]/i.test(l));
  const value = line?.slice(line.indexOf(":") + 1).trim();
  return value
    ? value
        .replace(/\\([,;\\])/g, "$1")
        .replace(/\\n/gi, " ")
        .slice(0, 80)
    : null;
}

/** A series' name for a message: its master's SUMMARY, else its UID. */
function seriesName(uid: string, byUid: Map<string, ICAL.Component[]>): string {
  const master = byUid.get(uid)?.find((c) => !c.hasProperty("recurrence-id"));
  const summary = master?.getFirstPropertyValue("summary");
  return typeof summary === "string" && summary.trim() ? summary.trim() : uid;
}

/** An event Sage can expand: it parsed and its DTSTART, rule and dates read. */
function readable(event: ICAL.Component): boolean {
  try {
    return readEvent(event) !== null;
  } catch {
    return false;
  }
}

/**
 * Parses an iCalendar text (every VCALENDAR in it) into series grouped by UID, with every
 * TZID resolved once. Each event is parsed on its own: what can be read is kept, what cannot
 * is left out and counted (`unreadable`). A master (no RECURRENCE-ID) whose UID an earlier
 * master already took is a separate event (exports do this), not a duplicate to drop.
 * Pure and bounded by EXTERNAL_LIMITS; throws CalendarDataError with a message fit to show
 * when the text is not a calendar, is too large, or holds events none of which can be read
 * (unless `refuseWhenNone: false`: one object of many, whose failure is only counted).
 */
export function parseCalendar(
  text: string,
  opts: { refuseWhenNone?: boolean } = {},
): ParsedCalendar {
  const cleaned = cleanLines(text);
  const blocks = splitBlocks(cleaned.text.split("\r\n"));
  if (blocks.calendars.length === 0) {
    throw new CalendarDataError("This address did not answer with a calendar", "not-a-calendar");
  }
  let name: string | null = null;
  let floatingZone: string | null = null;
  for (const props of blocks.calendars) {
    const calendar = parseComponent(["BEGIN:VCALENDAR", ...props, "END:VCALENDAR"]);
    if (!calendar) continue;
    const calName = calendar.getFirstPropertyValue("x-wr-calname");
    if (!name && typeof calName === "string" && calName.trim()) name = calName.trim().slice(0, 200);
    const wrZone = calendar.getFirstPropertyValue("x-wr-timezone");
    if (!floatingZone && typeof wrZone === "string") floatingZone = ianaForTzid(wrZone) ?? null;
  }
  const vtimezones = new Map<string, JCal>();
  for (const lines of blocks.vtimezones) {
    const tz = parseComponent(lines);
    const id = tz?.getFirstPropertyValue("tzid");
    if (tz && typeof id === "string") vtimezones.set(id, tz.toJSON() as JCal);
  }

  const byUid = new Map<string, ICAL.Component[]>();
  /** UIDs whose master is taken: a second master gets a key of its own. */
  const masters = new Map<string, number>();
  const unreadable = { count: 0, titles: [] as string[] };
  const overrideCounts = new Map<string, number>();
  let overridesInCalendar = 0;
  let noUid = 0;
  for (const lines of blocks.vevents) {
    const event = parseComponent(lines);
    if (!event || !readable(event)) {
      unreadable.count++;
      const title = event
        ? (event.getFirstPropertyValue("summary") as string | null)
        : rawSummary(lines);
      if (title && unreadable.titles.length < UNREADABLE_TITLES) unreadable.titles.push(title);
      continue;
    }
    const uidValue = event.getFirstPropertyValue("uid");
    let uid =
      typeof uidValue === "string" && uidValue.trim() ? uidValue.trim() : `sage-no-uid-${++noUid}`;
    if (!event.hasProperty("recurrence-id")) {
      const seen = masters.get(uid) ?? 0;
      masters.set(uid, seen + 1);
      if (seen > 0) uid = `${uid}#${seen + 1}`;
    }
    const group = byUid.get(uid);
    if (group) group.push(event);
    else byUid.set(uid, [event]);
    // refused here, where the text is parsed (the calendar worker), and not after tens
    // of thousands of overrides have been copied back to the server's thread
    if (event.hasProperty("recurrence-id")) {
      const overrides = (overrideCounts.get(uid) ?? 0) + 1;
      overrideCounts.set(uid, overrides);
      if (overrides > EXTERNAL_LIMITS.maxOverrides) throw tooManyOverrides(seriesName(uid, byUid));
      if (++overridesInCalendar > EXTERNAL_LIMITS.maxOverridesPerCalendar)
        throw tooManyOverridesInCalendar();
    }
    if (byUid.size > EXTERNAL_LIMITS.maxSeries) {
      throw new CalendarDataError(
        `The calendar holds more than ${EXTERNAL_LIMITS.maxSeries} events`,
        "too-large",
      );
    }
  }
  if (byUid.size === 0 && unreadable.count > 0 && opts.refuseWhenNone !== false) {
    throw new CalendarDataError(
      unreadable.count === 1
        ? "The calendar's only event could not be read"
        : `None of the calendar's ${unreadable.count} events could be read`,
      "not-a-calendar",
    );
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
  return { name, series, skippedLines: cleaned.skipped, unreadable };
}
