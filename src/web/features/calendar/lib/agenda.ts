import { DateTime } from "luxon";
import { type LocalEvent, localSeries } from "../../../../core/calendar/local-event.ts";
import { expandWithExceptions } from "../../../../core/calendar/occurrences.ts";

export type AgendaItem = { key: string; event: LocalEvent; start: Date; end: Date };
export type AgendaDay = { date: string; items: AgendaItem[] };

const PER_EVENT_LIMIT = 200;

/** The calendar day an occurrence belongs to: all-day events by their UTC date. */
const dayOf = (item: AgendaItem, zone: string) =>
  DateTime.fromJSDate(item.start, { zone: item.event.allDay ? "utc" : zone }).toISODate()!;

/**
 * Occurrences overlapping [from, to), recurring events expanded in `zone`, grouped by day in
 * start order (`newestFirst` for the past).
 */
export function agenda(
  events: LocalEvent[],
  range: { from: Date; to: Date; zone: string; newestFirst?: boolean },
): AgendaDay[] {
  const items: AgendaItem[] = events.flatMap((event) =>
    expandWithExceptions(localSeries(event), {
      from: range.from,
      to: range.to,
      zone: range.zone,
      limit: PER_EVENT_LIMIT,
    }).map((o) => ({ key: `${event.id}:${o.start.getTime()}`, event, ...o })),
  );
  const days = new Map<string, AgendaItem[]>();
  for (const item of items) {
    const date = dayOf(item, range.zone);
    days.set(date, [...(days.get(date) ?? []), item]);
  }
  const order = range.newestFirst ? -1 : 1;
  return [...days]
    .sort(([a], [b]) => order * a.localeCompare(b))
    .map(([date, dayItems]) => ({
      date,
      // all-day events head their day; the rest by start time
      items: dayItems.sort(
        (a, b) =>
          Number(b.event.allDay) - Number(a.event.allDay) ||
          a.start.getTime() - b.start.getTime() ||
          a.event.title.localeCompare(b.event.title),
      ),
    }));
}
