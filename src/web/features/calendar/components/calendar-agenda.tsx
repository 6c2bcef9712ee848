import { DateTime } from "luxon";
import { useMemo } from "react";
import { dayLabel, timeLabel } from "../../../lib/date-label.ts";
import { Link } from "../../../lib/router.tsx";
import { browserZone } from "../api/use-sync-timezone.ts";
import { useCalendarSync } from "../hooks/use-calendar-sync.ts";
import { type AgendaItem, agenda } from "../lib/agenda.ts";
import { isSageBlock } from "../lib/week-layout.ts";

/** How far ahead the agenda looks, and how many items it lists at most. */
export const AGENDA_DAYS = 7;
export const AGENDA_ITEMS = 5;

/**
 * The next few items from now: what is on now or later today first, then the coming days,
 * at most `limit` (all-day items of today count; ended ones do not).
 */
export function comingUp(
  events: Parameters<typeof agenda>[0],
  opts: { now: Date; zone: string; days?: number; limit?: number },
): { date: string; items: AgendaItem[] }[] {
  const start = DateTime.fromJSDate(opts.now, { zone: opts.zone }).startOf("day");
  const days = agenda(events, {
    from: start.toJSDate(),
    to: start.plus({ days: opts.days ?? AGENDA_DAYS }).toJSDate(),
    zone: opts.zone,
  });
  let left = opts.limit ?? AGENDA_ITEMS;
  const out: { date: string; items: AgendaItem[] }[] = [];
  for (const day of days) {
    const items = day.items
      .filter((i) => i.end.getTime() > opts.now.getTime() || i.event.allDay)
      .slice(0, left);
    left -= items.length;
    if (items.length) out.push({ date: day.date, items });
    if (left <= 0) break;
  }
  return out;
}

function heading(date: string, today: string, zone: string): string {
  if (date === today) return "Today";
  if (date === DateTime.fromISO(today, { zone }).plus({ days: 1 }).toISODate()) return "Tomorrow";
  return dayLabel(date);
}

/**
 * The chat's glance at the calendar (issue 32, item 3): today's and the next few items, and
 * the way to the calendar itself. Everything else — the grid, tasks, connected calendars, the
 * feed — is on /calendar, the one calendar surface (decision 035). It keeps the offline copy
 * in step like any calendar view, so what it lists is what /calendar draws.
 */
export function CalendarAgenda({ userId }: { userId: string }) {
  const { state } = useCalendarSync(userId);
  const zone = useMemo(browserZone, []);
  const now = new Date();
  const today = DateTime.fromJSDate(now, { zone }).toISODate()!;
  // a minute is fine: the agenda re-renders with every sync (at least once a minute)
  const minute = Math.floor(now.getTime() / 60_000);
  // (`minute` stands for `now`: the memo is read again once a minute, not every render)
  const days = useMemo(
    () => comingUp(state.events, { now: new Date(minute * 60_000), zone }),
    [state.events, minute, zone],
  );

  return (
    <section aria-labelledby="agenda-heading">
      <h2 id="agenda-heading" className="text-xs font-bold uppercase tracking-wide text-stone-600">
        Coming up
      </h2>
      {days.length === 0 ? (
        <p className="mt-2 px-1 text-sm text-stone-700">
          {state.lastSyncedAt || !state.online
            ? `Nothing in the next ${AGENDA_DAYS} days.`
            : "Reading your calendar…"}
        </p>
      ) : (
        <div className="mt-2 flex flex-col gap-2">
          {days.map((day) => (
            <div key={day.date}>
              <h3 className="px-1 text-xs font-semibold text-stone-700">
                {heading(day.date, today, zone)}
              </h3>
              <ul className="mt-0.5 flex flex-col">
                {day.items.map((item) => (
                  <li key={item.key} className="flex gap-2 px-1 py-0.5 text-sm">
                    <span className="w-[4.5rem] shrink-0 whitespace-nowrap text-stone-600 tabular-nums">
                      {item.event.allDay ? "All day" : timeLabel(item.start, { zone })}
                    </span>
                    <span className="min-w-0 truncate text-stone-900">
                      {isSageBlock(item.event) ? (
                        <span title="Planned by Sage">
                          <span aria-hidden="true">◆ </span>
                          <span className="sr-only">Planned by Sage: </span>
                        </span>
                      ) : null}
                      {item.event.title}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
      <Link
        to="/calendar"
        className="mt-2 inline-block px-1 text-sm font-semibold text-sage-800 underline underline-offset-2 hover:text-sage-900"
      >
        Open calendar
      </Link>
    </section>
  );
}
