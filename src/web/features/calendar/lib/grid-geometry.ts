import { DateTime } from "luxon";
import type { PlanProfile } from "../../../../core/contract/plan-profile.ts";
import { type GridDay, type GridItem, profileBands } from "./week-layout.ts";

/**
 * The week grid's geometry, pure: where each block of a day goes (minimum heights, cascaded
 * overlaps, "+N" collapses), the all-day row's bars, and where the grid opens. The grid
 * component only draws what these return (decision 034).
 */

/** An hour: a 15-minute event is one line of text (16 px). */
export const HOUR_PX = 64;
export const MIN_PX = HOUR_PX / 60;
export const DAY_MIN = 24 * 60;
export const DAY_PX = 24 * HOUR_PX;
/** One line of the block's text (text-xs, leading-4): the shortest block drawn. */
export const LINE_PX = 16;
/** Below this a block shows one line (title and time side by side), above it two. */
export const TWO_LINES_PX = 2 * LINE_PX + 4;
/** Every drawn title keeps at least this share of its day column. */
export const MIN_TITLE_FRACTION = 0.6;
/** How far each level of a cascade steps in (less when the cascade is deep). */
export const CASCADE_STEP = 0.12;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Minutes from the day's midnight (in `zone`) to `d`, 0–1440. */
export function minutesInto(date: string, d: Date, zone: string): number {
  const midnight = DateTime.fromISO(date, { zone });
  return clamp(DateTime.fromJSDate(d, { zone }).diff(midnight, "minutes").minutes, 0, DAY_MIN);
}

/** The instant `minutes` after the day's midnight in `zone`. */
export function atMinutes(date: string, minutes: number, zone: string): Date {
  return DateTime.fromISO(date, { zone }).plus({ minutes }).toJSDate();
}

/** A timed item as a day column draws it. */
export type PlacedBlock = {
  item: GridItem;
  /** Pixels from the column's midnight; at least one line tall, inside the day. */
  top: number;
  height: number;
  /** Share of the column: the cascade's indent and what is left of the width. */
  left: number;
  width: number;
  /** Stacking order: later starts are drawn over earlier ones (whose titles stay clear). */
  layer: number;
  /** Too short for two lines: title and time share one. */
  compact: boolean;
  /** Overlaps another item in time: a quiet marker, and "overlaps" in its label. */
  overlaps: boolean;
  /** Items starting within this block's title line, collapsed into its "+N". */
  more: GridItem[];
  /** The event began on an earlier day or goes on past midnight (this is one day's part). */
  startsBefore: boolean;
  endsAfter: boolean;
};

/**
 * Places a day's timed items. Guarantees: every block is at least LINE_PX tall and lies
 * within the day; no block covers another's title line (items starting within one line of
 * each other collapse into the first one's "+N"); overlapping items cascade, each later one
 * indented and drawn above, and every block keeps at least MIN_TITLE_FRACTION of the width.
 */
export function placeDay(items: GridItem[], at: { date: string; zone: string }): PlacedBlock[] {
  const dayStart = DateTime.fromISO(at.date, { zone: at.zone });
  const dayEnd = dayStart.plus({ days: 1 });
  const drawn = items
    .map((item) => {
      const start = minutesInto(at.date, item.start, at.zone);
      const end = minutesInto(at.date, item.end, at.zone);
      const height = Math.max((end - start) * MIN_PX, LINE_PX);
      return {
        item,
        top: Math.min(start * MIN_PX, DAY_PX - height),
        height,
        startsBefore: item.start.getTime() < dayStart.toMillis(),
        endsAfter: item.end.getTime() > dayEnd.toMillis(),
      };
    })
    .sort(
      (a, b) =>
        a.top - b.top ||
        b.height - a.height ||
        a.item.event.title.localeCompare(b.item.event.title),
    );

  // groups of items starting within one line of the first: one title, the rest in "+N"
  const groups: { lead: (typeof drawn)[number]; more: GridItem[]; bottom: number }[] = [];
  for (const d of drawn) {
    const last = groups[groups.length - 1];
    if (last && d.top < last.lead.top + LINE_PX) {
      last.more.push(d.item);
      last.bottom = Math.max(last.bottom, d.top + d.height);
    } else groups.push({ lead: d, more: [], bottom: d.top + d.height });
  }

  // cascade: a group one level deeper than the deepest group still drawn where it starts
  const levels: number[] = [];
  const clusters: number[] = [];
  let cluster = -1;
  groups.forEach((g, i) => {
    let level = 0;
    let covered = false;
    for (let j = 0; j < i; j++) {
      if (groups[j]!.bottom > g.lead.top) {
        covered = true;
        level = Math.max(level, levels[j]! + 1);
      }
    }
    if (!covered) cluster++;
    levels.push(level);
    clusters.push(cluster);
  });
  const deepest = new Map<number, number>();
  for (const [i, l] of levels.entries()) {
    deepest.set(clusters[i]!, Math.max(deepest.get(clusters[i]!) ?? 0, l));
  }

  return groups.map((g, i) => {
    const depth = deepest.get(clusters[i]!)!;
    const step = depth ? Math.min(CASCADE_STEP, (1 - MIN_TITLE_FRACTION) / depth) : 0;
    const left = levels[i]! * step;
    return {
      item: g.lead.item,
      top: g.lead.top,
      height: g.lead.height,
      left,
      width: 1 - left,
      layer: i + 1,
      compact: g.lead.height < TWO_LINES_PX,
      overlaps: g.lead.item.overlaps || g.more.length > 0,
      more: g.more,
      startsBefore: g.lead.startsBefore,
      endsAfter: g.lead.endsAfter,
    };
  });
}

