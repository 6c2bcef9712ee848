import type { BookingLink } from "../../../../core/contract/booking.ts";
import { timeRangeLabel } from "../../../lib/date-label.ts";

/** "09:00"–"17:30" as the locale writes a clock range ("9 AM – 5:30 PM", "09:00–17:30"). */
function hoursLabel(hours: { from: string; to: string }, locale?: string): string {
  // wall-clock times: drawn on one UTC day, in UTC, they are those clocks in every zone
  const at = (hhmm: string) => new Date(`2000-01-01T${hhmm === "24:00" ? "23:59" : hhmm}:00Z`);
  return timeRangeLabel(at(hours.from), at(hours.to), { zone: "UTC", locale });
}

const DAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** "Mon–Fri", "Mon, Wed, Fri", "every day": ISO weekdays (1 = Monday) as a person says them. */
export function daysLabel(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 7) return "every day";
  const run = sorted.every((d, i) => i === 0 || d === sorted[i - 1]! + 1);
  if (run && sorted.length >= 3)
    return `${DAY_NAMES[sorted[0]! - 1]}–${DAY_NAMES[sorted.at(-1)! - 1]}`;
  return sorted.map((d) => DAY_NAMES[d - 1]).join(", ");
}

const noticeLabel = (m: number) =>
  m === 0
    ? "no notice"
    : m % 1440 === 0
      ? m === 1440
        ? "1 day's notice"
        : `${m / 1440} days' notice`
      : m % 60 === 0
        ? m === 60
          ? "1 hour's notice"
          : `${m / 60} hours' notice`
        : `${m} minutes' notice`;

/**
 * One line of what a link offers: "30 min · Mon–Fri · 9:00 AM – 5:00 PM · 4 hours' notice · …",
 * its hours in the person's locale (decision 019).
 */
export function describeLink(l: BookingLink, locale?: string): string {
  return [
    `${l.minutes} min`,
    l.days ? daysLabel(l.days) : "your working days",
    l.hours ? hoursLabel(l.hours, locale) : "your working hours",
    noticeLabel(l.noticeMinutes),
    `up to ${l.horizonDays} day${l.horizonDays === 1 ? "" : "s"} ahead`,
    l.maxPerDay ? `at most ${l.maxPerDay} a day` : null,
    l.allowPeak ? "may take your peak" : "never your peak",
  ]
    .filter(Boolean)
    .join(" · ");
}
