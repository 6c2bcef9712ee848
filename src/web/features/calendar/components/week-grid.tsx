import { DateTime } from "luxon";
import { type KeyboardEvent, type PointerEvent, useMemo, useRef, useState } from "react";
import { dayLabel, timeLabel, weekdayLabel } from "../../../lib/date-label.ts";
import { userLocale } from "../../../lib/user-locale.ts";
import { type Grab, useGridKeyboard } from "../hooks/use-grid-keyboard.ts";
import { type Drag, useGridPointer } from "../hooks/use-grid-pointer.ts";
import { useOpeningScroll } from "../hooks/use-opening-scroll.ts";
import { clockLabel, clockRangeLabel } from "../lib/clock-label.ts";
import {
  ALL_DAY_LANES,
  type AllDayBar,
  allDayBars,
  allDayOverflow,
  DAY_PX,
  HOUR_PX,
  MIN_PX,
  openingScroll,
  type PlacedBlock,
  placeDay,
} from "../lib/grid-geometry.ts";
import { slotLabel, snap, spanTimes } from "../lib/grid-moves.ts";
import {
  type GridDay,
  type GridItem,
  itemLabel,
  profileBands,
  type ShadedProfile,
  timeFixed,
} from "../lib/week-layout.ts";
import { OverlapMark } from "./overlap-mark.tsx";

const HOURS = Array.from({ length: 24 }, (_, h) => h);

