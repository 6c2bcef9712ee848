import { formatWeekdays } from "../productivity/hours.ts";

/** 540 → "9 am", 570 → "9:30 am", 720 → "noon", 0 and 1440 → "midnight". */
export function formatClock(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  const h = Math.floor(m / 60);
  const min = m % 60;
  if (min === 0 && h === 0) return "midnight";
  if (min === 0 && h === 12) return "noon";
  const half = h < 12 ? "am" : "pm";
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}${min ? `:${String(min).padStart(2, "0")}` : ""} ${half}`;
}

/** "9 am–3 pm", "8–11 am", "8:30–11 am", "9:30 am–noon": one "am"/"pm" when both share it. */
export function formatClockRange(start: number, end: number): string {
  const a = formatClock(start);
  const b = formatClock(end);
  const half = (t: string) => (t.endsWith(" am") ? "am" : t.endsWith(" pm") ? "pm" : null);
  if (half(a) && half(a) === half(b)) return `${a.slice(0, -3)}–${b}`;
  return `${a}–${b}`;
}

/** [1,2,3,4] → "Monday to Thursday"; [5] → "Friday"; [6,7] → "Saturday and Sunday". */
export const formatDayList = (days: readonly number[]): string => formatWeekdays(days);
