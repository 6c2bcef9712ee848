import type { Interval } from "./types.ts";

/** Removes `cut` from a sorted list of disjoint intervals; returns a new sorted list. */
export function subtract(free: readonly Interval[], cut: Interval): Interval[] {
  if (cut.end <= cut.start) return [...free];
  const out: Interval[] = [];
  for (const f of free) {
    if (cut.end <= f.start || cut.start >= f.end) {
      out.push(f);
      continue;
    }
    if (cut.start > f.start) out.push({ start: f.start, end: cut.start });
    if (cut.end < f.end) out.push({ start: cut.end, end: f.end });
  }
  return out;
}

export function overlaps(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

export function overlapLength(a: Interval, b: Interval): number {
  return Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
}

/** Sorts and merges overlapping or touching intervals. */
export function normalize(list: readonly Interval[]): Interval[] {
  const sorted = [...list].filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out.at(-1);
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ ...i });
  }
  return out;
}
