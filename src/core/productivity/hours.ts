/** A wall-clock hour as a UTC instant on a fixed day (hour 24 is the next midnight). */
const instant = (hour: number) => new Date(Date.UTC(2000, 0, 1, ((hour % 24) + 24) % 24));

/**
 * The locale's clock for whole hours: "8 AM" where the locale counts 12 hours (minutes add
 * nothing there), "08:00" where it counts 24 (a bare "08" would not read as a time). Throws
 * a RangeError for a tag that is not a locale.
 */
function hourFormat(locale: string): Intl.DateTimeFormat {
  const probe = new Intl.DateTimeFormat(locale, { hour: "numeric", timeZone: "UTC" });
  const cycle = probe.resolvedOptions().hourCycle;
  return cycle === "h11" || cycle === "h12"
    ? probe
    : new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
}

/**
 * ICU versions differ on the spaces inside times and ranges (Node writes "8\u2009–\u200911",
 * Chromium "8 – 11", some a narrow no-break space before AM): plain spaces, and none around
 * the range's dash, so the server and the browser write the same text.
 */
const plain = (text: string) => text.replace(/\s*–\s*/g, "–").replace(/[\u2009\u202f]/g, " ");

/** An hour of the day in the locale's own clock: "8 AM" (en-US), "08:00" (en-GB, de). */
function localeHour(hour: number, locale: string): string {
  try {
    return plain(hourFormat(locale).format(instant(hour)));
  } catch {
    return formatHour(hour); // an unknown locale tag: the English words
  }
}

/** "8–11 AM", "11 AM–2 PM" (en-US), "08:00–11:00" (en-GB): the locale's own way to write a range. */
function localeHourRange(start: number, end: number, locale: string): string {
  try {
    const format = hourFormat(locale);
    const from = instant(start);
    const to = instant(end);
    // a range that ends at or past midnight would be written with dates: two times instead
    if (to <= from) return plain(`${format.format(from)}–${format.format(to)}`);
    return plain(format.formatRange(from, to));
  } catch {
    return formatHourRange(start, end);
  }
}

/**
 * "5 am", "noon", "1 pm", "midnight" — wall-clock hours as people say them; with the
 * person's `locale` (a screen in their browser), their own clock's format instead.
 */
export function formatHour(hour: number, locale?: string): string {
  if (locale) return localeHour(hour, locale);
  const h = ((hour % 24) + 24) % 24;
  if (h === 0) return "midnight";
  if (h === 12) return "noon";
  return h < 12 ? `${h} am` : `${h - 12} pm`;
}

/**
 * "8–11 am", "11 am–2 pm", "8 pm–midnight": one meridiem shown when both ends share it. With
 * a `locale`, the locale's clock: "8–11 AM", "08:00–11:00".
 */
export function formatHourRange(start: number, end: number, locale?: string): string {
  if (locale) return localeHourRange(start, end, locale);
  const a = formatHour(start);
  const b = formatHour(end);
  const sameHalf = start % 24 !== 0 && end % 24 !== 0 && start !== 12 && end !== 12;
  if (sameHalf && start < 12 === end < 12) return `${a.split(" ")[0]}–${b}`;
  return `${a}–${b}`;
}

const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** ISO weekday (1 = Monday) → its English name. */
export const weekdayName = (isoDay: number): string => DAY_NAMES[isoDay - 1] ?? `Day ${isoDay}`;

/** [1,2,3,4,5] → "Monday to Friday"; [1..7] → "every day"; gaps are listed. */
export function formatWeekdays(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 7) return "every day";
  const contiguous = sorted.every((d, i) => i === 0 || d === sorted[i - 1]! + 1);
  if (contiguous && sorted.length >= 3) {
    return `${weekdayName(sorted[0]!)} to ${weekdayName(sorted.at(-1)!)}`;
  }
  const names = sorted.map(weekdayName);
  return names.length <= 1
    ? (names[0] ?? "")
    : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** 360 → "6 hours", 285 → "4 hours 45 minutes", 45 → "45 minutes". */
export function formatMinutes(total: number): string {
  const h = Math.floor(total / 60);
  const m = total % 60;
  const hours = h === 1 ? "1 hour" : `${h} hours`;
  if (h === 0) return `${m} minutes`;
  return m === 0 ? hours : `${hours} ${m} minutes`;
}
