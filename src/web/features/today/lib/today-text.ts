import type { CarriedOver, TodayItem, TodayResponse } from "../../../../core/contract/today.ts";

/**
 * Today's words, in one place so they can be read (and scanned) together. Unfinished work
 * is simply planned again: nothing here blames, counts down or catches up.
 */

/** 200 → "3 h 20", 300 → "5 h", 45 → "45 min". */
export function formatMinutes(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  const rest = m % 60;
  return rest ? `${h} h ${String(rest).padStart(2, "0")}` : `${h} h`;
}

/** "3 h 20 of 5 h planned". */
export function loadSentence(load: TodayResponse["load"]): string {
  return `${formatMinutes(load.plannedMinutes)} of ${formatMinutes(load.capacityMinutes)} planned`;
}

const events = (n: number) => (n === 1 ? "1 event" : `${n} events`);

/**
 * A word on the load when it says more than the numbers: room left, or a full day. The load
 * counts Sage's blocks only, so a day with meetings but no blocks is never called empty:
 * "a light day" is said only when the calendar holds nothing at all.
 */
export function loadNote(day: Pick<TodayResponse, "load" | "items">): string | null {
  const { load, items } = day;
  if (load.plannedMinutes === 0) {
    const blocks = items.filter((i) => i.kind === "block").length;
    const meetings = items.length - blocks;
    if (items.length === 0) return "Nothing planned yet — a light day.";
    if (blocks > 0) return "Nothing left to work on from Sage's plan today.";
    return `No work blocks from Sage today — ${events(meetings)} on your calendar.`;
  }
  if (load.plannedMinutes > load.capacityMinutes)
    return "More than your usual day; Sage keeps the rest of the week lighter.";
  if (load.doneMinutes > 0) return `${formatMinutes(load.doneMinutes)} done so far.`;
  return null;
}

const clock = (iso: string, zone: string, locale?: string) =>
  new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: zone }).format(
    new Date(iso),
  );

/** "9:00 AM – 9:50 AM", or "All day". */
export function timeRange(item: TodayItem, zone: string, locale?: string): string {
  if (item.allDay) return "All day";
  return `${clock(item.start, zone, locale)} – ${clock(item.end, zone, locale)}`;
}

/** The heading's date ("Tuesday, March 4"): `date` is already the person's day. */
export function dayHeading(date: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T12:00:00Z`));
}

/** What happened to yesterday's unfinished block, kindly: where it went, or that it will go. */
export function carriedOverText(c: CarriedOver, zone: string, locale?: string): string {
  const left = c.minutes > 0 ? ` (${formatMinutes(c.minutes)} left)` : "";
  if (!c.plannedAgain) return `“${c.title}”${left} is waiting for a new time.`;
  const when = new Intl.DateTimeFormat(locale, {
    weekday: "short",
    hour: "numeric",
    minute: "2-digit",
    timeZone: zone,
  }).format(new Date(c.plannedAgain.start));
  return `“${c.title}”${left} is planned again for ${when}.`;
}

/** How a block's check-in reads on its row. */
export function checkInText(checkIn: NonNullable<TodayItem["checkIn"]>): string {
  switch (checkIn.outcome) {
    case "done":
      return checkIn.minutes ? `Done — took ${formatMinutes(checkIn.minutes)}` : "Done";
    case "partly":
      return `Partly — ${formatMinutes(checkIn.minutes ?? 0)} done; the rest is planned again`;
    case "skipped":
      return "Skipped — planned again";
  }
}

/**
 * Whether to ask how long a block's task took: after a "Done" that said no minutes (a task
 * that ran over or finished early is how Sage learns the person's estimates).
 */
export const tookAsked = (
  checkIn: Pick<NonNullable<TodayItem["checkIn"]>, "outcome" | "minutes">,
  taskId: string | null,
): boolean => checkIn.outcome === "done" && !checkIn.minutes && taskId !== null;

/**
 * What a block that left the day became, since its row is gone: a task's is planned again;
 * a routine's session counts the day as skipped.
 */
export function skippedAheadText(item: Pick<TodayItem, "title" | "routineId">): string {
  return item.routineId
    ? `Skipped “${item.title}” for today — Sage won't squeeze it in elsewhere this week.`
    : `Skipped “${item.title}” — Sage is finding it another time.`;
}

/** The hour the evening wrap-up opens, local time. */
export const EVENING_HOUR = 17;

/**
 * Whether to offer the evening wrap-up: after 17:00 in the person's zone, or once the day's
 * last block has ended.
 */
export function isEvening(now: Date, items: TodayItem[], zone: string): boolean {
  const hour = Number(
    new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone: zone }).format(
      now,
    ),
  );
  if (hour >= EVENING_HOUR) return true;
  const blocks = items.filter((i) => i.kind === "block");
  return blocks.length > 0 && blocks.every((b) => Date.parse(b.end) <= now.getTime());
}

/** Blocks that have begun and have no check-in yet: what the wrap-up asks about. */
export function leftToday(now: Date, items: TodayItem[]): TodayItem[] {
  return items.filter(
    (i) => i.kind === "block" && !i.checkIn && Date.parse(i.start) <= now.getTime(),
  );
}

/**
 * What a block now shares its time with: the day's other timed items overlapping it, said as
 * "Overlaps “Call mom” (20:00 – 20:30)" — so a block moved onto a meeting says so instead of
 * sitting there silently. Undefined when nothing overlaps.
 */
export function overlapNote(
  item: TodayItem,
  items: readonly TodayItem[],
  zone: string,
  locale?: string,
): string | undefined {
  if (item.allDay) return undefined;
  const start = Date.parse(item.start);
  const end = Date.parse(item.end);
  const others = items.filter(
    (o) =>
      !o.allDay &&
      !(o.id === item.id && o.occurrence === item.occurrence) &&
      Date.parse(o.start) < end &&
      Date.parse(o.end) > start,
  );
  if (others.length === 0) return undefined;
  const named = others
    .slice(0, 2)
    .map((o) => `“${o.title}” (${timeRange(o, zone, locale)})`)
    .join(" and ");
  const more = others.length > 2 ? ` and ${others.length - 2} more` : "";
  return `Overlaps ${named}${more}.`;
}
