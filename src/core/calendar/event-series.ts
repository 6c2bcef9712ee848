import type { ServerEvent } from "../contract/calendar.ts";
import type { SeriesWithExceptions } from "./occurrences.ts";

/** The recurrence-relevant fields of a server event. */
export type SeriesFields = Pick<
  ServerEvent,
  | "start_time"
  | "end_time"
  | "all_day"
  | "recurrence_frequency"
  | "recurrence_interval"
  | "recurrence_by_day"
  | "recurrence_by_month_day"
  | "recurrence_until"
  | "recurrence_count"
> &
  Partial<Pick<ServerEvent, "exdates">>;

/** `recurrence_by_day` is stored as JSON text; anything unreadable counts as no filter. */
export function parseByDay(json: string | null): string[] | null {
  if (!json) return null;
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) && list.length && list.every((d) => typeof d === "string")
      ? (list as string[])
      : null;
  } catch {
    return null;
  }
}

export function seriesOf(e: SeriesFields): SeriesWithExceptions {
  return {
    exdates: e.exdates ?? [],
    start: e.start_time,
    end: e.end_time,
    allDay: e.all_day,
    rule: e.recurrence_frequency
      ? {
          frequency: e.recurrence_frequency,
          interval: e.recurrence_interval ?? 1,
          byDay: parseByDay(e.recurrence_by_day),
          byMonthDay: e.recurrence_by_month_day,
          until: e.recurrence_until,
          count: e.recurrence_count,
        }
      : null,
  };
}
