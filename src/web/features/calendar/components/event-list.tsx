import { DateTime } from "luxon";
import type { LocalEvent } from "../../../../core/calendar/local-event.ts";
import { PLANNED_BLOCK_DESCRIPTION } from "../../../../core/contract/tasks.ts";
import { dayLabel, timeRangeLabel } from "../../../lib/date-label.ts";
import type { AgendaDay, AgendaItem } from "../lib/agenda.ts";
import { describeRecurrence } from "../lib/describe-event.ts";
import { MISSED_BLOCK_NOTE } from "../lib/task-messages.ts";

type Props = {
  days: AgendaDay[];
  zone: string;
  today: string;
  pendingIds: ReadonlySet<string>;
  /** Status of each task by id, for the assistant's planned blocks (empty while unknown). */
  taskStatus: ReadonlyMap<string, "open" | "done">;
  now: Date;
  onEdit: (event: LocalEvent) => void;
  onDelete: (event: LocalEvent) => void;
};

const PRIORITY_STYLE = {
  high: "bg-red-50 text-red-800 ring-red-200",
  medium: "bg-stone-100 text-stone-800 ring-stone-200",
  low: "bg-sky-50 text-sky-900 ring-sky-200",
};
const PRIORITY_LABEL = { high: "High priority", medium: "Medium priority", low: "Low priority" };

function dayHeading(date: string, today: string, zone: string): string {
  const t = DateTime.fromISO(today, { zone });
  if (date === today) return "Today";
  if (date === t.plus({ days: 1 }).toISODate()) return "Tomorrow";
  if (date === t.minus({ days: 1 }).toISODate()) return "Yesterday";
  return dayLabel(date, { style: "long", year: date.slice(0, 4) !== today.slice(0, 4) });
}

function timeRange(item: AgendaItem, zone: string): string {
  if (item.event.allDay) return "All day";
  return timeRangeLabel(item.start, item.end, { zone });
}

const shortDate = (iso: string) => dayLabel(iso.slice(0, 10), { style: "date" });

/** Occurrences grouped by day, each with what matters at a glance and edit/delete. */
export function EventList(props: Props) {
  const { days, zone, today, pendingIds, taskStatus, now, onEdit, onDelete } = props;
  return (
    <div className="flex flex-col gap-5">
      {days.map((day) => (
        <section key={day.date} aria-labelledby={`day-${day.date}`}>
          <h4
            id={`day-${day.date}`}
            className="mb-2 text-sm font-semibold uppercase tracking-wide text-stone-600"
          >
            {dayHeading(day.date, today, zone)}
          </h4>
          <ul className="divide-y divide-stone-200 border-y border-stone-200">
            {day.items.map((item) => {
              const e = item.event;
              const status = e.taskId ? taskStatus.get(e.taskId) : undefined;
              // a planned block that passed with its task still open: a neutral note, never red
              const missed = status === "open" && item.end.getTime() <= now.getTime();
              return (
                <li key={item.key} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start">
                  <p className="shrink-0 text-sm font-medium tabular-nums text-stone-700 sm:w-40">
                    {timeRange(item, zone)}
                  </p>
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-semibold text-stone-900">{e.title}</p>
                    <div className="mt-1 flex flex-wrap gap-1.5 text-xs">
                      {e.source === "assistant" ? (
                        <span className="rounded-full bg-sage-700 px-2 py-0.5 font-medium text-white">
                          {e.taskId ? "Planned by Sage" : "Added by Sage"}
                        </span>
                      ) : null}
                      {status === "done" ? (
                        <span className="rounded-full bg-sage-50 px-2 py-0.5 text-sage-900 ring-1 ring-sage-200">
                          Task done
                        </span>
                      ) : null}
                      <span
                        className={`rounded-full px-2 py-0.5 ring-1 ${PRIORITY_STYLE[e.priority]}`}
                      >
                        {PRIORITY_LABEL[e.priority]}
                      </span>
                      {e.category ? (
                        <span className="rounded-full bg-sage-50 px-2 py-0.5 text-sage-900 ring-1 ring-sage-200">
                          {e.category}
                        </span>
                      ) : null}
                      {e.recurrence ? (
                        <span className="rounded-full bg-stone-100 px-2 py-0.5 text-stone-800 ring-1 ring-stone-200">
                          {describeRecurrence(e.recurrence, shortDate)}
                        </span>
                      ) : null}
                      {pendingIds.has(e.id) ? (
                        <span className="rounded-full bg-amber-50 px-2 py-0.5 text-amber-900 ring-1 ring-amber-200">
                          Not synced yet
                        </span>
                      ) : null}
                    </div>
                    {e.why ? (
                      <p className="mt-1 text-sm text-stone-700">
                        <span className="font-medium">Why here:</span> {e.why}
                      </p>
                    ) : null}
                    {missed ? (
                      <p className="mt-1 text-sm text-stone-700">{MISSED_BLOCK_NOTE}</p>
                    ) : null}
                    {e.location ? (
                      <p className="mt-1 break-words text-sm text-stone-700">{e.location}</p>
                    ) : null}
                    {/* the planner's standard note would repeat on every block: the badge says it */}
                    {e.description && e.description !== PLANNED_BLOCK_DESCRIPTION ? (
                      <p className="mt-1 whitespace-pre-line break-words text-sm text-stone-700">
                        {e.description}
                      </p>
                    ) : null}
                    {e.url ? (
                      <a
                        href={e.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="mt-1 inline-block break-all text-sm text-sage-800 underline"
                      >
                        {e.url}
                      </a>
                    ) : null}
                    {e.bookedBy ? (
                      <p className="mt-1 text-xs text-stone-600">
                        Booked by {e.bookedBy} through your booking link: its time is fixed, and it
                        is cancelled on Booking links
                      </p>
                    ) : null}
                    {e.reminder !== undefined ? (
                      <p className="mt-1 text-xs text-stone-600">
                        Reminder {e.reminder === 0 ? "at the start" : `${e.reminder} min before`}
                      </p>
                    ) : null}
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <button
                      type="button"
                      className="rounded-lg px-3 py-1.5 text-sm font-medium text-sage-800 hover:bg-sage-50"
                      aria-label={`Edit ${e.title}`}
                      onClick={() => onEdit(e)}
                    >
                      Edit
                    </button>
                    {e.bookedBy ? null : (
                      <button
                        type="button"
                        className="rounded-lg px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
                        aria-label={`Delete ${e.title}`}
                        onClick={() => onDelete(e)}
                      >
                        Delete
                      </button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