/** An all-day or multi-day item as one bar across the days it covers. */
export type AllDayBar = {
  item: GridItem;
  /** First and last day index covered (inclusive) and the row (lane) it sits in. */
  from: number;
  to: number;
  lane: number;
  startsBefore: boolean;
  endsAfter: boolean;
};

/**
 * The all-day row: each item of the days' `allDay` lists becomes one bar from its first to
 * its last shown day, packed into the fewest lanes (longest first, as calendars do).
 */
export function allDayBars(days: GridDay[]): AllDayBar[] {
  const spans = new Map<string, { item: GridItem; from: number; to: number }>();
  days.forEach((d, i) => {
    for (const item of d.allDay) {
      const s = spans.get(item.key);
      if (s) s.to = i;
      else spans.set(item.key, { item, from: i, to: i });
    }
  });
  const first = days[0]?.date;
  const last = days[days.length - 1]?.date;
  const sorted = [...spans.values()].sort(
    (a, b) =>
      a.from - b.from ||
      b.to - b.from - (a.to - a.from) ||
      a.item.start.getTime() - b.item.start.getTime(),
  );
  const laneEnds: number[] = [];
  return sorted.map((s) => {
    let lane = laneEnds.findIndex((end) => end < s.from);
    if (lane === -1) lane = laneEnds.push(s.to) - 1;
    else laneEnds[lane] = s.to;
    return {
      ...s,
      lane,
      startsBefore: s.from === 0 && dateOf(s.item, "start") < first!,
      endsAfter: s.to === days.length - 1 && dateOf(s.item, "end") > last!,
    };
  });
}

/** Lanes of the all-day row shown before "+N" (more would push the day off a phone). */
export const ALL_DAY_LANES = 2;

/** For each shown day, how many all-day bars lie below the first `lanes` lanes. */
export function allDayOverflow(bars: AllDayBar[], dayCount: number, lanes = ALL_DAY_LANES) {
  const hidden = Array.from({ length: dayCount }, () => 0);
  for (const b of bars) {
    if (b.lane < lanes) continue;
    for (let d = b.from; d <= b.to; d++) hidden[d]!++;
  }
  return hidden;
}

/** The first or last calendar date an item covers (all-day items by their UTC date). */
function dateOf(item: GridItem, edge: "start" | "end"): string {
  const zone = item.event.allDay ? "utc" : undefined;
  if (edge === "start") return DateTime.fromJSDate(item.start, { zone }).toISODate()!;
  // the end is exclusive: an event ending at midnight ends the day before
  return DateTime.fromJSDate(new Date(item.end.getTime() - 1), { zone }).toISODate()!;
}

/** Half an hour above what the grid opens on, so it is not flush with the edge. */
const MARGIN_MIN = 30;

/**
 * Where the grid opens (scrollTop, px): on the earliest timed event of the shown days or
 * the start of the working day, whichever comes first (8 AM without a profile); when today
 * is shown, moved as little as needed to keep now in view.
 */
export function openingScroll(p: {
  days: GridDay[];
  zone: string;
  profile: PlanProfile | null;
  now: Date;
  /** The scroller's height in px. */
  viewport: number;
}): number {
  let first = Number.POSITIVE_INFINITY;
  for (const d of p.days) {
    for (const item of d.timed) first = Math.min(first, minutesInto(d.date, item.start, p.zone));
  }
  const workStarts = p.days
    .map((d) => profileBands(p.profile, DateTime.fromISO(d.date).weekday).working?.start)
    .filter((h): h is number => h !== undefined);
  const work = workStarts.length
    ? Math.min(...workStarts) * 60
    : p.profile
      ? p.profile.workingHours.start
      : 8 * 60;
  let top = (Math.min(first, work) - MARGIN_MIN) * MIN_PX;
  const today = DateTime.fromJSDate(p.now, { zone: p.zone });
  if (p.days.some((d) => d.date === today.toISODate())) {
    // now to the half hour, so the view does not creep each minute
    const nowMin = Math.floor(today.diff(today.startOf("day"), "minutes").minutes / 30) * 30;
    const margin = MARGIN_MIN * MIN_PX;
    const y = nowMin * MIN_PX;
    if (y < top + margin) top = y - margin;
    else if (y > top + p.viewport - margin) top = y + margin - p.viewport;
  }
  return clamp(Math.round(top), 0, Math.max(0, DAY_PX - p.viewport));
}
