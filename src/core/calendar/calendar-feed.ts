import ical, {
  ICalAlarmType,
  ICalCalendarMethod,
  ICalEvent,
  type ICalEventData,
} from "ical-generator";
import { DateTime } from "luxon";
import { FEED_NAME, type Priority, type ServerEvent } from "../contract/calendar.ts";
import { seriesOf } from "./event-series.ts";
import { foldLines } from "./fold-lines.ts";
import { toRRuleValue } from "./recurrence.ts";
import { buildVTimezone } from "./vtimezone.ts";

/** What the feed needs of an event. */
export type FeedEvent = Pick<
  ServerEvent,
  | "id"
  | "title"
  | "description"
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
>;

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

const isUtc = (zone: string) => ["UTC", "Etc/UTC", "Etc/GMT", "GMT", "Z"].includes(zone);

/** Years a VTIMEZONE must cover for the recurring events written with TZID. */
function zoneYears(events: FeedEvent[], now: Date): { from: number; to: number } | null {
  const years = events.map((e) => new Date(e.start_time).getUTCFullYear());
  if (!years.length) return null;
  const from = Math.min(...years);
  const to = Math.max(...years, now.getUTCFullYear()) + 10;
  return { from, to: Math.min(to, from + 80) };
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
    description: e.description,
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
 * The iCalendar feed: named 'Sage AI Recommendations', METHOD:PUBLISH, refresh hints, one
 * VEVENT per event with a stable UID and SEQUENCE = the event's version. One-off and all-day
 * events are written in UTC / as dates; recurring timed events carry TZID (the user's zone)
 * with a matching VTIMEZONE. ical-generator writes the properties and escapes text; the
 * calendar is assembled here (calendar properties before any component, as RFC 5545's
 * grammar wants) and folded at 75 octets without splitting a character (fold-lines.ts).
 * Deterministic: the same events give the same bytes.
 */
export function buildCalendarFeed(input: {
  events: FeedEvent[];
  /** The user's IANA time zone; null or UTC writes every time in UTC. */
  zone: string | null;
  now?: Date;
}): string {
  const zone = input.zone && !isUtc(input.zone) ? input.zone : null;
  const events = [...input.events].sort(
    (a, b) => a.start_time.localeCompare(b.start_time) || a.id.localeCompare(b.id),
  );
  const calendar = ical({
    name: FEED_NAME,
    prodId: { company: "Sage", product: FEED_NAME, language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    ttl: FEED_REFRESH_SECONDS,
  });
  // the calendar's own lines, without its closing line (it has no components yet)
  const head = calendar.toString().replace(/END:VCALENDAR$/, "");
  const zoned = zone ? events.filter((e) => e.recurrence_frequency && !e.all_day) : [];
  const years = zoneYears(zoned, input.now ?? new Date());
  const vtimezone = zone && years ? `${buildVTimezone(zone, years.from, years.to)}\r\n` : "";
  const vevents = events.map((e) => new ICalEvent(eventData(e, zone), calendar).toString());
  return `${head}${foldLines(vtimezone + vevents.join(""))}END:VCALENDAR\r\n`;
}
