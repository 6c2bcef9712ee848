/**
 * One internal shape for what connected calendars hold, whatever the protocol (design,
 * "The person's real calendar"): a series is every VEVENT sharing one UID — the master and
 * its RECURRENCE-ID overrides — kept as jCal so it can be stored and expanded later in any
 * window without parsing the source again.
 */

/** jCal (RFC 7265) of one component, as ical.js reads and writes it. */
export type JCal = [string, unknown[], unknown[]];

/** How a TZID of the source is read: an IANA zone, or the calendar's own VTIMEZONE. */
export type ZoneRef = { iana: string } | { vtimezone: JCal };

export type ExternalSeries = {
  uid: string;
  /** VEVENTs with this UID: the master (if the source has one) and its overrides. */
  components: JCal[];
  /** Every TZID the components use → how to read it; a TZID missing here reads as floating. */
  zones: Record<string, ZoneRef>;
  /** The calendar's X-WR-TIMEZONE: the zone of floating times when there is one. */
  floatingZone: string | null;
};

/** Coarse bounds of a series for a database prefilter: null end = repeats without end. */
export type SeriesBounds = { firstStart: Date; lastEnd: Date | null };

export type ExternalOccurrence = {
  uid: string;
  /** The occurrence's original start (RECURRENCE-ID form), null for a one-off event. */
  recurrenceId: string | null;
  title: string;
  location: string | null;
  /** All-day occurrences use midnight UTC dates, end exclusive (Sage's convention). */
  start: Date;
  end: Date;
  allDay: boolean;
  /** Counts as busy time for the scheduler (not free, not declined; all-day only if OPAQUE). */
  busy: boolean;
};

export const EXTERNAL_LIMITS = {
  /** Largest calendar text accepted (characters; the fetch caps bytes the same). */
  maxChars: 10 * 1024 * 1024,
  /** VEVENTs in one calendar, overrides included. */
  maxComponents: 50_000,
  /** Series (distinct UIDs) in one calendar: the per-connection event cap. */
  maxSeries: 5_000,
  /** RECURRENCE-ID overrides of one series. */
  maxOverrides: 1_000,
  /**
   * RECURRENCE-ID overrides of one calendar, all series together: bounds what a read
   * copies and stores (docs/SECURITY.md, "A hostile connected calendar").
   */
  maxOverridesPerCalendar: 10_000,
  /** BEGIN nesting depth (VCALENDAR > VEVENT > VALARM is 3). */
  maxDepth: 8,
  /** Occurrences one series may put into one window. */
  maxOccurrencesPerSeries: 5_000,
  /** Recurrence iterator steps one series may take for one window. */
  maxStepsPerSeries: 20_000,
  /** Recurrence iterator steps a whole calendar may take for one window (see ExpandContext.budget). */
  maxStepsPerCalendar: 500_000,
} as const;

/** A calendar Sage cannot read or follow: the message is shown to the person as is. */
export class CalendarDataError extends Error {
  override name = "CalendarDataError";
  constructor(
    message: string,
    readonly reason: "not-a-calendar" | "too-large" | "too-complex",
  ) {
    super(message);
  }
}

/** A series with more RECURRENCE-ID overrides than EXTERNAL_LIMITS.maxOverrides. */
export const tooManyOverrides = (name: string) =>
  new CalendarDataError(
    `"${name.slice(0, 80)}" has more than ${EXTERNAL_LIMITS.maxOverrides} changed occurrences, so this calendar was not read`,
    "too-complex",
  );

/** A calendar with more RECURRENCE-ID overrides than EXTERNAL_LIMITS.maxOverridesPerCalendar. */
export const tooManyOverridesInCalendar = () =>
  new CalendarDataError(
    `The calendar holds more than ${EXTERNAL_LIMITS.maxOverridesPerCalendar} changed occurrences of repeating events, so it was not read`,
    "too-complex",
  );

/** Events left out of a read because they could not be read or followed. */
export type Unreadable = { count: number; titles: string[] };

/** How many titles of unreadable events are kept to show. */
export const UNREADABLE_TITLES = 5;

/** What a parse left out and what the expansion check left out, together; null for none. */
export function unreadableOf(parsed: Unreadable | undefined, more: string[]): Unreadable | null {
  const count = (parsed?.count ?? 0) + more.length;
  if (count === 0) return null;
  return { count, titles: [...(parsed?.titles ?? []), ...more].slice(0, UNREADABLE_TITLES) };
}
