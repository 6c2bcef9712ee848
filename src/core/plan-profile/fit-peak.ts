import type { EnergyLevel } from "../contract/productivity.ts";

type Window = { start: number; end: number; level: EnergyLevel };
type Range = { start: number; end: number };

/**
 * Moves a peak window that lies outside the working hours inside them, and says where it
 * went. Any unit (hours or minutes), as long as both arguments share it. A peak that
 * overlaps the hours keeps its overlap ("8–11" with hours from 9 → 9–11); a peak wholly
 * before the hours becomes their first stretch of the same length, one after them their
 * last. Other windows give way where the moved peak now lies. Pure; windows stay sorted.
 *
 * Why move the peak and not the hours: the hours are a constraint of the person's life
 * (school, a job), the peak a tendency; planning hard work at 5 AM for someone who said they
 * work from 9 would break the one to honour the other (decision 031).
 */
export function fitPeakIntoHours(
  windows: readonly Window[],
  hours: Range,
): { windows: Window[]; moved: { from: Range; to: Range } | null } {
  const peak = windows.find((w) => w.level === "peak");
  const sorted = [...windows].map((w) => ({ ...w })).sort((a, b) => a.start - b.start);
  if (!peak || (peak.start >= hours.start && peak.end <= hours.end)) {
    return { windows: sorted, moved: null };
  }
  const length = peak.end - peak.start;
  const overlapStart = Math.max(peak.start, hours.start);
  const overlapEnd = Math.min(peak.end, hours.end);
  const to: Range =
    overlapEnd > overlapStart
      ? { start: overlapStart, end: overlapEnd }
      : peak.end <= hours.start
        ? { start: hours.start, end: Math.min(hours.end, hours.start + length) }
        : { start: Math.max(hours.start, hours.end - length), end: hours.end };
  const rest = sorted
    .filter((w) => w !== undefined && !(w.level === "peak" && w.start === peak.start))
    .flatMap((w) => carve(w, to));
  const next = [...rest, { ...to, level: "peak" as const }].sort((a, b) => a.start - b.start);
  return { windows: next, moved: { from: { start: peak.start, end: peak.end }, to } };
}

/** `w` without the part that `cut` covers: zero, one or two pieces. */
function carve(w: Window, cut: Range): Window[] {
  if (w.end <= cut.start || w.start >= cut.end) return [w];
  const pieces: Window[] = [];
  if (w.start < cut.start) pieces.push({ ...w, end: cut.start });
  if (w.end > cut.end) pieces.push({ ...w, start: cut.end });
  return pieces;
}
