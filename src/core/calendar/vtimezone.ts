import { DateTime } from "luxon";

const MINUTE = 60_000;
const WEEK = 7 * 86_400_000;

const offsetAt = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).offset;

/** The first millisecond (to the minute) in (lo, hi] whose offset differs from the one at lo. */
function findTransition(lo: number, hi: number, zone: string): number {
  const before = offsetAt(lo, zone);
  let a = lo;
  let b = hi;
  while (b - a > MINUTE) {
    const mid = a + Math.max(1, Math.floor((b - a) / 2 / MINUTE)) * MINUTE;
    if (offsetAt(mid, zone) === before) a = mid;
    else b = mid;
  }
  return b;
}

/** Every offset change in [fromMs, toMs), found by weekly steps and a binary search. */
export function offsetTransitions(zone: string, fromMs: number, toMs: number): number[] {
  const found: number[] = [];
  let at = fromMs;
  let offset = offsetAt(at, zone);
  while (at < toMs) {
    const next = Math.min(at + WEEK, toMs);
    const nextOffset = offsetAt(next, zone);
    if (nextOffset !== offset) {
      const t = findTransition(at, next, zone);
      found.push(t);
      at = t;
      offset = offsetAt(t, zone);
    } else {
      at = next;
    }
  }
  return found;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** ±HHMM (±HHMMSS when the offset has seconds), as TZOFFSETFROM/TO want it. */
function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  const whole = Math.floor(abs);
  const seconds = Math.round((abs - whole) * 60);
  return `${sign}${pad(Math.floor(whole / 60))}${pad(whole % 60)}${seconds ? pad(seconds) : ""}`;
}

/** Local wall time written without a zone: the observance's DTSTART. */
function formatLocal(ms: number, offsetMinutes: number): string {
  const d = new Date(ms + offsetMinutes * MINUTE);
  return (
    `${String(d.getUTCFullYear()).padStart(4, "0")}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
}

/** Locales whose short zone names are the common abbreviations of their regions. */
const NAME_LOCALES = ["en-US", "en-GB", "en-AU", "en-IN", "en-NZ", "en-ZA", "en-CA", "en-IE"];

/**
 * The observance's TZNAME: the zone's usual abbreviation (CET, CEST, EDT, AEST, IST) where a
 * locale knows one, not the "GMT+1" a single locale falls back to; else the offset (+0530).
 */
function zoneName(zone: string, at: number, offset: number): string {
  for (const locale of NAME_LOCALES) {
    const name = DateTime.fromMillis(at, { zone, locale }).offsetNameShort;
    if (name && !/^(GMT|UTC)[+-−]/.test(name)) return name;
  }
  return formatOffset(offset);
}

function observance(zone: string, at: number, from: number, to: number): string[] {
  const dt = DateTime.fromMillis(at, { zone });
  const kind = dt.isInDST ? "DAYLIGHT" : "STANDARD";
  return [
    `BEGIN:${kind}`,
    `DTSTART:${formatLocal(at, from)}`,
    `TZOFFSETFROM:${formatOffset(from)}`,
    `TZOFFSETTO:${formatOffset(to)}`,
    `TZNAME:${zoneName(zone, at, to)}`,
    `END:${kind}`,
  ];
}

/**
 * A VTIMEZONE for an IANA zone that lists every offset change between the start of
 * `fromYear` and the end of `toYear` explicitly (computed from the runtime's tz database
 * by Luxon), so a parser that honours VTIMEZONE gets the same instants as one that only
 * reads the TZID name. After the last listed change the last offset holds.
 */
export function buildVTimezone(zone: string, fromYear: number, toYear: number): string {
  return [...vtimezoneChunks(zone, fromYear, toYear)].join("").slice(0, -2);
}

/**
 * buildVTimezone's text in chunks of one year each, every chunk ending with CRLF: finding a
 * year's changes costs ~10 ms, so a caller building a feed can yield between years.
 */
export function* vtimezoneChunks(
  zone: string,
  fromYear: number,
  toYear: number,
): Generator<string> {
  const fromMs = Date.UTC(fromYear, 0, 1);
  const initial = offsetAt(fromMs, zone);
  const head = ["BEGIN:VTIMEZONE", `TZID:${zone}`, `X-LIC-LOCATION:${zone}`];
  yield `${[...head, ...observance(zone, fromMs, initial, initial)].join("\r\n")}\r\n`;
  for (let year = fromYear; year <= toYear; year++) {
    const lines: string[] = [];
    for (const t of offsetTransitions(zone, Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1))) {
      lines.push(...observance(zone, t, offsetAt(t - MINUTE, zone), offsetAt(t, zone)));
    }
    if (lines.length) yield `${lines.join("\r\n")}\r\n`;
  }
  yield "END:VTIMEZONE\r\n";
}
