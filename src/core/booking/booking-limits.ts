/** Booking links' limits and defaults (issue 31), zod-free: the public page reads them. */
export const BOOKING_LIMITS = {
  linksPerUser: 20,
  titleMax: 120,
  minMinutes: 10,
  maxMinutes: 240,
  maxHorizonDays: 60,
  maxNoticeMinutes: 14 * 24 * 60,
  maxBufferMinutes: 120,
  maxPerDay: 20,
  /** A guest's name and note: text only, never rendered as links or markup. */
  nameMax: 80,
  noteMax: 500,
  /** One slots answer covers at most this many days (a page shows a week or two). */
  slotsRangeDays: 15,
  /** The host's list of bookings: the newest this many. */
  bookingsListed: 200,
  /**
   * A guest books a time they saw a moment ago: a slot that the notice (or, with no notice,
   * the clock) passed within this many minutes since is still theirs to book.
   */
  bookingGraceMinutes: 5,
} as const;

export const BOOKING_DEFAULTS = {
  horizonDays: 14,
  noticeMinutes: 4 * 60,
  bufferBeforeMinutes: 10,
  bufferAfterMinutes: 10,
  allowPeak: false,
} as const;