type Props = {
  days: GridDay[];
  zone: string;
  now: Date;
  /** How you work, with the hours Sage plans with (learned or stated) for the shading. */
  profile: ShadedProfile | null;
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

/** "Thursday, November 26" in the person's locale, as the other dates on the screen. */
const longDay = (date: string) => dayLabel(date, { style: "long" });
const hourLabel = (h: number) => clockLabel(h * 60, userLocale(), { minutes: false });

/**
 * The time grid of a week, three days or a day: drawn from lib/grid-geometry.ts (minimum
 * heights, cascaded overlaps, "+N", the all-day row, where it opens), driven by the pointer
 * (hooks/use-grid-pointer.ts: drag to move, drag the lower edge to resize, drag empty time
 * to create; on touch a tap selects first, so a finger can still scroll) and the keyboard
 * (hooks/use-grid-keyboard.ts: Space picks an item up, arrows move it, Enter puts it down;
 * a column's slot button adds an event).
 */
export function WeekGrid(p: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const columns = useRef<(HTMLDivElement | null)[]>([]);
  const slots = useRef<(HTMLButtonElement | null)[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [openMore, setOpenMore] = useState<string | null>(null);

  // the keyboard's slot starts on the working day (or 8 AM)
  const slotStart = p.profile ? Math.floor(p.profile.workingHours.start / 60) * 60 : 8 * 60;
  const pointer = useGridPointer({ ...p, selected, columns });
  const keys = useGridKeyboard({ ...p, slotStart, slots });
  const { days, zone, profile, now } = p;
  const opening = useOpeningScroll(scroller, `${days[0]?.date}/${days.length}`, (viewport) =>
    openingScroll({ days, zone, profile, now, viewport }),
  );

  const placed = useMemo(
    () => days.map((d) => placeDay(d.timed, { date: d.date, zone })),
    [days, zone],
  );
  const bars = useMemo(() => allDayBars(days), [days]);

  // the "now" line moves with the clock
  const nowAt = DateTime.fromJSDate(now, { zone });
  const today = nowAt.toISODate();
  const nowMinutes = nowAt.diff(nowAt.startOf("day"), "minutes").minutes;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex border-b border-stone-200 bg-white pr-2" aria-hidden="true">
        <div className="w-12 shrink-0" />
        {days.map((d) => {
          const dt = DateTime.fromISO(d.date);
          return (
            <div key={d.date} className="min-w-0 flex-1 py-1.5 text-center text-xs">
              <div className="text-stone-600">
                {weekdayLabel(new Date(`${d.date}T12:00:00Z`), { zone: "UTC" }, "short")}
              </div>
              <div
                className={`mx-auto mt-0.5 flex h-7 w-7 items-center justify-center rounded-full text-sm font-semibold ${d.date === today ? "bg-sage-700 text-white" : "text-stone-900"}`}
              >
                {dt.day}
              </div>
            </div>
          );
        })}
      </div>
      {bars.length ? <AllDayRow bars={bars} days={days} zone={zone} onOpen={p.onOpen} /> : null}
      <div
        ref={scroller}
        className="relative min-h-0 flex-1 overflow-y-auto [touch-action:pan-y]"
        onPointerDownCapture={(e) => {
          opening.hold();
          // a "+N" list closes when the person points anywhere else
          if (!(e.target as Element).closest("[data-more]")) setOpenMore(null);
        }}
        onWheel={opening.hold}
        onKeyDownCapture={opening.hold}
        onScroll={opening.onScroll}
        onPointerMove={pointer.onPointerMove}
        onPointerUp={pointer.onPointerUp}
        onPointerCancel={pointer.onPointerCancel}
      >
        <div className="relative flex" style={{ height: DAY_PX }}>
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
          {days.map((d, day) => {
            const { working, bands } = profileBands(profile, DateTime.fromISO(d.date).weekday);
            const dayName = longDay(d.date);
            const slot = keys.slotFor(day);
            return (
              // biome-ignore lint/a11y/noStaticElementInteractions: pointer gestures on the grid; the keyboard uses the slot button inside
              // biome-ignore lint/a11y/useKeyWithClickEvents: the slot button is the keyboard's way to add
              <div
                key={d.date}
                ref={(el) => {
                  columns.current[day] = el;
                }}
                className="relative min-w-0 flex-1 border-l border-stone-200"
                onPointerDown={(e) => pointer.startDrag(e, "create", null, day)}
                onClick={(e) => {
                  // a tap on empty time on a phone adds an hour there
                  if ((e.nativeEvent as PointerEvent["nativeEvent"]).pointerType !== "touch")
                    return;
                  if (e.target !== e.currentTarget) return;
                  const m = snap(pointer.minutesAt(day, e.clientY) - 30);
                  const t = spanTimes(d.date, { start: m, end: m + 60 }, zone);
                  p.onCreate(t.start, t.end);
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
                ) : profile ? (
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
                    data-now-line=""
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
                  aria-label={`${slotLabel(d.date, slot.start, slot.length, zone)}. Press Enter to add an event; arrows choose the time, Shift with arrows the length.`}
                  onKeyDown={(e) => keys.columnKeyDown(e, day)}
                  onClick={() => {
                    const t = spanTimes(
                      d.date,
                      { start: slot.start, end: slot.start + slot.length },
                      zone,
                    );
                    p.onCreate(t.start, t.end);
                  }}
                />
                <ul aria-label={`Events on ${dayName}`}>
                  {placed[day]!.map((block) => (
                    <GridBlock
                      key={block.item.key}
                      block={block}
                      day={day}
                      p={p}
                      drag={pointer.drag}
                      grab={keys.grab}
                      selected={selected}
                      moreOpen={openMore === block.item.key}
                      onMore={(open) => setOpenMore(open ? block.item.key : null)}
                      onSelect={setSelected}
                      startDrag={pointer.startDrag}
                      itemKeyDown={keys.itemKeyDown}
                    />
                  ))}
                </ul>
                <Ghost drag={pointer.drag} grab={keys.grab} day={day} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/**
 * All-day and multi-day items: one bar from the first to the last shown day each covers.
 * Past ALL_DAY_LANES lanes, each day says "+N" and opens the whole row.
 */
function AllDayRow(p: {
  bars: AllDayBar[];
  days: GridDay[];
  zone: string;
  onOpen: (item: GridItem) => void;
}) {
  const [open, setOpen] = useState(false);
  const hidden = allDayOverflow(p.bars, p.days.length);
  const folded = !open && hidden.some((n) => n > 0);
  const shown = folded ? p.bars.filter((b) => b.lane < ALL_DAY_LANES) : p.bars;
  return (
    <div className="flex border-b border-stone-200 bg-white pr-2">
      <div className="flex w-12 shrink-0 flex-col items-end py-1 pr-1 text-[10px] text-stone-600">
        all day
        {open ? (
          <button type="button" className="underline" onClick={() => setOpen(false)}>
            fewer
          </button>
        ) : null}
      </div>
      <ul
        aria-label="All day"
        className="grid min-w-0 flex-1 gap-0.5 p-0.5"
        style={{ gridTemplateColumns: `repeat(${p.days.length}, minmax(0, 1fr))` }}
      >
        {shown.map((b) => (
          <li
            key={b.item.key}
            className="min-w-0"
            style={{ gridColumn: `${b.from + 1} / ${b.to + 2}`, gridRow: b.lane + 1 }}
          >
            <button
              type="button"
              data-kind={b.item.kind}
              data-event-id={b.item.event.id}
              title={b.item.event.why ? `Why here: ${b.item.event.why}` : undefined}
              className={`block w-full truncate border-l-4 px-1.5 text-left text-xs leading-5 font-semibold focus-visible:outline-2 focus-visible:outline-sage-800 ${KIND_STYLE[b.item.kind]} ${b.startsBefore ? "rounded-r" : b.endsAfter ? "rounded-l" : "rounded"}`}
              style={b.item.color ? { borderLeftColor: b.item.color } : undefined}
              aria-label={itemLabel(b.item, p.zone)}
              onClick={() => p.onOpen(b.item)}
            >
              {b.startsBefore ? "◂ " : ""}
              {b.item.event.title}
              {b.endsAfter ? " ▸" : ""}
            </button>
          </li>
        ))}
        {folded
          ? hidden.map((n, day) =>
              n ? (
                <li
                  key={p.days[day]!.date}
                  style={{ gridColumn: `${day + 1} / ${day + 2}`, gridRow: ALL_DAY_LANES + 1 }}
                >
                  <button
                    type="button"
                    className="w-full rounded px-1 text-left text-[11px] leading-4 font-semibold text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-sage-800"
                    aria-label={`${n} more all day on ${longDay(p.days[day]!.date)}`}
                    onClick={() => setOpen(true)}
                  >
                    +{n}
                  </button>
                </li>
              ) : null,
            )
          : null}
      </ul>
    </div>
  );
}

function Ghost(p: { drag: Drag | null; grab: Grab | null; day: number }) {
  const at = p.drag?.preview ?? p.grab;
  if (!at || at.day !== p.day) return null;
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-x-0.5 z-30 rounded-md border-2 border-sage-800 bg-sage-100/80"
      style={{ top: at.start * MIN_PX, height: (at.end - at.start) * MIN_PX }}
    >
      <span className="px-1 text-[11px] font-semibold text-sage-900">
        {clockRangeLabel(at.start, at.end, userLocale())}
      </span>
    </div>
  );
}

const KIND_STYLE = {
  user: "border-sky-700 bg-sky-50 text-sky-950",
  sage: "border-sage-700 bg-sage-50 text-sage-950",
  external: "border-stone-500 bg-white text-stone-900",
  // a 1 px dash, so a one-line proposal keeps its line
  proposed: "border border-l-4 border-dashed border-amber-700 bg-amber-50 text-amber-950",
} as const;

function GridBlock(x: {
  block: PlacedBlock;
  day: number;
  p: Props;
  drag: Drag | null;
  grab: Grab | null;
  selected: string | null;
  moreOpen: boolean;
  onMore: (open: boolean) => void;
  onSelect: (key: string) => void;
  startDrag: ReturnType<typeof useGridPointer>["startDrag"];
  itemKeyDown: (e: KeyboardEvent, item: GridItem, day: number) => void;
}) {
  const { block, p, day } = x;
  const { item } = block;
  const g = x.grab?.key === item.key ? x.grab : null;
  const dragging = x.drag?.item?.key === item.key && x.drag.preview && x.drag.mode !== "create";
  const moved = g && (g.day !== g.from.day || g.start !== g.from.start || g.end !== g.from.end);
  const taskId = item.event.taskId;
  const energy = taskId ? p.taskEnergy.get(taskId) : undefined;
  const pending = p.pendingIds.has(item.seriesId ?? item.event.id);
  const isSelected = x.selected === item.key || g !== null;
  // the start as the browser's locale writes a time ("3:00 PM", "15:00"), like the chat
  const clock = (d: Date) => timeLabel(d, { zone: p.zone });
  const time = block.startsBefore ? `until ${clock(item.end)}` : clock(item.start);
  const ring = isSelected
    ? "ring-2 ring-sage-800 [touch-action:none]"
    : p.highlight.has(item.event.id)
      ? "ring-2 ring-amber-500"
      : block.left > 0
        ? "ring-1 ring-white"
        : "";
  return (
    <li
      className="absolute"
      style={{
        top: block.top,
        height: block.height,
        left: `calc(${block.left * 100}% + 1px)`,
        width: `calc(${block.width * 100}% - 3px)`,
        opacity: dragging || moved ? 0.35 : 1,
        zIndex: x.moreOpen ? 40 : undefined,
      }}
    >
      <button
        type="button"
        aria-label={itemLabel(item, p.zone, taskId ? p.taskTitles.get(taskId) : undefined)}
        aria-pressed={isSelected}
        data-kind={item.kind}
        data-event-id={item.event.id}
        title={item.event.why ? `Why here: ${item.event.why}` : undefined}
        className={`flex h-full w-full overflow-hidden rounded-md border-l-4 px-1 text-left text-xs leading-4 shadow-sm select-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-stone-900 ${block.compact ? "flex-wrap content-start gap-x-1 py-0" : "flex-col py-0.5"} ${block.more.length ? "pr-7" : ""} ${block.startsBefore ? "rounded-t-none" : ""} ${block.endsAfter ? "rounded-b-none" : ""} ${KIND_STYLE[item.kind]} ${ring} ${item.readOnly ? "cursor-default" : timeFixed(item) ? "cursor-pointer" : "cursor-grab"}`}
        style={item.color ? { borderLeftColor: item.color } : undefined}
        onPointerDown={(e) => {
          if (e.pointerType === "touch" && x.selected !== item.key) return;
          x.startDrag(e, "move", item, day);
        }}
        onClick={(e) => {
          // mouse clicks open through pointerup; a tap selects, a second opens
          if ((e.nativeEvent as PointerEvent["nativeEvent"]).pointerType !== "touch") return;
          e.stopPropagation();
          if (x.selected === item.key) p.onOpen(item);
          else x.onSelect(item.key);
        }}
        onKeyDown={(e) => x.itemKeyDown(e, item, day)}
      >
        {/* one line: the title first, whole if it fits; a time that does not fit wraps out of sight */}
        <span
          className={`truncate font-semibold ${block.compact ? "max-w-full shrink-0" : "min-w-0"}`}
          data-block-title=""
        >
          {item.kind === "sage" ? "◆ " : ""}
          {item.event.title}
        </span>
        <span
          className={`flex items-center gap-1 text-[11px] opacity-80 ${block.compact ? "max-w-full shrink-0" : "min-w-0"}`}
        >
          <span className="min-w-0 truncate">
            {time}
            {item.kind === "sage" ? ` · Sage${energy ? ` · ${energy} energy` : ""}` : ""}
            {item.kind === "proposed" ? " · proposed" : ""}
            {item.seriesId ? " · repeats" : ""}
            {pending ? " · not synced" : ""}
          </span>
          {block.overlaps ? <OverlapMark /> : null}
        </span>
      </button>
      {timeFixed(item) || block.endsAfter ? null : (
        <div
          aria-hidden="true"
          className="absolute inset-x-0 bottom-0 h-1.5 cursor-ns-resize [touch-action:none]"
          data-resize-handle=""
          onPointerDown={(e) => x.startDrag(e, "resize", item, day)}
        />
      )}
      {block.more.length ? (
        <MoreEvents x={x} label={`${block.more.length} more at ${time}`} />
      ) : null}
    </li>
  );
}

/** The "+N" of a block: the items starting within its title line, listed on demand. */
function MoreEvents({ x, label }: { x: Parameters<typeof GridBlock>[0]; label: string }) {
  const { block, p, day } = x;
  return (
    <>
      <button
        type="button"
        className="absolute top-0 right-0.5 h-4 rounded bg-white/90 px-1 text-[11px] leading-4 font-semibold text-stone-800 ring-1 ring-stone-300 focus-visible:outline-2 focus-visible:outline-stone-900"
        aria-expanded={x.moreOpen}
        data-more=""
        aria-label={`${label}: ${block.more.map((m) => m.event.title).join(", ")}`}
        onPointerDown={(e) => e.stopPropagation()}
        onClick={() => x.onMore(!x.moreOpen)}
        onKeyDown={(e) => {
          if (e.key === "Escape") x.onMore(false);
        }}
      >
        +{block.more.length}
      </button>
      {x.moreOpen ? (
        <ul
          aria-label={label}
          data-more=""
          className="absolute top-5 right-0 z-40 w-max max-w-[16rem] space-y-0.5 rounded-md bg-white p-1 shadow-lg ring-1 ring-stone-300"
        >
          {block.more.map((item) => (
            <li key={item.key}>
              <button
                type="button"
                aria-label={itemLabel(item, p.zone)}
                data-kind={item.kind}
                data-event-id={item.event.id}
                title={item.event.why ? `Why here: ${item.event.why}` : undefined}
                className={`block w-full truncate rounded border-l-4 px-1.5 text-left text-xs leading-5 font-semibold focus-visible:outline-2 focus-visible:outline-stone-900 ${KIND_STYLE[item.kind]}`}
                onPointerDown={(e) => e.stopPropagation()}
                onClick={() => {
                  x.onMore(false);
                  p.onOpen(item);
                }}
                onKeyDown={(e) => {
                  // Escape closes the list, unless it puts a picked-up item back
                  if (e.key === "Escape" && x.grab?.key !== item.key) x.onMore(false);
                  else x.itemKeyDown(e, item, day);
                }}
              >
                {item.event.title}{" "}
                <span className="font-normal opacity-80">
                  {timeLabel(item.start, { zone: p.zone })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
