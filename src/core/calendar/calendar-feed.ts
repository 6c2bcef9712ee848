import ical, { ICalAlarmType, ICalEvent, type ICalEventData } from "ical-generator";
import { DateTime } from "luxon";
import { FEED_NAME, type Priority, type ServerEvent } from "../contract/calendar.ts";
import { withWhy } from "../contract/tasks.ts";
import { seriesOf } from "./event-series.ts";
import { foldLines } from "./fold-lines.ts";
import { toRRuleValue } from "./recurrence.ts";
import { vtimezoneChunks } from "./vtimezone.ts";

/** What the feed needs of an event. */
export type FeedEvent = Pick<
  ServerEvent,
  | "id"
  | "title"
  | "description"
  | "why"
  | "start_time"
  | "end_time"
  | "all_day"
  | "location"
  | "reminder_minutes"
  | "category"
  | "priority"
  | "url"
  | "recurrence_frequency"
  | "recurrence_interval"
  | "recurrence_by_day"
  | "recurrence_by_month_day"
  | "recurrence_until"
  | "recurrence_count"
  | "version"
  | "created_at"
  | "updated_at"
> &
  Partial<Pick<ServerEvent, "exdates" | "series_id" | "recurrence_id">>;

/** Spec §9: high 1, medium 5, low 9. */
export const FEED_PRIORITY: Record<Priority, number> = { high: 1, medium: 5, low: 9 };
/** Asked-for refresh (REFRESH-INTERVAL, X-PUBLISHED-TTL); Google ignores it and polls every few hours. */
export const FEED_REFRESH_SECONDS = 60 * 60;
/** The domain part of every UID: stable, so clients update an event instead of duplicating it. */
const UID_DOMAIN = "sage.calendar";

/**
 * ical-generator escapes URL values as if they were TEXT (`;` → `\;`), which URI values
 * must not be; percent-encoding the three escaped characters keeps the link intact.
 */
