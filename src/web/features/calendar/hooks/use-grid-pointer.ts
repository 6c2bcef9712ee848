import { type PointerEvent, type RefObject, useRef, useState } from "react";
import { DAY_MIN, MIN_PX } from "../lib/grid-geometry.ts";
import {
  clamp,
  createSpan,
  moveSpan,
  placedTimes,
  resizeSpan,
  type Span,
  spanOf,
  spanTimes,
} from "../lib/grid-moves.ts";
import { type GridDay, type GridItem, timeFixed } from "../lib/week-layout.ts";

export type Drag = {
  mode: "move" | "resize" | "create";
  item: GridItem | null;
  pointerId: number;
  x: number;
  y: number;
  /** Day index and minutes from midnight where the pointer went down. */
  day: number;
  minutes: number;
  moved: boolean;
  preview: Span | null;
};

type Options = {
  days: GridDay[];
  zone: string;
  /** The item a tap selected (touch drags only a selected item, so a finger can scroll). */
  selected: string | null;
  columns: RefObject<(HTMLDivElement | null)[]>;
  onChange: (item: GridItem, start: Date, end: Date) => void;
  onCreate: (start: Date, end: Date) => void;
  onOpen: (item: GridItem) => void;
  onSwipe: (direction: -1 | 1) => void;
};

/**
 * The grid's pointer gestures: drag an item to move it, its lower edge to resize it, empty
 * time to create; a click opens; on touch, a horizontal swipe on empty time changes the days.
 * The arithmetic is lib/grid-moves.ts; this hook only tracks the pointer.
 */
export function useGridPointer(o: Options) {
  const [drag, setDragState] = useState<Drag | null>(null);
  // handlers read the ref: a pointerup can arrive before React has rendered the last move
  const dragRef = useRef<Drag | null>(null);
  const setDrag = (next: Drag | null) => {
    dragRef.current = next;
    setDragState(next);
  };
  const swipe = useRef<{ x: number; y: number; id: number } | null>(null);

  const dayAt = (clientX: number) => {
    const i = o.columns.current.findIndex((c) => {
      const r = c?.getBoundingClientRect();
      return r && clientX >= r.left && clientX < r.right;
    });
    return i === -1 ? null : i;
  };
  const minutesAt = (day: number, clientY: number) => {
    const r = o.columns.current[day]!.getBoundingClientRect();
    return clamp((clientY - r.top) / MIN_PX, 0, DAY_MIN);
  };

  const startDrag = (e: PointerEvent, mode: Drag["mode"], item: GridItem | null, day: number) => {
    if (e.button !== 0) return;
    if (item && (item.readOnly || (e.pointerType === "touch" && o.selected !== item.key))) return;
    if (mode === "create" && e.pointerType === "touch") {
      swipe.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
      return; // a finger on empty time scrolls or swipes; a tap adds (see the column's onClick)
    }
    e.stopPropagation();
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    setDrag({
      mode,
      item,
      pointerId: e.pointerId,
      x: e.clientX,
      y: e.clientY,
      day,
      minutes: minutesAt(day, e.clientY),
      moved: false,
      preview: null,
    });
  };

  const onPointerMove = (e: PointerEvent) => {
    const d = dragRef.current;
    if (!d || e.pointerId !== d.pointerId) return;
    // a booking's time is fixed: pressing it still opens it (pointerup), dragging moves nothing
    if (d.item && timeFixed(d.item)) return;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) <= 4) return;
    const day = dayAt(e.clientX) ?? d.day;
    const at = minutesAt(d.mode === "resize" ? d.day : day, e.clientY);
    let preview: Span;
    if (d.mode === "create") preview = createSpan(d.day, d.minutes, at);
    else {
      const span = spanOf(d.item!, d.day, o.days[d.day]!.date, o.zone);
      preview = d.mode === "resize" ? resizeSpan(span, at) : moveSpan(span, day, at - d.minutes);
    }
    setDrag({ ...d, moved: true, preview });
  };

  const onPointerUp = (e: PointerEvent) => {
    const s = swipe.current;
    if (s && e.pointerId === s.id) {
      swipe.current = null;
      const dx = e.clientX - s.x;
      const dy = e.clientY - s.y;
      if (Math.abs(dx) > 60 && Math.abs(dx) > 2 * Math.abs(dy)) o.onSwipe(dx < 0 ? 1 : -1);
    }
    const d = dragRef.current;
    if (!d || e.pointerId !== d.pointerId) return;
    setDrag(null);
    const { preview, item } = d;
    if (!d.moved || !preview) {
      if (item) o.onOpen(item);
      return;
    }
    if (d.mode === "create") {
      const t = spanTimes(o.days[preview.day]!.date, preview, o.zone);
      o.onCreate(t.start, t.end);
      return;
    }
    const t = placedTimes({
      item: item!,
      dates: o.days.map((x) => x.date),
      from: spanOf(item!, d.day, o.days[d.day]!.date, o.zone),
      to: preview,
      zone: o.zone,
    });
    o.onChange(item!, t.start, t.end);
  };

  const onPointerCancel = () => {
    setDrag(null);
    swipe.current = null;
  };

  return { drag, startDrag, minutesAt, onPointerMove, onPointerUp, onPointerCancel };
}
