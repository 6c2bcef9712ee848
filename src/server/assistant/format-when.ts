import { DateTime } from "luxon";

/** Ctx for writing times: the person's zone and the locale their browser writes times in. */
export type Voice = { zone: string; locale: string };

export const DEFAULT_LOCALE = "en-US";

/**
 * The first language of an Accept-Language header that this runtime can format dates in —
 * the same locale the browser's calendar uses, so chat and calendar write 3:00 PM (or 15:00)
 * alike. Anything unusable gives the default.
 */
export function localeFrom(header: string | undefined): string {
  const first = header?.split(",")[0]?.split(";")[0]?.trim();
  if (!first || first === "*" || first.length > 35) return DEFAULT_LOCALE;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([first])[0] ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

const at = (d: Date | string | number, v: Voice) =>
  DateTime.fromJSDate(new Date(d), { zone: v.zone }).setLocale(v.locale);

/**
 * "3:00 PM" or "15:00", as the locale writes it. ICU versions differ on the space before
 * AM/PM (a narrow no-break space in newer ones): a plain space reads the same everywhere.
 */
export const timeOf = (d: Date | string | number, v: Voice) =>
  at(d, v)
    .toLocaleString(DateTime.TIME_SIMPLE)
    .replace(/\u202f/g, " ");

/** "Tue, Dec 1" / "Tue 1 Dec". */
export const dayOf = (d: Date | string | number, v: Voice) =>
  at(d, v).toLocaleString({ weekday: "short", month: "short", day: "numeric" });

/** "Tue, Dec 1, 3:00 PM – 4:00 PM" in the person's zone and locale. */
export function when(start: Date | string | number, end: Date | string | number | null, v: Voice) {
  const s = `${dayOf(start, v)}, ${timeOf(start, v)}`;
  if (end === null) return s;
  const sameDay = at(start, v).hasSame(at(end, v), "day");
  return `${s} – ${sameDay ? timeOf(end, v) : `${dayOf(end, v)}, ${timeOf(end, v)}`}`;
}

/** Event titles come from people and models: shown inert, never as Markdown. */
export const quote = (title: string) => `“${title.replace(/[\\`*_[\]<>#|]/g, (c) => `\\${c}`)}”`;