const uriSafe = (url: string) =>
  url.replace(/[;,\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The zone a recurring event's DTSTART is written in (null: UTC or a date). */
const recurringZone = (e: FeedEvent, zone: string | null) =>
  e.recurrence_frequency && !e.all_day ? zone : null;

const isUtc = (zone: string) => ["UTC", "Etc/UTC", "Etc/GMT", "GMT", "Z"].includes(zone);

/** Years a VTIMEZONE must cover for the recurring events written with TZID. */
function zoneYears(events: FeedEvent[], now: Date): { from: number; to: number } | null {
  const years = events.map((e) => new Date(e.start_time).getUTCFullYear());
  if (!years.length) return null;
  const from = Math.min(...years);
  const to = Math.max(...years, now.getUTCFullYear()) + 10;
  return { from, to: Math.min(to, from + 80) };
}

/**
 * An instant as a recurring event's DTSTART writes it: a date (all-day), local time with
 * TZID (timed, with a zone), or UTC. EXDATE and RECURRENCE-ID must use the same form.
 */
function instantValue(iso: string, series: FeedEvent, zone: string | null): string {
  const t = DateTime.fromISO(iso, { zone: "utc" });
  if (series.all_day) return `;VALUE=DATE:${t.toFormat("yyyyLLdd")}`;
  if (zone) return `;TZID=${zone}:${t.setZone(zone).toFormat("yyyyLLdd'T'HHmmss")}`;
  return `:${t.toFormat("yyyyLLdd'T'HHmmss'Z'")}`;
}

/**
 * The lines that tie exceptions together (RFC 5545 §3.8.5.1, §3.8.4.4): on a series, an
 * EXDATE for each cancelled occurrence (an overridden one is replaced by its override, so
 * it gets none); on an override, the RECURRENCE-ID of the occurrence it replaces.
 */
function exceptionLines(
  e: FeedEvent,
  series: FeedEvent | undefined,
  overridden: ReadonlySet<number>,
  zone: string | null,
): string {
  if (series && e.recurrence_id)
    return `RECURRENCE-ID${instantValue(e.recurrence_id, series, zone)}\r\n`;
  if (!e.recurrence_frequency) return "";
  return (e.exdates ?? [])
    .filter((d) => !overridden.has(Date.parse(d)))
    .map((d) => `EXDATE${instantValue(d, e, zone)}\r\n`)
    .join("");
}

function eventData(e: FeedEvent, zone: string | null): ICalEventData {
  const series = seriesOf(e);
  const recurringTimed = Boolean(series.rule) && !e.all_day && zone !== null;
  let start: Date | DateTime = new Date(e.start_time);
  let end: Date | DateTime | null = e.end_time ? new Date(e.end_time) : null;
  if (e.all_day) {
    start = DateTime.fromISO(e.start_time, { zone: "utc" });
    end = e.end_time ? DateTime.fromISO(e.end_time, { zone: "utc" }) : start.plus({ days: 1 });
  } else if (recurringTimed && zone) {
    // wall-clock time with TZID, so the series keeps its local time across DST changes
    start = DateTime.fromISO(e.start_time, { zone });
    end = e.end_time ? DateTime.fromISO(e.end_time, { zone }) : null;
  }
  return {
    id: `${e.id}@${UID_DOMAIN}`,
    sequence: e.version,
    stamp: new Date(e.updated_at),
    created: new Date(e.created_at),
    lastModified: new Date(e.updated_at),
    start,
    end,
    allDay: e.all_day,
    timezone: recurringTimed ? zone : null,
    summary: e.title,
    description: withWhy(e.why, e.description),
    location: e.location,
    url: e.url ? uriSafe(e.url) : null,
    priority: FEED_PRIORITY[e.priority],
    categories: e.category ? [{ name: e.category }] : [],
    repeating: series.rule ? toRRuleValue(series.rule, e.all_day) : null,
    alarms:
      e.reminder_minutes === null
        ? []
        : [
            {
              type: ICalAlarmType.display,
              trigger: e.reminder_minutes * 60,
              description: e.title,
            },
          ],
  };
}

/**
 * The iCalendar feed: named 'Sage AI Recommendations', refresh hints, one
 * VEVENT per event with a stable UID and SEQUENCE = the event's version. One-off and all-day
 * events are written in UTC / as dates; recurring timed events carry TZID (the user's zone)
 * with a matching VTIMEZONE. ical-generator writes the properties and escapes text; the
 * calendar is assembled here (calendar properties before any component, as RFC 5545's
 * grammar wants) and folded at 75 octets without splitting a character (fold-lines.ts).
 * Deterministic: the same events give the same bytes.
 */
export function buildCalendarFeed(input: FeedInput): string {
  return [...calendarFeedParts(input)].join("");
}

export type FeedInput = {
  events: FeedEvent[];
  /** The user's IANA time zone; null or UTC writes every time in UTC. */
  zone: string | null;
  now?: Date;
};

/**
 * The same feed as buildCalendarFeed, in parts whose concatenation is the feed: the
 * calendar's head, its VTIMEZONE a year at a time, then one VEVENT at a time and the
 * closing line — so a server can build a large feed in slices, yielding between them.
 */
export function* calendarFeedParts(input: FeedInput): Generator<string> {
  const zone = input.zone && !isUtc(input.zone) ? input.zone : null;
  const events = [...input.events].sort(
    (a, b) => a.start_time.localeCompare(b.start_time) || a.id.localeCompare(b.id),
  );
  const calendar = ical({
    name: FEED_NAME,
    prodId: { company: "Sage", product: FEED_NAME, language: "EN" },
    // no METHOD: a subscribed feed is plain RFC 5545; METHOD:PUBLISH makes it an iTIP
    // message (RFC 5546), which then needs an ORGANIZER that a feed has no use for
    ttl: FEED_REFRESH_SECONDS,
  });
  // the calendar's own lines, without its closing line (it has no components yet)
  yield calendar.toString().replace(/END:VCALENDAR$/, "");
  const zoned = zone ? events.filter((e) => e.recurrence_frequency && !e.all_day) : [];
  const years = zoneYears(zoned, input.now ?? new Date());
  if (zone && years) {
    for (const chunk of vtimezoneChunks(zone, years.from, years.to)) yield foldLines(chunk);
  }
  const byId = new Map(events.map((e) => [e.id, e]));
  const overridden = new Map<string, Set<number>>();
  for (const e of events) {
    if (!e.series_id || !e.recurrence_id || !byId.has(e.series_id)) continue;
    const set = overridden.get(e.series_id) ?? new Set<number>();
    set.add(Date.parse(e.recurrence_id));
    overridden.set(e.series_id, set);
  }
  // each VEVENT ends with CRLF, so folding them one by one folds the same lines
  for (const e of events) {
    // an override shares its series' UID; its RECURRENCE-ID names the occurrence it replaces
    const series = e.series_id ? byId.get(e.series_id) : undefined;
    const seriesZone = series && !series.all_day && series.recurrence_frequency ? zone : null;
    const data = eventData(e, zone);
    if (series) data.id = `${series.id}@${UID_DOMAIN}`;
    const lines = exceptionLines(
      e,
      series,
      overridden.get(e.id) ?? new Set(),
      series ? seriesZone : recurringZone(e, zone),
    );
    const text = new ICalEvent(data, calendar).toString();
    yield foldLines(lines ? text.replace(/END:VEVENT\r\n$/, `${lines}END:VEVENT\r\n`) : text);
  }
  yield "END:VCALENDAR\r\n";
}

/**
 * What the feed covers: the events with an occurrence from 3 months before to 18 months
 * after the (UTC) day it is built on — enough for any calendar view, and a size that does
 * not grow with the years. Repeating events inside it are written whole, as RRULEs.
 */
export function feedWindow(now: Date): { from: Date; to: Date } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  return { from: new Date(Date.UTC(y, m - 3, d)), to: new Date(Date.UTC(y, m + 18, d)) };
}
