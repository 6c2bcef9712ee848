import type { LocalEvent } from "../../../../core/calendar/local-event.ts";

const DAY_NAMES: Record<string, string> = {
  MO: "Mon",
  TU: "Tue",
  WE: "Wed",
  TH: "Thu",
  FR: "Fri",
  SA: "Sat",
  SU: "Sun",
};
const UNIT = { DAILY: "day", WEEKLY: "week", MONTHLY: "month", YEARLY: "year" } as const;
const ADVERB = { DAILY: "daily", WEEKLY: "weekly", MONTHLY: "monthly", YEARLY: "yearly" } as const;

function dayName(code: string): string {
  const match = /^([+-]?\d)?([A-Z]{2})$/.exec(code);
  const name = DAY_NAMES[match?.[2] ?? ""] ?? code;
  const n = match?.[1] ? Number(match[1]) : 0;
  if (!n) return name;
  const ordinal = n === -1 ? "last" : ["", "1st", "2nd", "3rd", "4th", "5th"][Math.abs(n)];
  return `${ordinal} ${name}`;
}

/** "Repeats weekly", "Every 2 weeks on Mon, Thu", "Monthly on day 31, 6 times", … */
export function describeRecurrence(
  r: NonNullable<LocalEvent["recurrence"]>,
  formatDate: (iso: string) => string,
): string {
  const interval = r.interval ?? 1;
  let text =
    interval > 1 ? `Every ${interval} ${UNIT[r.frequency]}s` : `Repeats ${ADVERB[r.frequency]}`;
  if (r.byDay?.length) text += ` on ${r.byDay.map(dayName).join(", ")}`;
  if (r.byMonthDay) text += ` on day ${r.byMonthDay}`;
  if (r.until) text += ` until ${formatDate(r.until)}`;
  if (r.count) text += `, ${r.count} ${r.count === 1 ? "time" : "times"}`;
  return text;
}
