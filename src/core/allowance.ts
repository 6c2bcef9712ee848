/** Monthly allowance arithmetic (spec §5, §9). Pure: the server and the usage panel share it. */

export const USAGE_WARNING_PERCENT = 80;

export type UsageLevel = "ok" | "warning" | "exhausted";

/** Limit minus usage, never below zero. */
export function remainingUsage(used: number, limit: number): number {
  return Math.max(0, limit - used);
}

export function usagePercent(used: number, limit: number): number {
  if (limit <= 0) return 100;
  return Math.min(100, Math.round((used / limit) * 100));
}

/** Warning at 80 % or more, exhausted at 100 %. */
export function usageLevel(used: number, limit: number): UsageLevel {
  const percent = limit <= 0 ? 100 : (used / limit) * 100;
  if (percent >= 100) return "exhausted";
  if (percent >= USAGE_WARNING_PERCENT) return "warning";
  return "ok";
}

/** 'YYYY-MM' of an instant, in UTC: the allowance resets on the 1st of each month (UTC). */
export function usagePeriodOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** The first instant of the month after `period` ('YYYY-MM'), UTC. */
export function periodResetsAt(period: string): Date {
  const [y, m] = period.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)); // month index m is the next month
}
