import { DateTime } from "luxon";
import { type KeyboardEvent, type PointerEvent, useLayoutEffect, useRef, useState } from "react";
import type { PlanProfile } from "../../../../core/contract/plan-profile.ts";
import { type GridDay, type GridItem, itemLabel, profileBands } from "../lib/week-layout.ts";

const HOUR_PX = 48;
const SNAP_MIN = 15;
const MIN_PX = HOUR_PX / 60;
const DAY_MIN = 24 * 60;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

type Props = {
  days: GridDay[];
  zone: string;
  now: Date;
  profile: PlanProfile | null;
  /** Blocks the last plan wrote (highlighted). */
  highlight: ReadonlySet<string>;
  pendingIds: ReadonlySet<string>;
  taskTitles: ReadonlyMap<string, string>;
  taskEnergy: ReadonlyMap<string, string>;
  /** Move or resize: the item's new start and end. */
  onChange: (item: GridItem, start: Date, end: Date) => void;
  onCreate: (start: Date, end: Date) => void;
  onOpen: (item: GridItem) => void;
  /** A horizontal swipe on a phone: -1 back, +1 forward. */
  onSwipe: (direction: -1 | 1) => void;
  announce: (message: string) => void;
};

type Drag = {
  mode: "move" | "resize" | "create";
  item: GridItem | null;
  pointerId: number;
  x: number;
  y: number;
  /** Day index and minutes from midnight where the pointer went down. */
  day: number;
  minutes: number;
  moved: boolean;
  preview: { day: number; start: number; end: number } | null;
};

const snap = (m: number) => Math.round(m / SNAP_MIN) * SNAP_MIN;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Minutes from the day's midnight (in `zone`) to `d`, 0–1440. */
function minutesInto(date: string, d: Date, zone: string): number {
  const midnight = DateTime.fromISO(date, { zone });
  return clamp(DateTime.fromJSDate(d, { zone }).diff(midnight, "minutes").minutes, 0, DAY_MIN);
}
/** The instant `minutes` after the day's midnight in `zone` (DST-aware through wall-clock). */
function atMinutes(date: string, minutes: number, zone: string): Date {
  return DateTime.fromISO(date, { zone }).plus({ minutes }).toJSDate();
}
/** "Thursday, November 26" in the person's locale, as the other dates on the screen. */
const LONG_DAY = { weekday: "long", month: "long", day: "numeric" } as const;
const hourLabel = (h: number) => DateTime.fromObject({ hour: h % 24 }).toFormat("h a");

/**
 * The time grid of a week, three days or a day. Pointer events move (drag an item),
 * resize (drag its lower edge) and create (drag across empty time); on touch, an item is
 * first selected with a tap, so a finger can still scroll the day. Keyboard: an item's
 * Space picks it up, arrows move it (left/right a day, up/down 15 minutes), Shift+arrows
 * change its length, Enter or Space puts it down, Escape cancels; Enter opens it. A day's
 * column takes focus too: arrows choose a slot, Shift+Down lengthens it, Enter adds an event.
 */
