import { DateTime } from "luxon";
import { windowsOn } from "../scheduler/schedule.ts";
import type { Interval, SchedulerProfile } from "../scheduler/types.ts";

const MINUTE = 60_000;
/** Slots start on the quarter hour. */
export const SLOT_STEP_MINUTES = 15;

/** What a booking link allows (src/core/contract/booking.ts), in minutes of the host's day. */
export type LinkRules = {
  minutes: number;
  horizonDays: number;
  noticeMinutes: number;
  /** ISO weekdays; null: the host's working days. */
  days: readonly number[] | null;
  /** Local minutes of the day; null: the host's working hours that day. */
  hours: { start: number; end: number } | null;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  maxPerDay: number | null;
  allowPeak: boolean;
};

export type SlotInput = {
  rules: LinkRules;
  /** The host's hours, energy windows (learned, when Sage learned them) and daily load cap. */
  profile: SchedulerProfile;
  /**
   * Time that is not free: the host's own events, their connected calendars' busy time, and
   * the blocks of tasks due soon (the planner's view). Blocks of other tasks are not here: the
   * living plan moves them.
   */
  busy: readonly Interval[];
  /** Confirmed bookings of this link (they count toward `maxPerDay`; they are also busy). */
  booked: readonly Interval[];
  /** The person's "no meetings before / after" (How you work), minutes of the day. */
  meetings?: { notBefore: number | null; notAfter: number | null };
  now: number;
  from: number;
  to: number;
  /**
   * Booking rather than offering: the notice is measured from this many minutes before `now`,
   * so a slot the guest was offered a moment ago is not refused because its start (or the
   * notice) passed while they typed their name.
   */
  graceMinutes?: number;
};

export type Slot = Interval & {
  /** In one of the host's low-energy windows: the time that costs them least. */
  preferred: boolean;
};

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;
const overlapMinutes = (a: Interval, b: Interval) =>
  Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start)) / MINUTE;

/** Busy intervals sorted and merged (so a day's busy minutes are not counted twice). */
function merge(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out.at(-1);
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ ...i });
  }
  return out;
}

/**
 * The times a booking link offers in [from, to) (issue 31). Pure and deterministic.
 *
 * A slot lies inside the link's days and hours (or the host's working days and hours), at
 * least `noticeMinutes` from now and within `horizonDays`; it never touches busy time or a
 * booking, with the link's buffers before and after; never the host's peak unless the link
 * allows it; never before or after the person's "no meetings" times; never on a day that already has `maxPerDay` bookings of the link, or whose busy
 * time plus this meeting would pass the host's daily load cap. Each slot says whether it lies in
 * the host's low-energy hours (the ones that cost them least), so the page can offer those
 * first. Work is bounded by the range: at most (days × slots a day) candidates, each checked
 * against the busy intervals of its own day.
 */
export function offeredSlots(input: SlotInput): Slot[] {
  const { rules, profile, now } = input;
  const zone = profile.timezone;
  const earliest = now + (rules.noticeMinutes - (input.graceMinutes ?? 0)) * MINUTE;
  const latest = now + rules.horizonDays * 24 * 60 * MINUTE;
  const from = Math.max(input.from, earliest);
  const to = Math.min(input.to, latest);
  if (to <= from) return [];
  const length = rules.minutes * MINUTE;
  const before = rules.bufferBeforeMinutes * MINUTE;
  const after = rules.bufferAfterMinutes * MINUTE;
  const busy = merge([...input.busy, ...input.booked]);
  const slots: Slot[] = [];

  for (
    let day = DateTime.fromMillis(from, { zone }).startOf("day");
    day.toMillis() < to;
    day = day.plus({ days: 1 })
  ) {
    const weekday = day.weekday;
    const allowedDay = rules.days
      ? rules.days.includes(weekday)
      : profile.workingDays.includes(weekday);
    if (!allowedDay) continue;
    const span = rules.hours ?? profile.dayHours?.[weekday] ?? profile.workingHours;
    const at = (minutes: number) => day.plus({ minutes }).toMillis();
    const dayStart = at(Math.max(span.start, input.meetings?.notBefore ?? 0));
    const dayEnd = at(Math.min(span.end, input.meetings?.notAfter ?? 1440));
    const whole = { start: day.toMillis(), end: day.plus({ days: 1 }).toMillis() };
    if (
      rules.maxPerDay !== null &&
      input.booked.filter((b) => overlaps(b, whole)).length >= rules.maxPerDay
    )
      continue;
    const dayBusy = busy.filter((b) =>
      overlaps(b, { start: dayStart - before, end: dayEnd + after }),
    );
    const work = { start: at(profile.workingHours.start), end: at(profile.workingHours.end) };
    const busyMinutes = dayBusy.reduce((sum, b) => sum + overlapMinutes(b, work), 0);
    if (busyMinutes + rules.minutes > profile.dailyLoadCapMinutes) continue;
    const windows = windowsOn(profile, weekday).map((w) => ({
      level: w.level,
      start: at(w.start),
      end: at(w.end),
    }));
    const peaks = windows.filter((w) => w.level === "peak");
    const lows = windows.filter((w) => w.level === "low");

    const step = SLOT_STEP_MINUTES * MINUTE;
    const first = Math.max(dayStart, Math.ceil(from / step) * step);
    for (let start = Math.ceil(first / step) * step; start + length <= dayEnd; start += step) {
      if (start + length > to) break;
      const meeting = { start, end: start + length };
      if (!rules.allowPeak && peaks.some((p) => overlaps(p, meeting))) continue;
      const guarded = { start: start - before, end: start + length + after };
      if (dayBusy.some((b) => overlaps(b, guarded))) continue;
      slots.push({
        ...meeting,
        preferred: lows.some((l) => l.start <= meeting.start && meeting.end <= l.end),
      });
    }
  }
  return slots;
}

/** Whether `start` is one of the offered slots (a booking must name one exactly). */
export function isOffered(slots: readonly Slot[], start: number): Slot | undefined {
  return slots.find((s) => s.start === start);
}

/** Parses "09:30" into minutes of the day. */
export const minuteOf = (hhmm: string): number =>
  Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
