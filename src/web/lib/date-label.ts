import { userLocale } from "./user-locale.ts";

/**
 * Dates and times as the person's locale writes them, in their zone — one way everywhere on
 * screen and in what a screen reader hears (issue 32, item 5): "Thu, Nov 26" and "9:30 AM" in
 * the US, "Thu 26 Nov" and "09:30" in Britain, "Do., 26. Nov." and "09:30" in Germany. Built
 * on the browser's `Intl`, never on a hand-written pattern such as "h:mm a" (English only).
 * `locale` defaults to the browser's (`userLocale()`); tests pass one.
 */
export type Where = { zone: string; locale?: string | undefined };

const NOON = "T12:00:00Z";
/** A calendar date ("2026-11-26") as an instant inside that date in UTC (for formatting). */
const onDate = (date: string) => new Date(`${date}${NOON}`);

const format = (options: Intl.DateTimeFormatOptions, w: Where) =>
  new Intl.DateTimeFormat(w.locale ?? userLocale(), { ...options, timeZone: w.zone });

const CLOCK = { hour: "numeric", minute: "2-digit" } as const;

/** "9:30 AM" / "09:30". */
export const timeLabel = (at: Date, w: Where): string => format(CLOCK, w).format(at);

/** "9:30 – 10:00 AM" / "09:30–10:00"; a span crossing midnight names both weekdays. */
export function timeRangeLabel(start: Date, end: Date, w: Where): string {
  if (end.getTime() <= start.getTime()) return timeLabel(start, w);
  if (dayOf(start, w.zone) === dayOf(end, w.zone)) return format(CLOCK, w).formatRange(start, end);
  return `${weekdayTimeLabel(start, w)} – ${weekdayTimeLabel(end, w)}`;
}

/** "Thursday" / "Donnerstag" (`short`: "Thu" / "Do."). */
export const weekdayLabel = (at: Date, w: Where, style: "long" | "short" = "long"): string =>
  format({ weekday: style }, w).format(at);

/** "Thursday 9:30 AM" — a moment within the shown week, for labels and announcements. */
export const weekdayTimeLabel = (at: Date, w: Where): string =>
  format({ weekday: "long", ...CLOCK }, w).format(at);

/**
 * A calendar date ("2026-11-26"), zone-free: `short` "Thu, Nov 26", `long` "Thursday,
 * November 26", `date` "Nov 26, 2026". The year is added to short and long forms when asked.
 */
export function dayLabel(
  date: string,
  opts: { style?: "short" | "long" | "date"; year?: boolean; locale?: string | undefined } = {},
): string {
  const style = opts.style ?? "short";
  const options: Intl.DateTimeFormatOptions =
    style === "date"
      ? { month: "short", day: "numeric", year: "numeric" }
      : {
          weekday: style,
          month: style,
          day: "numeric",
          ...(opts.year ? { year: "numeric" as const } : {}),
        };
  return format(options, { zone: "UTC", locale: opts.locale }).format(onDate(date));
}

/** The calendar date of an instant in a zone, as "2026-11-26". */
export function dayOf(at: Date, zone: string): string {
  // en-CA writes dates as YYYY-MM-DD
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/** An instant's date ("Nov 26, 2026" / "26 Nov 2026"), e.g. when a chat or a plan began. */
export const dateLabel = (at: Date, w: Where): string =>
  format({ month: "short", day: "numeric", year: "numeric" }, w).format(at);