export function WeekGrid(p: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const columns = useRef<(HTMLDivElement | null)[]>([]);
  const slots = useRef<(HTMLButtonElement | null)[]>([]);
  const [drag, setDragState] = useState<Drag | null>(null);
  // handlers read the ref: a pointerup can arrive before React has rendered the last move
  const dragRef = useRef<Drag | null>(null);
  const setDrag = (next: Drag | null) => {
    dragRef.current = next;
    setDragState(next);
  };
  const [selected, setSelected] = useState<string | null>(null);
  const [grab, setGrab] = useState<{ key: string; day: number; start: number; end: number } | null>(
    null,
  );
  const [cursor, setCursor] = useState<{ day: number; start: number; length: number } | null>(null);
  const swipe = useRef<{ x: number; y: number; id: number } | null>(null);

  // opens on working hours (or 8 AM), once
  const firstHour = p.profile ? Math.floor(p.profile.workingHours.start / 60) : 8;
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = Math.max(0, (firstHour - 0.5) * HOUR_PX);
  }, [firstHour]);

  const dayAt = (clientX: number) => {
    const i = columns.current.findIndex((c) => {
      const r = c?.getBoundingClientRect();
      return r && clientX >= r.left && clientX < r.right;
    });
    return i === -1 ? null : i;
  };
  const minutesAt = (day: number, clientY: number) => {
    const r = columns.current[day]!.getBoundingClientRect();
    return clamp((clientY - r.top) / MIN_PX, 0, DAY_MIN);
  };

  const startDrag = (e: PointerEvent, mode: Drag["mode"], item: GridItem | null, day: number) => {
    if (e.button !== 0) return;
    if (item && (item.readOnly || (e.pointerType === "touch" && selected !== item.key))) return;
    if (mode === "create" && e.pointerType === "touch") {
      swipe.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
      return; // a finger on empty time scrolls or swipes; a tap adds (see onClick)
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
    const drag = dragRef.current;
    if (!drag || e.pointerId !== drag.pointerId) return;
    const moved = drag.moved || Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > 4;
    if (!moved) return;
    const day = dayAt(e.clientX) ?? drag.day;
    const at = minutesAt(drag.mode === "resize" ? drag.day : day, e.clientY);
    let preview: Drag["preview"];
    if (drag.mode === "create") {
      const a = snap(Math.min(drag.minutes, at));
      const b = snap(Math.max(drag.minutes, at));
      preview = { day: drag.day, start: a, end: Math.max(b, a + SNAP_MIN) };
    } else {
      const item = drag.item!;
      const date = p.days[drag.day]!.date;
      const start = minutesInto(date, item.start, p.zone);
      const end = Math.max(minutesInto(date, item.end, p.zone), start + SNAP_MIN);
      if (drag.mode === "resize") {
        preview = { day: drag.day, start, end: clamp(snap(at), start + SNAP_MIN, DAY_MIN) };
      } else {
        const delta = snap(at - drag.minutes);
        const length = end - start;
        const s = clamp(start + delta, 0, DAY_MIN - length);
        preview = { day, start: s, end: s + length };
      }
    }
    setDrag({ ...drag, moved: true, preview });
  };

  const onPointerUp = (e: PointerEvent) => {
    const s = swipe.current;
    if (s && e.pointerId === s.id) {
      swipe.current = null;
      const dx = e.clientX - s.x;
      const dy = e.clientY - s.y;
      if (Math.abs(dx) > 60 && Math.abs(dx) > 2 * Math.abs(dy)) p.onSwipe(dx < 0 ? 1 : -1);
    }
    const drag = dragRef.current;
    if (!drag || e.pointerId !== drag.pointerId) return;
    setDrag(null);
    const { preview, item } = drag;
    if (!drag.moved || !preview) {
      if (item) p.onOpen(item);
      return;
    }
    const date = p.days[preview.day]!.date;
    const start = atMinutes(date, preview.start, p.zone);
    const end = atMinutes(date, preview.end, p.zone);
    if (drag.mode === "create") p.onCreate(start, end);
    else p.onChange(item!, start, end);
  };

  const itemKeyDown = (e: KeyboardEvent, item: GridItem, day: number) => {
    const date = p.days[day]!.date;
    if (!grab || grab.key !== item.key) {
      if (e.key === "Enter") {
        e.preventDefault();
        p.onOpen(item);
      } else if (e.key === " " && !item.readOnly) {
        e.preventDefault();
        const start = minutesInto(date, item.start, p.zone);
        setGrab({
          key: item.key,
          day,
          start,
          end: Math.max(minutesInto(date, item.end, p.zone), start + SNAP_MIN),
        });
        p.announce(
          `Picked up ${item.event.title}. Arrows move it, Shift with arrows changes its length, Enter puts it down, Escape cancels.`,
        );
      }
      return;
    }
    const g = grab;
    const length = g.end - g.start;
    let next = g;
    if (e.key === "Escape") {
      setGrab(null);
      p.announce(`${item.event.title} left where it was.`);
    } else if (e.key === "Enter" || e.key === " ") {
      setGrab(null);
      const d = p.days[g.day]!.date;
      p.onChange(item, atMinutes(d, g.start, p.zone), atMinutes(d, g.end, p.zone));
      // moved to another day, it is drawn in another column: keep the focus on it
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-event-id="${item.event.id}"]`)?.focus(),
      );
    } else if (e.key === "ArrowUp" || e.key === "ArrowDown") {
      const step = e.key === "ArrowUp" ? -SNAP_MIN : SNAP_MIN;
      if (e.shiftKey) next = { ...g, end: clamp(g.end + step, g.start + SNAP_MIN, DAY_MIN) };
      else {
        const s = clamp(g.start + step, 0, DAY_MIN - length);
        next = { ...g, start: s, end: s + length };
      }
    } else if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      next = { ...g, day: clamp(g.day + (e.key === "ArrowLeft" ? -1 : 1), 0, p.days.length - 1) };
    } else return;
    e.preventDefault();
    if (next !== g) {
      setGrab(next);
      const d = p.days[next.day]!.date;
      p.announce(
        `${DateTime.fromISO(d).toFormat("cccc")} ${DateTime.fromISO(d, { zone: p.zone }).plus({ minutes: next.start }).toFormat("h:mm a")} to ${DateTime.fromISO(d, { zone: p.zone }).plus({ minutes: next.end }).toFormat("h:mm a")}`,
      );
    }
  };

  const columnKeyDown = (e: KeyboardEvent, day: number) => {
    const c = cursor && cursor.day === day ? cursor : { day, start: firstHour * 60, length: 60 };
    let next = c;
    if (e.key === "ArrowDown" && e.shiftKey)
      next = { ...c, length: Math.min(c.length + 30, DAY_MIN - c.start) };
    else if (e.key === "ArrowUp" && e.shiftKey)
      next = { ...c, length: Math.max(c.length - 30, 30) };
    else if (e.key === "ArrowDown")
      next = { ...c, start: Math.min(c.start + 30, DAY_MIN - c.length) };
    else if (e.key === "ArrowUp") next = { ...c, start: Math.max(c.start - 30, 0) };
    else if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      const to = clamp(day + (e.key === "ArrowLeft" ? -1 : 1), 0, p.days.length - 1);
      e.preventDefault();
      setCursor({ ...c, day: to });
      slots.current[to]?.focus();
      return;
    } else return;
    e.preventDefault();
    setCursor(next);
    p.announce(slotLabel(p.days[day]!.date, next.start, next.length, p.zone));
  };

  // the "now" line moves with the clock
  const today = DateTime.fromJSDate(p.now, { zone: p.zone }).toISODate();
  const nowMinutes = DateTime.fromJSDate(p.now, { zone: p.zone }).diff(
    DateTime.fromJSDate(p.now, { zone: p.zone }).startOf("day"),
    "minutes",
  ).minutes;

  const hasAllDay = p.days.some((d) => d.allDay.length);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex border-b border-stone-200 bg-white pr-2" aria-hidden="true">
        <div className="w-12 shrink-0" />
        {p.days.map((d) => {
          const dt = DateTime.fromISO(d.date);
          const isToday = d.date === today;
          return (
            <div key={d.date} className="min-w-0 flex-1 py-1.5 text-center text-xs">
              <div className="text-stone-600">{dt.toFormat("ccc")}</div>
              <div
                className={`mx-auto mt-0.5 flex h-7 w-7 items-center justify-center rounded-full text-sm font-semibold ${isToday ? "bg-sage-700 text-white" : "text-stone-900"}`}
              >
                {dt.day}
              </div>
            </div>
          );
        })}
      </div>
      {hasAllDay ? (
        <div className="flex border-b border-stone-200 bg-white pr-2">
          <div className="w-12 shrink-0 py-1 text-right text-[10px] text-stone-600">all day</div>
          {p.days.map((d, day) => (
            <ul
              key={d.date}
              className="min-w-0 flex-1 space-y-0.5 p-0.5"
              aria-label={`${DateTime.fromISO(d.date).toLocaleString(LONG_DAY)}, all day`}
            >
              {d.allDay.map((item) => (
                <li key={item.key}>
                  <button
                    type="button"
                    className="w-full truncate rounded bg-sky-100 px-1 text-left text-xs text-sky-950 focus-visible:outline-2 focus-visible:outline-sage-800"
                    aria-label={itemLabel(item, p.zone)}
                    onClick={() => p.onOpen(item)}
                    onKeyDown={(e) => itemKeyDown(e, item, day)}
                  >
                    {item.event.title}
                  </button>
                </li>
              ))}
            </ul>
          ))}
        </div>
      ) : null}
      <div
        ref={scroller}
        className="relative min-h-0 flex-1 overflow-y-auto [touch-action:pan-y]"
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          setDrag(null);
          swipe.current = null;
        }}
      >
        <div className="relative flex" style={{ height: 24 * HOUR_PX }}>
          <div className="w-12 shrink-0" aria-hidden="true">
            {HOURS.slice(1).map((h) => (
              <div
                key={h}
                className="absolute right-auto w-11 -translate-y-2 pr-1 text-right text-[10px] text-stone-600"
                style={{ top: h * HOUR_PX }}
              >
                {hourLabel(h)}
              </div>
            ))}
          </div>
          {p.days.map((d, day) => {
            const weekday = DateTime.fromISO(d.date).weekday;
            const { working, bands } = profileBands(p.profile, weekday);
            const dayName = DateTime.fromISO(d.date).toLocaleString(LONG_DAY);
            const slot = cursor?.day === day ? cursor : { day, start: firstHour * 60, length: 60 };
            return (
              // biome-ignore lint/a11y/noStaticElementInteractions: pointer gestures on the grid; the keyboard uses the slot button inside
              // biome-ignore lint/a11y/useKeyWithClickEvents: the slot button is the keyboard's way to add
              <div
                key={d.date}
                ref={(el) => {
                  columns.current[day] = el;
                }}
                className="relative min-w-0 flex-1 border-l border-stone-200"
                onPointerDown={(e) => startDrag(e, "create", null, day)}
                onClick={(e) => {
                  // a tap on empty time on a phone adds an hour there
                  if ((e.nativeEvent as PointerEvent["nativeEvent"]).pointerType !== "touch")
                    return;
                  if (e.target !== e.currentTarget) return;
                  const m = snap(minutesAt(day, e.clientY) - 30);
                  p.onCreate(atMinutes(d.date, m, p.zone), atMinutes(d.date, m + 60, p.zone));
                }}
              >
                {/* the day outside working hours is greyed; the peak shaded; the dip marked lightly */}
                {working ? (
                  <>
                    <div
                      className="pointer-events-none absolute inset-x-0 top-0 bg-stone-100"
                      style={{ height: working.start * HOUR_PX }}
                    />
                    <div
                      className="pointer-events-none absolute inset-x-0 bottom-0 bg-stone-100"
                      style={{ top: working.end * HOUR_PX }}
                    />
                  </>
                ) : p.profile ? (
                  <div className="pointer-events-none absolute inset-0 bg-stone-100" />
                ) : null}
                {working
                  ? bands.map((b) => (
                      <div
                        key={`${b.kind}${b.start}`}
                        className={`pointer-events-none absolute inset-x-0 ${b.kind === "peak" ? "bg-amber-100/70" : "bg-[repeating-linear-gradient(135deg,transparent_0_6px,rgb(214_211_209/0.5)_6px_7px)]"}`}
                        style={{ top: b.start * HOUR_PX, height: (b.end - b.start) * HOUR_PX }}
                      />
                    ))
                  : null}
                {HOURS.map((h) => (
                  <div
                    key={h}
                    className="pointer-events-none absolute inset-x-0 border-t border-stone-200/80"
                    style={{ top: h * HOUR_PX }}
                  />
                ))}
                {d.date === today ? (
                  <div
                    className="pointer-events-none absolute inset-x-0 z-20 border-t-2 border-red-600"
                    style={{ top: nowMinutes * MIN_PX }}
                    aria-hidden="true"
                  >
                    <div className="-mt-[5px] -ml-1 h-2 w-2 rounded-full bg-red-600" />
                  </div>
                ) : null}
                {/* the keyboard's way to add: a slot that arrows move and Enter fills */}
                <button
                  type="button"
                  ref={(el) => {
                    slots.current[day] = el;
                  }}
                  className="pointer-events-none absolute inset-x-0.5 z-10 rounded border-2 border-dashed border-transparent focus-visible:border-sage-800 focus-visible:bg-sage-50/60"
                  style={{ top: slot.start * MIN_PX, height: slot.length * MIN_PX }}
                  aria-label={`${slotLabel(d.date, slot.start, slot.length, p.zone)}. Press Enter to add an event; arrows choose the time, Shift with arrows the length.`}
                  onKeyDown={(e) => columnKeyDown(e, day)}
                  onClick={() =>
                    p.onCreate(
                      atMinutes(d.date, slot.start, p.zone),
                      atMinutes(d.date, slot.start + slot.length, p.zone),
                    )
                  }
                />
                <ul aria-label={`Events on ${dayName}`}>
                  {d.timed.map((item) => {
                    const start = minutesInto(d.date, item.start, p.zone);
                    const end = Math.max(minutesInto(d.date, item.end, p.zone), start + SNAP_MIN);
                    const g = grab?.key === item.key ? grab : null;
                    const dragging =
                      drag?.item?.key === item.key && drag.preview && drag.mode !== "create";
                    return (
                      <li
                        key={item.key}
                        className="absolute"
                        style={{
                          top: start * MIN_PX,
                          height: (end - start) * MIN_PX,
                          left: `calc(${(item.col / item.cols) * 100}% + 1px)`,
                          width: `calc(${100 / item.cols}% - 3px)`,
                          opacity:
                            dragging || (g && (g.day !== day || g.start !== start || g.end !== end))
                              ? 0.35
                              : 1,
                        }}
                      >
                        <GridBlock
                          item={item}
                          zone={p.zone}
                          selected={selected === item.key || g !== null}
                          highlighted={p.highlight.has(item.event.id)}
                          pending={p.pendingIds.has(item.seriesId ?? item.event.id)}
                          taskTitle={
                            item.event.taskId ? p.taskTitles.get(item.event.taskId) : undefined
                          }
                          energy={
                            item.event.taskId ? p.taskEnergy.get(item.event.taskId) : undefined
                          }
                          onPointerDown={(e) => {
                            if (e.pointerType === "touch" && selected !== item.key) return;
                            startDrag(e, "move", item, day);
                          }}
                          onResizeDown={(e) => startDrag(e, "resize", item, day)}
                          onClick={(e) => {
                            // mouse clicks open through pointerup; a tap selects, a second opens
                            if (
                              (e.nativeEvent as PointerEvent["nativeEvent"]).pointerType !== "touch"
                            )
                              return;
                            e.stopPropagation();
                            if (selected === item.key) p.onOpen(item);
                            else setSelected(item.key);
                          }}
                          onKeyDown={(e) => itemKeyDown(e, item, day)}
                        />
                      </li>
                    );
                  })}
                </ul>
                <Ghost drag={drag} grab={grab} day={day} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

function Ghost(p: {
  drag: Drag | null;
  grab: { day: number; start: number; end: number } | null;
  day: number;
}) {
  const at = p.drag?.preview ?? p.grab;
  if (!at || at.day !== p.day) return null;
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-x-0.5 z-30 rounded-md border-2 border-sage-800 bg-sage-100/80"
      style={{ top: at.start * MIN_PX, height: (at.end - at.start) * MIN_PX }}
    >
      <span className="px-1 text-[11px] font-semibold text-sage-900">
        {DateTime.fromObject({ hour: 0 }).plus({ minutes: at.start }).toFormat("h:mm")}–
        {DateTime.fromObject({ hour: 0 }).plus({ minutes: at.end }).toFormat("h:mm a")}
      </span>
    </div>
  );
}

function slotLabel(date: string, start: number, length: number, zone: string): string {
  const s = DateTime.fromISO(date, { zone }).plus({ minutes: start });
  return `Empty slot ${s.toFormat("cccc h:mm a")} to ${s.plus({ minutes: length }).toFormat("h:mm a")}`;
}

const KIND_STYLE = {
  user: "border-sky-700 bg-sky-50 text-sky-950",
  sage: "border-sage-700 bg-sage-50 text-sage-950",
  external: "border-stone-500 bg-white text-stone-900",
  proposed: "border-2 border-dashed border-amber-700 bg-amber-50 text-amber-950",
} as const;

function GridBlock(p: {
  item: GridItem;
  zone: string;
  selected: boolean;
  highlighted: boolean;
  pending: boolean;
  taskTitle: string | undefined;
  energy: string | undefined;
  onPointerDown: (e: PointerEvent) => void;
  onResizeDown: (e: PointerEvent) => void;
  onClick: (e: React.MouseEvent) => void;
  onKeyDown: (e: KeyboardEvent) => void;
}) {
  const { item } = p;
  // the start as the browser's locale writes a time ("3:00 PM", "15:00"), like the chat
  const time = DateTime.fromJSDate(item.start, { zone: p.zone }).toLocaleString(
    DateTime.TIME_SIMPLE,
  );
  const color = item.color ? { borderLeftColor: item.color } : undefined;
  return (
    <div className="relative h-full">
      <button
        type="button"
        aria-label={itemLabel(item, p.zone, p.taskTitle)}
        aria-pressed={p.selected}
        data-kind={item.kind}
        data-event-id={item.event.id}
        title={item.event.why ? `Why here: ${item.event.why}` : undefined}
        className={`flex h-full w-full flex-col overflow-hidden rounded-md border-l-4 px-1.5 py-0.5 text-left text-xs shadow-sm select-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-stone-900 ${KIND_STYLE[item.kind]} ${p.selected ? "ring-2 ring-sage-800 [touch-action:none]" : ""} ${p.highlighted ? "ring-2 ring-amber-500" : ""} ${item.readOnly ? "cursor-default" : "cursor-grab"}`}
        style={color}
        onPointerDown={p.onPointerDown}
        onClick={p.onClick}
        onKeyDown={p.onKeyDown}
      >
        <span className="truncate font-semibold">
          {item.kind === "sage" ? "◆ " : ""}
          {item.event.title}
        </span>
        <span className="truncate text-[11px] opacity-80">
          {time}
          {item.kind === "sage" ? ` · Sage${p.energy ? ` · ${p.energy} energy` : ""}` : ""}
          {item.kind === "proposed" ? " · proposed" : ""}
          {item.seriesId ? " · repeats" : ""}
          {p.pending ? " · not synced" : ""}
        </span>
        {item.overlaps ? (
          <span className="truncate text-[11px] font-semibold text-red-800">Overlaps</span>
        ) : null}
      </button>
      {item.readOnly ? null : (
        <div
          aria-hidden="true"
          className="absolute inset-x-0 bottom-0 h-2 cursor-ns-resize [touch-action:none]"
          data-resize-handle=""
          onPointerDown={p.onResizeDown}
        />
      )}
    </div>
  );
}
