import ICAL from "ical.js";
import type { TimeZoneOf, WallTime } from "./zones.ts";

/**
 * A DATE or DATE-TIME as written: its wall clock and where that clock lives. An RDATE that
 * is a PERIOD also carries its own end (an explicit end, or a duration): that occurrence
 * lasts as long as its period says, not as long as the series' DTSTART–DTEND.
 */
export type ZonedValue = {
  wall: WallTime;
  zone: TimeZoneOf;
  period?: { end: ZonedValue } | { seconds: number };
};

export type Attendee = { address: string; partstat: string };

/** What expansion needs from one VEVENT, read once. */
export type EventData = {
  uid: string;
  start: ZonedValue;
  /** DTEND when given (DURATION and the RFC 5545 default are applied at expansion). */
  end: ZonedValue | null;
  durationSeconds: number | null;
  rrule: ICAL.Recur | null;
  rdates: ZonedValue[];
  exdates: ZonedValue[];
  recurrenceId: ZonedValue | null;
  thisAndFuture: boolean;
  status: string | null;
  transp: string | null;
  summary: string | null;
  location: string | null;
  attendees: Attendee[];
};

function zoneOf(prop: ICAL.Property, time: ICAL.Time): TimeZoneOf {
  if (time.zone === ICAL.Timezone.utcTimezone || time.zone?.tzid === "UTC") return { kind: "utc" };
  const tzid = prop.getParameter("tzid");
  const name = Array.isArray(tzid) ? tzid[0] : tzid;
  if (typeof name === "string" && name.trim() !== "") {
    return /^(UTC|GMT|Z|Etc\/UTC|Etc\/GMT)$/i.test(name.trim())
      ? { kind: "utc" }
      : { kind: "tzid", tzid: name };
  }
  return { kind: "floating" };
}

function zonedTime(prop: ICAL.Property, time: ICAL.Time): ZonedValue {
  return {
    wall: {
      year: time.year,
      month: time.month,
      day: time.day,
      hour: time.hour,
      minute: time.minute,
      second: time.second,
      isDate: time.isDate,
    },
    zone: zoneOf(prop, time),
  };
}

function zonedValue(prop: ICAL.Property, raw: unknown): ZonedValue | null {
  if (raw instanceof ICAL.Period) {
    // an RDATE PERIOD: its start is the occurrence, its end or duration its own length
    if (!(raw.start instanceof ICAL.Time)) return null;
    const start = zonedTime(prop, raw.start);
    if (raw.end instanceof ICAL.Time)
      return { ...start, period: { end: zonedTime(prop, raw.end) } };
    if (raw.duration instanceof ICAL.Duration)
      return { ...start, period: { seconds: raw.duration.toSeconds() } };
    return start;
  }
  return raw instanceof ICAL.Time ? zonedTime(prop, raw) : null;
}

function values(component: ICAL.Component, name: string): ZonedValue[] {
  const out: ZonedValue[] = [];
  for (const prop of component.getAllProperties(name)) {
    for (const raw of prop.getValues()) {
      const v = zonedValue(prop, raw);
      if (v) out.push(v);
    }
  }
  return out;
}

function first(component: ICAL.Component, name: string): ZonedValue | null {
  const prop = component.getFirstProperty(name);
  return prop ? zonedValue(prop, prop.getFirstValue()) : null;
}

function text(component: ICAL.Component, name: string): string | null {
  const v = component.getFirstPropertyValue(name);
  return typeof v === "string" && v.trim() !== "" ? v.trim() : null;
}

/**
 * Reads a VEVENT. Returns null when it has no usable DTSTART (a malformed event is skipped,
 * never guessed). Throws only what ical.js throws on values it cannot read.
 */
export function readEvent(component: ICAL.Component): EventData | null {
  const start = first(component, "dtstart");
  if (!start) return null;
  const recurrenceProp = component.getFirstProperty("recurrence-id");
  const rruleValue = component.getFirstPropertyValue("rrule");
  const duration = component.getFirstPropertyValue("duration");
  const range = recurrenceProp?.getParameter("range");
  return {
    uid: text(component, "uid") ?? "",
    start,
    end: first(component, "dtend"),
    durationSeconds: duration instanceof ICAL.Duration ? duration.toSeconds() : null,
    rrule: rruleValue instanceof ICAL.Recur ? rruleValue : null,
    rdates: values(component, "rdate"),
    exdates: values(component, "exdate"),
    recurrenceId: recurrenceProp
      ? zonedValue(recurrenceProp, recurrenceProp.getFirstValue())
      : null,
    thisAndFuture: typeof range === "string" && range.toUpperCase() === "THISANDFUTURE",
    status: text(component, "status")?.toUpperCase() ?? null,
    transp: text(component, "transp")?.toUpperCase() ?? null,
    summary: text(component, "summary"),
    location: text(component, "location"),
    attendees: component.getAllProperties("attendee").map((p) => {
      const partstat = p.getParameter("partstat");
      return {
        address: String(p.getFirstValue() ?? "")
          .replace(/^mailto:/i, "")
          .trim()
          .toLowerCase(),
        partstat: String(Array.isArray(partstat) ? partstat[0] : (partstat ?? "")).toUpperCase(),
      };
    }),
  };
}
