/** "5 am", "noon", "1 pm", "midnight" — wall-clock hours as people say them. */
export function formatHour(hour: number): string {
  const h = ((hour % 24) + 24) % 24;
  if (h === 0) return "midnight";
  if (h === 12) return "noon";
  return h < 12 ? `${h} am` : `${h - 12} pm`;
}

/** "8–11 am", "11 am–2 pm", "8 pm–midnight": one meridiem shown when both ends share it. */
export function formatHourRange(start: number, end: number): string {
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
