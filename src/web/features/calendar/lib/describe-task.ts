import { DateTime } from "luxon";
import { shortDayLabel, timeRangeLabel } from "../../../lib/date-label.ts";

/** "45 min", "1 h", "1 h 30 min". */
export function formatEstimate(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** "Fri, Nov 27, 5:00 PM" in the person's locale, in `zone` (lib/date-label.ts). */
export const formatDayTime = (iso: string, zone: string): string =>
  shortDayLabel(new Date(iso), { zone }, { time: true });

/** "Mon, Nov 23". */
export const formatDay = (iso: string, zone: string): string =>
  shortDayLabel(new Date(iso), { zone });

/** "9:00 – 10:30 AM" (en-US), "09:00–10:30" (en-GB), in `zone`. */
export const formatTimeRange = (startIso: string, endIso: string, zone: string): string =>
  timeRangeLabel(new Date(startIso), new Date(endIso), { zone });

/**
 * The deadline, said without alarm: a passed one is a plain fact ("Was due …"), never a
 * red "overdue" (the product promises no shaming for missed tasks).
 */
export function describeDeadline(iso: string, zone: string, now: Date): string {
  const when = formatDayTime(iso, zone);
  return new Date(iso).getTime() > now.getTime() ? `Due ${when}` : `Was due ${when}`;
}

/**
 * The heading of the days shown, in the person's locale like every other date on the screen:
 * "Nov 23 – 29, 2026" (en-US), "23–29 Nov 2026" (en-GB); one day: "Thursday, Nov 26, 2026".
 * `first` and `last` are ISO dates (days, not instants).
 */
export function formatDaySpan(
  first: string,
  last: string,
  locale?: string,
  opts: { year?: boolean } = {},
): string {
  const year = opts.year === false ? {} : { year: "numeric" as const };
  const at = (d: string) => DateTime.fromISO(d, { zone: "UTC" }).toJSDate();
  if (first === last)
    return new Intl.DateTimeFormat(locale, {
      weekday: "long",
      month: "short",
      day: "numeric",
      ...year,
      timeZone: "UTC",
    }).format(at(first));
  return new Intl.DateTimeFormat(locale, {
    month: "short",
    day: "numeric",
    ...year,
    timeZone: "UTC",
  }).formatRange(at(first), at(last));
}
