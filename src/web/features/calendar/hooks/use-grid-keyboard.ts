import { DateTime } from "luxon";
import { type KeyboardEvent, type RefObject, useState } from "react";
import { timeLabel, weekdayTimeLabel } from "../../../lib/date-label.ts";
import {
  clamp,
  keyStep,
  placedTimes,
  type Slot,
  type Span,
  slotLabel,
  slotStep,
  spanOf,
} from "../lib/grid-moves.ts";
import type { GridDay, GridItem } from "../lib/week-layout.ts";

type Options = {
  days: GridDay[];
  zone: string;
  /** Where a column's slot starts before the arrows moved it (minutes from midnight). */
  slotStart: number;
  slots: RefObject<(HTMLButtonElement | null)[]>;
  onChange: (item: GridItem, start: Date, end: Date) => void;
  onOpen: (item: GridItem) => void;
  announce: (message: string) => void;
};

/** A picked-up item: where it was drawn and where the arrows have taken it. */
export type Grab = Span & { key: string; from: Span };

/**
 * The grid's keyboard: on an item, Enter opens it and Space picks it up; then arrows move it
 * (a day, 15 minutes), Shift+arrows change its length, Enter or Space puts it down, Escape
 * cancels — each step said through `announce`. On a column's slot, arrows choose the time,
 * Shift+arrows the length, left and right another day.
 */
export function useGridKeyboard(o: Options) {
  const [grab, setGrab] = useState<Grab | null>(null);
  const [cursor, setCursor] = useState<Slot | null>(null);
  const when = (s: Span) => {
    const d = DateTime.fromISO(o.days[s.day]!.date, { zone: o.zone });
    const at = (minutes: number) => d.plus({ minutes }).toJSDate();
    return `${weekdayTimeLabel(at(s.start), { zone: o.zone })} to ${timeLabel(at(s.end), { zone: o.zone })}`;
  };

  const itemKeyDown = (e: KeyboardEvent, item: GridItem, day: number) => {
    if (!grab || grab.key !== item.key) {
      if (e.key === "Enter") {
        e.preventDefault();
        o.onOpen(item);
      } else if (e.key === " " && !item.readOnly && item.event.bookedBy) {
        e.preventDefault();
        o.announce(
          `${item.event.title} is ${item.event.bookedBy}'s booking: its time is fixed. Enter opens it.`,
        );
      } else if (e.key === " " && !item.readOnly) {
        e.preventDefault();
        const from = spanOf(item, day, o.days[day]!.date, o.zone);
        setGrab({ ...from, key: item.key, from });
        o.announce(
          `Picked up ${item.event.title}. Arrows move it, Shift with arrows changes its length, Enter puts it down, Escape cancels.`,
        );
      }
      return;
    }
    if (e.key === "Escape") {
      e.preventDefault();
      setGrab(null);
      o.announce(`${item.event.title} left where it was.`);
      return;
    }
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      setGrab(null);
      const t = placedTimes({
        item,
        dates: o.days.map((d) => d.date),
        from: grab.from,
        to: grab,
        zone: o.zone,
      });
      o.onChange(item, t.start, t.end);
      // moved to another day, it is drawn in another column: keep the focus on it
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-event-id="${item.event.id}"]`)?.focus(),
      );
      return;
    }
    const next = keyStep(grab, e, o.days.length);
    if (!next) return;
    e.preventDefault();
    setGrab({ ...grab, ...next });
    o.announce(when(next));
  };

  const columnKeyDown = (e: KeyboardEvent, day: number) => {
    const c = cursor && cursor.day === day ? cursor : { day, start: o.slotStart, length: 60 };
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      const to = clamp(day + (e.key === "ArrowLeft" ? -1 : 1), 0, o.days.length - 1);
      e.preventDefault();
      setCursor({ ...c, day: to });
      o.slots.current[to]?.focus();
      return;
    }
    const next = slotStep(c, e);
    if (!next) return;
    e.preventDefault();
    setCursor(next);
    o.announce(slotLabel(o.days[day]!.date, next.start, next.length, o.zone));
  };

  /** The slot a column shows (where the arrows left it, else the opening hour). */
  const slotFor = (day: number): Slot =>
    cursor?.day === day ? cursor : { day, start: o.slotStart, length: 60 };

  return { grab, itemKeyDown, columnKeyDown, slotFor };
}
