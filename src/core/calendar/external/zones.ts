import ICAL from "ical.js";
import { IANAZone } from "luxon";
import type { JCal, ZoneRef } from "./types.ts";
import { WINDOWS_ZONES } from "./windows-zones.ts";

/** A wall-clock reading of a DATE or DATE-TIME value, before any zone is applied. */
export type WallTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  isDate: boolean;
};

/** Where a value's wall-clock time lives. */
export type TimeZoneOf = { kind: "utc" } | { kind: "floating" } | { kind: "tzid"; tzid: string };

const isIana = (name: string) => IANAZone.isValidZone(name);

/**
 * The IANA zone a TZID names, if any: an IANA name itself, a Windows name (Outlook), or a
 * prefixed IANA name (`/mozilla.org/20050126_1/Europe/Berlin`, `/freeassociation.sourceforge.net/...`).
 */
export function ianaForTzid(raw: string): string | undefined {
  const tzid = raw.trim().replace(/^"|"$/g, "");
  if (isIana(tzid)) return tzid;
  const windows = WINDOWS_ZONES[tzid];
  if (windows) return windows;
  // a path whose tail is an IANA name (Area/City or Area/Sub/City)
  const parts = tzid.split("/").filter(Boolean);
  for (let take = Math.min(3, parts.length); take >= 1; take--) {
    const tail = parts.slice(-take).join("/");
    if (tail.includes("/") && isIana(tail)) return tail;
  }
  return fromDisplayName(tzid);
}

let byCity: Map<string, string> | undefined;

/**
 * Outlook's display names, "(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna":
 * the first city that names an IANA zone (Europe/Amsterdam) gives the zone, DST rules and
 * all. Names without such a city resolve to nothing (the VTIMEZONE, then floating).
 */
function fromDisplayName(tzid: string): string | undefined {
  const m = /^\((?:UTC|GMT)(?:[+-]\d{1,2}:?\d{2})?\)\s*(.+)$/i.exec(tzid);
  if (!m) return undefined;
  if (!byCity) {
    byCity = new Map();
    const zones =
      typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    for (const zone of zones) {
      const city = zone.split("/").at(-1);
      if (city && zone.includes("/")) byCity.set(city.toLowerCase(), zone);
    }
  }
  for (const name of m[1]!.split(/\s*[,&]\s*/)) {
    const zone = byCity.get(name.trim().replace(/\s+/g, "_").toLowerCase());
    if (zone) return zone;
  }
  return undefined;
}

/**
 * How to read each TZID of a calendar: its IANA zone when the name tells it; otherwise
 * the calendar's VTIMEZONE for that id (its X-LIC-LOCATION first, Outlook's "Customized
 * Time Zone" by its rules). A TZID neither names nor defines is left out: read as floating.
 */
export function resolveZones(
  tzids: Iterable<string>,
  vtimezones: ReadonlyMap<string, JCal>,
): Record<string, ZoneRef> {
  const out: Record<string, ZoneRef> = {};
  for (const tzid of tzids) {
    const iana = ianaForTzid(tzid);
    if (iana) {
      out[tzid] = { iana };
      continue;
    }
    const vtimezone = vtimezones.get(tzid);
    if (!vtimezone) continue;
    const location = new ICAL.Component(vtimezone).getFirstPropertyValue("x-lic-location");
    const fromLocation = typeof location === "string" ? ianaForTzid(location) : undefined;
    out[tzid] = fromLocation ? { iana: fromLocation } : { vtimezone };
  }
  return out;
}

const vtimezoneCache = new WeakMap<JCal, ICAL.Timezone>();

function icalZone(jcal: JCal): ICAL.Timezone {
  let zone = vtimezoneCache.get(jcal);
  if (!zone) {
    zone = new ICAL.Timezone({ component: new ICAL.Component(jcal) });
    vtimezoneCache.set(jcal, zone);
  }
  return zone;
}

/**
 * The instant (ms) of a wall-clock DATE-TIME in its zone. A time that does not exist (the
 * hour skipped by a DST change) moves forward, an ambiguous one takes the earlier offset —
 * what Luxon and most calendar clients do.
 */
export function wallToInstant(wall: WallTime, zone: string | ZoneRef): number {
  if (typeof zone !== "string" && "vtimezone" in zone) {
    const time = ICAL.Time.fromData({ ...wall, isDate: false }, icalZone(zone.vtimezone));
    return time.toUnixTime() * 1000;
  }
  const name = typeof zone === "string" ? zone : zone.iana;
  return localToUtc(wallAsUtc({ ...wall, isDate: false }), name);
}

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
function localToUtc(localMs: number, zone: string): number {
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

/** The wall clock as if it were UTC: the frame recurrence rules are expanded in. */
export const wallAsUtc = (w: WallTime): number =>
  Date.UTC(
    w.year,
    w.month - 1,
    w.day,
    w.isDate ? 0 : w.hour,
    w.isDate ? 0 : w.minute,
    w.isDate ? 0 : w.second,
  );

export function wallFromUtcMs(ms: number, isDate: boolean): WallTime {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    isDate,
  };
}
