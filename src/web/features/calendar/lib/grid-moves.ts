import { DateTime } from "luxon";
import { timeLabel, weekdayTimeLabel } from "../../../lib/date-label.ts";
import { atMinutes, DAY_MIN, minutesInto } from "./grid-geometry.ts";
import type { GridItem } from "./week-layout.ts";

/**
 * The arithmetic of moving, resizing and creating on the week grid, shared by the pointer
 * and the keyboard hooks: pure, in minutes from a day's midnight.
 */

export const SNAP_MIN = 15;
export const snap = (m: number) => Math.round(m / SNAP_MIN) * SNAP_MIN;
export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A place on the grid: a shown day (index) and minutes from its midnight. */
export type Span = { day: number; start: number; end: number };

/** Where an item is drawn on `date`: at least SNAP_MIN long, within the day. */
export function spanOf(item: GridItem, day: number, date: string, zone: string): Span {
  const start = minutesInto(date, item.start, zone);
  return { day, start, end: Math.max(minutesInto(date, item.end, zone), start + SNAP_MIN) };
}

/** A drag across empty time from `from` to `at` minutes: snapped, at least SNAP_MIN. */
export function createSpan(day: number, from: number, at: number): Span {
  const a = snap(Math.min(from, at));
  const b = snap(Math.max(from, at));
  return { day, start: a, end: Math.max(b, a + SNAP_MIN) };
}

/** `span` moved by `delta` minutes to `day`, kept inside the day. */
export function moveSpan(span: Span, day: number, delta: number): Span {
  const length = span.end - span.start;
  const start = clamp(span.start + snap(delta), 0, DAY_MIN - length);
  return { day, start, end: start + length };
}

/** `span` with its end at `at` (snapped), at least SNAP_MIN long. */
export function resizeSpan(span: Span, at: number): Span {
  return { ...span, end: clamp(snap(at), span.start + SNAP_MIN, DAY_MIN) };
}

/**
 * A key on a picked-up item (Space picked it up): arrows move it a day or 15 minutes,
 * Shift+Up/Down change its length. Null for any other key.
 */
export function keyStep(
  span: Span,
  key: { key: string; shiftKey: boolean },
  dayCount: number,
): Span | null {
  const length = span.end - span.start;
  if (key.key === "ArrowUp" || key.key === "ArrowDown") {
    const step = key.key === "ArrowUp" ? -SNAP_MIN : SNAP_MIN;
    if (key.shiftKey)
      return { ...span, end: clamp(span.end + step, span.start + SNAP_MIN, DAY_MIN) };
    const start = clamp(span.start + step, 0, DAY_MIN - length);
    return { ...span, start, end: start + length };
  }
  if (key.key === "ArrowLeft" || key.key === "ArrowRight") {
    return { ...span, day: clamp(span.day + (key.key === "ArrowLeft" ? -1 : 1), 0, dayCount - 1) };
  }
  return null;
}

/** The keyboard's empty slot of a column: arrows by half an hour, Shift+arrows its length. */
export type Slot = { day: number; start: number; length: number };

export function slotStep(slot: Slot, key: { key: string; shiftKey: boolean }): Slot | null {
  if (key.key === "ArrowDown" && key.shiftKey)
    return { ...slot, length: Math.min(slot.length + 30, DAY_MIN - slot.start) };
  if (key.key === "ArrowUp" && key.shiftKey)
    return { ...slot, length: Math.max(slot.length - 30, 30) };
  if (key.key === "ArrowDown")
    return { ...slot, start: Math.min(slot.start + 30, DAY_MIN - slot.length) };
  if (key.key === "ArrowUp") return { ...slot, start: Math.max(slot.start - 30, 0) };
  return null;
}

/**
 * The new start and end of an item drawn at `from` and put down at `to`: its start shifted
 * by the days and minutes it moved (wall clock, in `zone`) and its length changed by what the
 * drawn length changed. An event crossing midnight, drawn in part, keeps the rest of itself.
 */
export function placedTimes(p: {
  item: GridItem;
  dates: readonly string[];
  from: Span;
  to: Span;
  zone: string;
}): { start: Date; end: Date } {
  const days = DateTime.fromISO(p.dates[p.to.day]!).diff(
    DateTime.fromISO(p.dates[p.from.day]!),
    "days",
  ).days;
  const start = DateTime.fromJSDate(p.item.start, { zone: p.zone })
    .plus({ days })
    .plus({ minutes: p.to.start - p.from.start })
    .toJSDate();
  const grown = p.to.end - p.to.start - (p.from.end - p.from.start);
  const length = p.item.end.getTime() - p.item.start.getTime() + grown * 60_000;
  return { start, end: new Date(start.getTime() + Math.max(length, SNAP_MIN * 60_000)) };
}

/** "Empty slot Thursday 8:00 AM to 9:00 AM" (en-US): the keyboard slot's name. */
export function slotLabel(date: string, start: number, length: number, zone: string): string {
  const s = DateTime.fromISO(date, { zone }).plus({ minutes: start });
  const e = s.plus({ minutes: length });
  return `Empty slot ${weekdayTimeLabel(s.toJSDate(), { zone })} to ${timeLabel(e.toJSDate(), { zone })}`;
}

/** A new event for the span on `date`. */
export const spanTimes = (date: string, span: { start: number; end: number }, zone: string) => ({
  start: atMinutes(date, span.start, zone),
  end: atMinutes(date, span.end, zone),
});
