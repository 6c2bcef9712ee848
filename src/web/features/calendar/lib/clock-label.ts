const at = (minutes: number) => new Date(Date.UTC(2000, 0, 1) + minutes * 60_000);

/**
 * A time of day (minutes from midnight) the way the person's locale writes it — "9 AM" in the
 * US, "09" on the hour in Britain, "09 Uhr" in Germany — so the grid's hours read like every
 * other time on screen (issue 32, item 5). `minutes: false` leaves the minutes out.
 */
export function clockLabel(
  minutes: number,
  locale: string | undefined,
  opts: { minutes?: boolean } = {},
): string {
  return new Intl.DateTimeFormat(locale, {
    hour: "numeric",
    ...(opts.minutes === false ? {} : { minute: "2-digit" }),
    timeZone: "UTC",
  }).format(at(minutes % (24 * 60)));
}

/** A span of the day ("9:00 – 10:30 AM", "09:00–10:30"), in the person's locale. */
export function clockRangeLabel(start: number, end: number, locale: string | undefined): string {
  const format = new Intl.DateTimeFormat(locale, {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  });
  // a span to midnight would print the next day's date
  if (end >= 24 * 60) return `${format.format(at(start))}–${format.format(at(0))}`;
  return format.formatRange(at(start), at(end));
}
