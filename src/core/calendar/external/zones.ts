import ICAL from "ical.js";
import { IANAZone } from "luxon";
import { localToUtc } from "../local-time.ts";
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
 * The instant (ms) of a wall-clock DATE-TIME in its zone, by Sage's one rule for local
 * times (src/core/calendar/local-time.ts): the skipped hour moves forward, the repeated
 * hour is its first occurrence.
 */
export function wallToInstant(wall: WallTime, zone: string | ZoneRef): number {
  if (typeof zone !== "string" && "vtimezone" in zone) {
    const time = ICAL.Time.fromData({ ...wall, isDate: false }, icalZone(zone.vtimezone));
    return time.toUnixTime() * 1000;
  }
  const name = typeof zone === "string" ? zone : zone.iana;
  return localToUtc(wallAsUtc({ ...wall, isDate: false }), name);
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
