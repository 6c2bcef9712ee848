import type { DateTime } from "luxon";

const DAY_MS = 24 * 60 * 60 * 1000;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * How long a span lasts in the largest unit that reads naturally: "30 hours", "3 days",
 * "7 months" (months counted in the zone of `start`). Said before a timed event longer than a
 * day is written — by the week view's dialog and by the assistant.
 */
export function spanWords(start: DateTime, end: DateTime): string {
  const ms = end.toMillis() - start.toMillis();
  if (ms < 2 * DAY_MS) return plural(Math.round(ms / 3_600_000), "hour");
  if (ms < 14 * DAY_MS) return plural(Math.round(ms / DAY_MS), "day");
  const months = end.diff(start, "months").months;
  if (months < 2) return plural(Math.round(ms / (7 * DAY_MS)), "week");
  if (months < 24) return plural(Math.round(months), "month");
  return plural(Math.round(months / 12), "year");
}

/** A timed event longer than this is asked about before it is written. */
export const LONG_EVENT_MS = DAY_MS;
