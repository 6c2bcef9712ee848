import { DateTime } from "luxon";
import type { LocalEvent } from "../../../../core/calendar/local-event.ts";
import type { InsightsResponse } from "../../../../core/contract/insights.ts";
import { hoursOn, type PlanProfile } from "../../../../core/contract/plan-profile.ts";
import { dayOf, daysLabel, spanLabel } from "../../../lib/date-label.ts";
import { agenda } from "./agenda.ts";

/** Whose an item is: the person's, Sage's planned block, or a connected calendar's (read only). */
export type ItemKind = "user" | "sage" | "external" | "proposed";

/** One occurrence as the week grid draws it. */
export type GridItem = {
  key: string;
  event: LocalEvent;
  start: Date;
  end: Date;
  kind: ItemKind;
  readOnly: boolean;
  color: string | null;
  /** For an occurrence of a repeating event: the series and the start it defines (else null). */
  seriesId: string | null;
  occurrence: string | null;
  /** Overlaps another timed item (allowed, and quietly marked; lib/grid-geometry.ts places it). */
  overlaps: boolean;
};

export type GridDay = { date: string; allDay: GridItem[]; timed: GridItem[] };

/**
 * Events from a connected calendar arrive (from another part of the app) with
 * `source: "external"`, `read_only` and maybe a `color`; anything else is the person's or Sage's.
 */
function kindOf(e: LocalEvent): { kind: ItemKind; readOnly: boolean; color: string | null } {
  const extra = e as Omit<LocalEvent, "source"> & {
    source?: string;
    readOnly?: boolean;
    color?: string;
  };
  if (extra.source === "external") {
    return { kind: "external", readOnly: extra.readOnly ?? true, color: extra.color ?? null };
  }
  // a block of a plan proposal, not written yet (calendar-screen.tsx)
  if (extra.source === "proposed") return { kind: "proposed", readOnly: true, color: null };
  // Sage's own are the blocks it planned for a task; an event the assistant added on the
  // person's word ("add dentist Tuesday 3pm") is the person's
  return { kind: isSageBlock(e) ? "sage" : "user", readOnly: false, color: null };
}

/**
 * Whether the grid may move or resize an item: not one it may not change at all, nor a guest's
 * booking (its time is fixed: Sage cannot tell the guest of a new one; the server refuses).
 */
export const timeFixed = (item: Pick<GridItem, "readOnly" | "event">): boolean =>
  item.readOnly || Boolean(item.event.bookedBy);

/**
 * A block Sage planned for a task or a routine's session (what the planner may move), not an
 * event it was asked to add.
 */
export const isSageBlock = (e: Pick<LocalEvent, "source" | "taskId" | "routineId">): boolean =>
  e.source === "assistant" && Boolean(e.taskId || e.routineId);

/** The days shown: `count` days from `first` (an ISO date). */
export function daysFrom(first: string, count: number): string[] {
  const start = DateTime.fromISO(first);
  return Array.from({ length: count }, (_, i) => start.plus({ days: i }).toISODate()!);
}

/** Monday of the week holding `date`. */
export const weekStart = (date: string) => DateTime.fromISO(date).startOf("week").toISODate()!;

/** At least a day long: drawn in the all-day row, as Google Calendar and Fantastical do. */
const DAY_MS = 24 * 60 * 60_000;

/**
 * Lays out the occurrences of `days` (ISO dates in `zone`) for the grid: each occurrence on
 * every shown day it covers, including one that began before the first. All-day events and
 * timed events a day long or more go to the day's `allDay` list (the grid draws them as one
 * bar across their days); a shorter event crossing midnight is in `timed` on both days.
 */
export function layoutDays(events: LocalEvent[], days: string[], zone: string): GridDay[] {
  const from = DateTime.fromISO(days[0]!, { zone });
  const to = DateTime.fromISO(days[days.length - 1]!, { zone }).plus({ days: 1 });
  const found = agenda(events, { from: from.toJSDate(), to: to.toJSDate(), zone });
  const out = days.map((date) => ({ date, allDay: [] as GridItem[], timed: [] as GridItem[] }));
  for (const item of found.flatMap((d) => d.items)) {
    const e = item.event;
    const repeats = Boolean(e.recurrence);
    const grid: GridItem = {
      // a one-off keeps its key when it moves (so focus stays on it)
      key: repeats ? item.key : e.id,
      event: e,
      start: item.start,
      end: item.end,
      ...kindOf(e),
      seriesId: repeats ? e.id : null,
      occurrence: repeats ? item.start.toISOString() : null,
      overlaps: false,
    };
    const long = e.allDay || item.end.getTime() - item.start.getTime() >= DAY_MS;
    // an all-day event is its UTC dates (decision 028); the end is exclusive
    const dateZone = e.allDay ? "utc" : zone;
    const first = DateTime.fromJSDate(item.start, { zone: dateZone }).toISODate()!;
    const lastInstant = Math.max(item.start.getTime(), item.end.getTime() - 1);
    const last = DateTime.fromJSDate(new Date(lastInstant), { zone: dateZone }).toISODate()!;
    for (const day of out) {
      if (day.date >= first && day.date <= last) (long ? day.allDay : day.timed).push(grid);
    }
  }
  return out.map((d) => ({ ...d, timed: markOverlaps(d.timed) }));
}

