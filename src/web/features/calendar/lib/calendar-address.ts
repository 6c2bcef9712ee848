import { DateTime } from "luxon";

export type View = "week" | "3day" | "day" | "list";
const VIEWS: readonly View[] = ["week", "3day", "day", "list"];

/**
 * The view and date the address asks for, as this width shows them: week on wide screens and
 * 3-day on phones (a link to one opens the other on the other width); a missing or invalid
 * date is today.
 */
export function calendarAddress(
  params: URLSearchParams,
  opts: { wide: boolean; today: string },
): { view: View; anchor: string } {
  const asked = params.get("view");
  let view: View = VIEWS.includes(asked as View) ? (asked as View) : opts.wide ? "week" : "3day";
  if (!opts.wide && view === "week") view = "3day";
  if (opts.wide && view === "3day") view = "week";
  const date = params.get("date") ?? "";
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && DateTime.fromISO(date).isValid;
  return { view, anchor: valid ? date : opts.today };
}
export const VIEW_DAYS = { week: 7, "3day": 3, day: 1, list: 14 } as const;
export const VIEW_LABEL = { week: "Week", "3day": "3 days", day: "Day", list: "List" } as const;
