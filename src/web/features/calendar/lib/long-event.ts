import { DateTime } from "luxon";
import type { EventDraft } from "../../../../core/calendar/local-event.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** How long a span lasts in the largest unit that reads naturally: "30 hours", "7 months". */
function lengthWords(start: DateTime, end: DateTime): string {
  const ms = end.toMillis() - start.toMillis();
  if (ms < 2 * DAY_MS) return plural(Math.round(ms / 3_600_000), "hour");
  if (ms < 14 * DAY_MS) return plural(Math.round(ms / DAY_MS), "day");
  const months = end.diff(start, "months").months;
  if (months < 2) return plural(Math.round(ms / (7 * DAY_MS)), "week");
  if (months < 24) return plural(Math.round(months), "month");
  return plural(Math.round(months / 12), "year");
}

/**
 * The question to ask before saving a timed event longer than a day — most often a date typed
 * wrong, and one that blocks every hour it covers from planning. Null when there is nothing
 * to ask (all-day events span days by design). Months are counted in the person's zone.
 */
export function longEventQuestion(draft: EventDraft, zone: string): string | null {
  if (draft.allDay || !draft.endTime) return null;
  const start = DateTime.fromISO(draft.startTime, { zone });
  const end = DateTime.fromISO(draft.endTime, { zone });
  if (end.toMillis() - start.toMillis() <= DAY_MS) return null;
  return `This event lasts ${lengthWords(start, end)}. Save it anyway?`;
}