/**
 * The day's timed items in start order (longer first at the same start), each flagged when it
 * overlaps another: items in one run of overlaps (counting each as at least 15 minutes, the
 * shortest block drawn) all are. Where they are drawn is lib/grid-geometry.ts's (cascades).
 */
function markOverlaps(items: GridItem[]): GridItem[] {
  const sorted = [...items].sort(
    (a, b) => a.start.getTime() - b.start.getTime() || b.end.getTime() - a.end.getTime(),
  );
  const out: GridItem[] = [];
  let cluster: GridItem[] = [];
  let clusterEnd = 0;
  const flush = () => {
    for (const item of cluster) out.push({ ...item, overlaps: cluster.length > 1 });
    cluster = [];
  };
  for (const item of sorted) {
    const start = item.start.getTime();
    const end = Math.max(item.end.getTime(), start + 15 * 60_000);
    if (cluster.length && start >= clusterEnd) flush();
    cluster.push(item);
    clusterEnd = Math.max(clusterEnd, end);
  }
  flush();
  return out;
}

/** "Friday, all day", "Monday to Wednesday, all day": an all-day event is its UTC dates. */
function allDayWhen(item: GridItem): string {
  const last = new Date(Math.max(item.start.getTime(), item.end.getTime() - 1));
  return `${daysLabel(dayOf(item.start, "UTC"), dayOf(last, "UTC"))}, all day`;
}

/** What a screen reader says for an item: "Dentist, Tuesday 3 to 4 PM" (en-US). */
export function itemLabel(item: GridItem, zone: string, taskTitle?: string): string {
  // the person's locale writes the clock (lib/date-label.ts), one way on every screen
  const when = item.event.allDay ? allDayWhen(item) : spanLabel(item.start, item.end, { zone });
  const parts = [item.event.title, when];
  if (item.kind === "sage") parts.push(`planned by Sage${taskTitle ? ` for ${taskTitle}` : ""}`);
  if (item.kind === "external") parts.push("from a connected calendar, read only");
  if (item.kind === "proposed") parts.push("proposed by Sage, not in your calendar yet");
  if (item.event.bookedBy) parts.push(`booked by ${item.event.bookedBy}, time fixed`);
  if (item.seriesId) parts.push("repeats");
  if (item.overlaps) parts.push("overlaps another event");
  return parts.join(", ");
}

export type HourBand = { start: number; end: number; kind: "peak" | "dip" };

/** The windows Sage plans with (GET /api/insights' `hours`): learned, or as stated. */
export type PlannedWindows = Pick<InsightsResponse["hours"], "windows" | "dayWindows">;
/** "How you work", with the windows Sage actually plans with when they are known. */
export type ShadedProfile = PlanProfile & { planned?: PlannedWindows | undefined };

/**
 * The profile's shading for a weekday (ISO 1–7), in hours (fractional: 9.5 = 9:30): that
 * day's working hours, peak bands and the dip.
 */
export function profileBands(
  profile: ShadedProfile | null,
  weekday: number,
): { working: { start: number; end: number } | null; bands: HourBand[] } {
  if (!profile) return { working: null, bands: [] };
  const hours = hoursOn(profile, weekday);
  const working = hours ? { start: hours.start / 60, end: hours.end / 60 } : null;
  // the hours Sage plans with: learned ones when it learned them (issue 27), else as stated
  const windows =
    profile.planned?.dayWindows[String(weekday) as keyof PlannedWindows["dayWindows"]] ??
    profile.planned?.windows ??
    profile.energyWindows;
  const bands = windows.flatMap((w): HourBand[] =>
    w.level === "peak"
      ? [{ start: w.start / 60, end: w.end / 60, kind: "peak" }]
      : w.level === "low"
        ? [{ start: w.start / 60, end: w.end / 60, kind: "dip" }]
        : [],
  );
  return { working, bands };
}
