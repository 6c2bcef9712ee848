import { IANAZone } from "luxon";

/**
 * Sage's one rule for a local (wall-clock) time in a zone, used by its own series and by
 * connected calendars alike, as RFC 5545 §3.3.5 says: a time the DST change repeats (01:30
 * on the night clocks go back) is its first occurrence, the earlier instant; a time it
 * skips (02:30 on the night clocks go forward) takes the offset before the gap, so it lands
 * an hour later on the clock (03:30).
 * Pure and free of ical.js, so the web's calendar can use it too.
 */

const QUARTER_HOUR = 15 * 60_000;
const offsetCache = new Map<string, Map<number, number>>();

/**
 * A zone's UTC offset (minutes) at an instant, from Luxon, cached per 15-minute bucket:
 * zone transitions fall on quarter hours, and Luxon's offset lookup (Intl formatting) was
 * most of an expansion's time. The cache is bounded.
 */
function offsetAt(zone: string, ms: number): number {
  let byBucket = offsetCache.get(zone);
  if (!byBucket) {
    if (offsetCache.size > 500) offsetCache.clear();
    byBucket = new Map();
    offsetCache.set(zone, byBucket);
  }
  const bucket = Math.floor(ms / QUARTER_HOUR);
  let offset = byBucket.get(bucket);
  if (offset === undefined) {
    if (byBucket.size > 200_000) byBucket.clear();
    offset = IANAZone.create(zone).offset(bucket * QUARTER_HOUR);
    byBucket.set(bucket, offset);
  }
  return offset;
}

/**
 * Wall clock (as if UTC) → instant in a zone, as RFC 5545 §3.3.5 says: a local time that
 * occurs twice (fall back) is its first occurrence; one that does not occur (spring
 * forward) is read with the offset before the gap. Assumes at most one transition within a
 * day either side, true of every zone.
 */
export function localToUtc(localMs: number, zone: string): number {
  const before = offsetAt(zone, localMs - 86_400_000);
  const after = offsetAt(zone, localMs + 86_400_000);
  const early = localMs - before * 60_000;
  const late = localMs - after * 60_000;
  const earlyValid = offsetAt(zone, early) === before;
  const lateValid = offsetAt(zone, late) === after;
  if (earlyValid && lateValid) return Math.min(early, late);
  if (earlyValid) return early;
  if (lateValid) return late;
  return early; // in the gap: the offset before it
}
