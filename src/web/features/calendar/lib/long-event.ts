import { DateTime } from "luxon";
import type { EventDraft } from "../../../../core/calendar/local-event.ts";
import { LONG_EVENT_MS, spanWords } from "../../../../core/calendar/span-words.ts";

/**
 * The question to ask before saving a timed event longer than a day — most often a date typed
 * wrong, and one that blocks every hour it covers from planning. Null when there is nothing
 * to ask (all-day events span days by design). Months are counted in the person's zone.
 */
export function longEventQuestion(draft: EventDraft, zone: string): string | null {
  if (draft.allDay || !draft.endTime) return null;
  const start = DateTime.fromISO(draft.startTime, { zone });
  const end = DateTime.fromISO(draft.endTime, { zone });
  if (end.toMillis() - start.toMillis() <= LONG_EVENT_MS) return null;
  return `This event lasts ${spanWords(start, end)}. Save it anyway?`;
}
