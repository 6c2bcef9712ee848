import { userLocale } from "./user-locale.ts";

/**
 * Dates and times as the person's locale writes them, in their zone — one way everywhere on
 * screen and in what a screen reader hears (issue 32, item 5): "Thu, Nov 26" and "9:30 AM" in
 * the US, "Thu 26 Nov" and "09:30" in Britain, "Do., 26. Nov." and "09:30" in Germany. Built
 * on the browser's `Intl`, never on a hand-written pattern such as "h:mm a" (English only).
 * `locale` defaults to the browser's (`userLocale()`); tests pass one.
 */
export type Where = {
  /** The IANA zone; left out, the browser's own (what the chat shows beside the calendar). */
  zone?: string | undefined;
  locale?: string | undefined;
};

const NOON = "T12:00:00Z";
/** A calendar date ("2026-11-26") as an instant inside that date in UTC (for formatting). */
const onDate = (date: string) => new Date(`${date}${NOON}`);

/**
 * A formatter whose output has plain spaces: recent ICU writes "9:30\u202fAM" (a narrow
 * no-break space), which a label compared or searched as "9:30 AM" would not match. Where a
 * time must not wrap, the element says so (whitespace-nowrap).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
/** One Intl.DateTimeFormat per locale, zone and options: building one costs far more than using it. */
function formatter(options: Intl.DateTimeFormatOptions, w: Where): Intl.DateTimeFormat {
  const locale = w.locale ?? userLocale();
  const key = JSON.stringify([locale, w.zone, options]);
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: w.zone });
    formatters.set(key, f);
  }
  return f;
}

const format = (options: Intl.DateTimeFormatOptions, w: Where) => {
  const f = formatter(options, w);
  const plain = (text: string) => text.replace(/[\u202f\u00a0\u2009]/g, " ");
  // never throws: a missing or broken date writes nothing rather than break the screen
  const ok = (...at: Date[]) => at.every((d) => Number.isFinite(d.getTime()));
  return {
    format: (at: Date) => (ok(at) ? plain(f.format(at)) : ""),
    formatRange: (a: Date, b: Date) => (ok(a, b) ? plain(f.formatRange(a, b)) : ""),
    formatToParts: (at: Date) =>
      ok(at) ? f.formatToParts(at).map((p) => ({ ...p, value: plain(p.value) })) : [],
    resolvedOptions: () => f.resolvedOptions(),
  };
};

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
export function dayOf(at: Date, zone?: string): string {
  // en-CA writes dates as YYYY-MM-DD
  return new Intl.DateTimeFormat("en-CA", {
    ...(zone ? { timeZone: zone } : {}),
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/** An instant's date ("Nov 26, 2026" / "26 Nov 2026"), e.g. when a chat or a plan began. */
export const dateLabel = (at: Date, w: Where): string =>
  format({ month: "short", day: "numeric", year: "numeric" }, w).format(at);

/** The locale writes the clock in 12 hours ("3 PM"), not 24 ("15:00"). */
const twelveHour = (w: Where) =>
  ["h11", "h12"].includes(format({ hour: "numeric" }, w).resolvedOptions().hourCycle ?? "");

const onTheHour = (at: Date, zone?: string) =>
  new Intl.DateTimeFormat("en-US", {
    minute: "numeric",
    ...(zone ? { timeZone: zone } : {}),
  }).format(at) === "0";

const join = (parts: Intl.DateTimeFormatPart[]) => parts.map((p) => p.value).join("");

/**
 * A span of time in words, for labels and what a screen reader says: "Tuesday 3 to 4 PM",
 * "Tuesday 11:30 AM to 1 PM", "Tuesday 11 PM to Wednesday 1 AM" in the US; "Tuesday, 15:00
 * to 16:00" in Britain, "Dienstag, 15:00 to 16:00" in Germany (the sentence around it is
 * English, the clock the locale's). A 12-hour clock leaves out ":00" and says AM/PM once.
 */
export function spanLabel(start: Date, end: Date, w: Where): string {
  const twelve = twelveHour(w);
  const piece = (at: Date, weekday: boolean) =>
    format(
      {
        ...(weekday ? { weekday: "long" as const } : {}),
        hour: "numeric",
        ...(twelve && onTheHour(at, w.zone) ? {} : { minute: "2-digit" as const }),
      },
      w,
    ).formatToParts(at);
  const sameDay = dayOf(start, w.zone) === dayOf(end, w.zone);
  const from = piece(start, true);
  const to = piece(end, !sameDay);
  const period = (parts: Intl.DateTimeFormatPart[]) =>
    parts.find((p) => p.type === "dayPeriod")?.value;
  if (sameDay && twelve && period(from) && period(from) === period(to)) {
    // "3 PM to 4 PM" → "3 to 4 PM": the period and the space before it go from the start
    const i = from.findIndex((p) => p.type === "dayPeriod");
    const before = from[i - 1]?.type === "literal" ? i - 1 : i;
    return `${join(from.slice(0, before))}${join(from.slice(i + 1))} to ${join(to)}`;
  }
  return `${join(from)} to ${join(to)}`;
}

/** "Friday" or "Monday to Wednesday": the days of an all-day event (its UTC dates). */
export function daysLabel(first: string, last: string, locale?: string): string {
  const day = (date: string) => weekdayLabel(onDate(date), { zone: "UTC", locale });
  return first === last ? day(first) : `${day(first)} to ${day(last)}`;
}

/** "Fri, Nov 27" / "Fri 27 Nov": an instant's day in the zone (`time`: "…, 5:00 PM"). */
export const shortDayLabel = (at: Date, w: Where, opts: { time?: boolean } = {}): string =>
  format(
    {
      weekday: "short",
      month: "short",
      day: "numeric",
      ...(opts.time ? CLOCK : {}),
    },
    w,
  ).format(at);
