import { CalendarDataError } from "../../core/calendar/external/types.ts";
import type { ServerEvent } from "../../core/contract/calendar.ts";
import type { Db } from "../db/client.ts";
import { badRequest } from "../errors.ts";
import { listConnectedOccurrences } from "./list-external-occurrences.ts";

/**
 * Connected occurrences in the calendar API's event shape: one item per occurrence, read
 * only, `source: "external"`. A range holding more than Sage lists at once answers 400.
 */
export async function listConnectedEvents(
  db: Db,
  opts: { userId: string; from: string; to: string },
): Promise<ServerEvent[]> {
  let list: Awaited<ReturnType<typeof listConnectedOccurrences>>;
  try {
    list = await listConnectedOccurrences(db, {
      userId: opts.userId,
      from: new Date(opts.from),
      to: new Date(opts.to),
    });
  } catch (error) {
    if (error instanceof CalendarDataError) throw badRequest(error.message);
    throw error;
  }
  return list.map((o) => {
    const stamp = (o.syncedAt ?? o.start).toISOString();
    return {
      id: o.id,
      title: o.title,
      description: null,
      start_time: o.start.toISOString(),
      end_time: o.end.toISOString(),
      all_day: o.allDay,
      location: o.location,
      reminder_minutes: null,
      category: null,
      priority: "medium",
      url: null,
      exdates: [],
      series_id: null,
      recurrence_id: null,
      recurrence_frequency: null,
      recurrence_interval: null,
      recurrence_by_day: null,
      recurrence_by_month_day: null,
      recurrence_until: null,
      recurrence_count: null,
      source: "external",
      task_id: null,
      version: 1,
      created_at: stamp,
      updated_at: stamp,
      deleted_at: null,
      read_only: true,
      connection_id: o.connectionId,
      ...(o.color ? { color: o.color } : {}),
      busy: o.busy,
    };
  });
}
