import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import type { Interval, SchedulerProfile } from "../scheduler/types.ts";
import { type LinkRules, offeredSlots, type SlotInput } from "./slots.ts";

const ZONE = "Europe/Berlin";
const MINUTE = 60_000;
// Monday 2026-11-30, 08:00 in Berlin
const NOW = DateTime.fromISO("2026-11-30T08:00", { zone: ZONE }).toMillis();
const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toMillis();
const local = (t: number) => DateTime.fromMillis(t, { zone: ZONE });

const profile: SchedulerProfile = {
  timezone: ZONE,
  workingDays: [1, 2, 3, 4, 5],
  workingHours: { start: 9 * 60, end: 17 * 60 },
  energyWindows: [
    { start: 9 * 60, end: 12 * 60, level: "peak" },
    { start: 13 * 60, end: 15 * 60, level: "low" },
  ],
  focusBlockMinutes: 90,
  breakMinutes: 10,
  bufferMinutes: 10,
  dailyLoadCapMinutes: 360,
  estimatePadding: 1.25,
};
const rules: LinkRules = {
  minutes: 30,
  horizonDays: 14,
  noticeMinutes: 240,
  days: null,
  hours: null,
  bufferBeforeMinutes: 10,
  bufferAfterMinutes: 10,
  maxPerDay: null,
  allowPeak: false,
};
const input = (over: Partial<SlotInput> = {}): SlotInput => ({
  rules,
  profile,
  busy: [],
  booked: [],
  now: NOW,
  from: NOW,
  to: NOW + 7 * 24 * 60 * MINUTE,
  ...over,
});

describe("offeredSlots", () => {
  it("offers working hours outside the peak, on the quarter hour, after the notice", () => {
    const slots = offeredSlots(input());
    expect(slots.length).toBeGreaterThan(0);
    for (const s of slots) {
      const start = local(s.start);
      expect(start.weekday).toBeLessThanOrEqual(5);
      expect(start.hour * 60 + start.minute).toBeGreaterThanOrEqual(12 * 60); // never the 9–12 peak
      expect(local(s.end).hour * 60 + local(s.end).minute).toBeLessThanOrEqual(17 * 60);
      expect(start.minute % 15).toBe(0);
      expect(s.start).toBeGreaterThanOrEqual(NOW + 240 * MINUTE);
      expect(s.end - s.start).toBe(30 * MINUTE);
    }
    // Monday: 12:00 is the first (the notice ends at 12:00 and the peak too)
    expect(local(slots[0]!.start).toISO()).toBe("2026-11-30T12:00:00.000+01:00");
  });

  it("a grace measures the notice from a few minutes back (booking what was just offered)", () => {
    const offered = offeredSlots(input())[0]!;
    // five minutes later the notice has passed the first slot; with a grace of five it stands
    const later = { now: NOW + 5 * MINUTE, from: offered.start, to: offered.end };
    expect(offeredSlots(input(later))).toEqual([]);
    expect(offeredSlots(input({ ...later, graceMinutes: 5 }))[0]!.start).toBe(offered.start);
    expect(offeredSlots(input({ ...later, now: NOW + 6 * MINUTE, graceMinutes: 5 }))).toEqual([]);
  });

  it("offers the peak only when the link allows it", () => {
    const open = offeredSlots(input({ rules: { ...rules, allowPeak: true, noticeMinutes: 0 } }));
    expect(local(open[0]!.start).hour).toBe(9);
  });

  it("marks the host's low-energy hours as preferred", () => {
    const slots = offeredSlots(input());
    const preferred = slots.filter((s) => s.preferred);
    expect(preferred.length).toBeGreaterThan(0);
    for (const s of preferred) {
      const h = local(s.start).hour * 60 + local(s.start).minute;
      expect(h).toBeGreaterThanOrEqual(13 * 60);
      expect(h + 30).toBeLessThanOrEqual(15 * 60);
    }
    expect(slots.some((s) => !s.preferred)).toBe(true);
  });

  it("keeps the buffers around busy time", () => {
    const meeting = { start: at("2026-12-01T14:00"), end: at("2026-12-01T15:00") };
    const slots = offeredSlots(input({ busy: [meeting] }));
    const tuesday = slots
      .filter((s) => local(s.start).weekday === 2)
      .map((s) => local(s.start).toFormat("HH:mm"));
    expect(tuesday).toContain("13:15"); // ends 13:45, 15 min before
    expect(tuesday).not.toContain("13:30"); // ends 14:00: no buffer
    expect(tuesday).not.toContain("15:00"); // no buffer after
    expect(tuesday).toContain("15:15");
  });

  it("keeps the person's 'no meetings before / after'", () => {
    const slots = offeredSlots(input({ meetings: { notBefore: 13 * 60, notAfter: 16 * 60 } }));
    for (const s of slots) {
      expect(local(s.start).hour).toBeGreaterThanOrEqual(13);
      expect(local(s.end).hour * 60 + local(s.end).minute).toBeLessThanOrEqual(16 * 60);
    }
    expect(slots.length).toBeGreaterThan(0);
  });

  it("never offers more than maxPerDay bookings a day", () => {
    const booked = [{ start: at("2026-12-01T12:00"), end: at("2026-12-01T12:30") }];
    const slots = offeredSlots(input({ rules: { ...rules, maxPerDay: 1 }, booked }));
    expect(slots.some((s) => local(s.start).weekday === 2)).toBe(false);
    expect(slots.some((s) => local(s.start).weekday === 3)).toBe(true);
  });

  it("offers nothing on a day whose busy time would pass the load cap", () => {
    const full = { start: at("2026-12-02T09:00"), end: at("2026-12-02T14:45") }; // 5 h 45
    const slots = offeredSlots(input({ busy: [full] }));
    expect(slots.some((s) => local(s.start).weekday === 3)).toBe(false);
    expect(slots.some((s) => local(s.start).weekday === 4)).toBe(true);
  });

  it("keeps to the link's own days and hours, and to its horizon", () => {
    const slots = offeredSlots(
      input({
        rules: { ...rules, days: [2, 6], hours: { start: 16 * 60, end: 18 * 60 }, horizonDays: 7 },
        to: NOW + 30 * 24 * 60 * MINUTE,
      }),
    );
    expect(new Set(slots.map((s) => local(s.start).weekday))).toEqual(new Set([2, 6]));
    for (const s of slots) {
      expect(local(s.start).hour).toBeGreaterThanOrEqual(16);
      expect(s.start).toBeLessThan(NOW + 7 * 24 * 60 * MINUTE);
    }
  });

  it("across a clock change, slots keep the host's local hours", () => {
    // Europe/Berlin leaves summer time on Sunday 2026-10-25
    const now = at("2026-10-22T08:00");
    const slots = offeredSlots(
      input({
        now,
        from: now,
        to: now + 7 * 24 * 60 * MINUTE,
        rules: { ...rules, noticeMinutes: 0 },
      }),
    );
    const firsts = new Map<string, string>();
    for (const s of slots) {
      const day = local(s.start).toISODate()!;
      if (!firsts.has(day)) firsts.set(day, local(s.start).toFormat("HH:mm"));
    }
    expect(firsts.size).toBe(5);
    expect([...new Set(firsts.values())]).toEqual(["12:00"]);
  });

  it("properties: random busy time, buffers and rules never let a slot break a rule", () => {
    let seed = 7;
    const r = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 200; run++) {
      const busy: Interval[] = Array.from({ length: Math.floor(r() * 12) }, () => {
        const start = NOW + Math.floor(r() * 7 * 24 * 4) * 15 * MINUTE;
        return { start, end: start + (15 + Math.floor(r() * 8) * 15) * MINUTE };
      });
      const link: LinkRules = {
        ...rules,
        minutes: 15 + Math.floor(r() * 8) * 15,
        bufferBeforeMinutes: Math.floor(r() * 4) * 10,
        bufferAfterMinutes: Math.floor(r() * 4) * 10,
        allowPeak: r() < 0.3,
        noticeMinutes: Math.floor(r() * 48) * 60,
      };
      const slots = offeredSlots(input({ rules: link, busy }));
      for (const s of slots) {
        const guarded = {
          start: s.start - link.bufferBeforeMinutes * MINUTE,
          end: s.end + link.bufferAfterMinutes * MINUTE,
        };
        expect(busy.some((b) => b.start < guarded.end && guarded.start < b.end)).toBe(false);
        expect(s.start).toBeGreaterThanOrEqual(NOW + link.noticeMinutes * MINUTE);
        const h = local(s.start).hour * 60 + local(s.start).minute;
        if (!link.allowPeak) expect(h + link.minutes <= 9 * 60 || h >= 12 * 60).toBe(true);
        expect(h).toBeGreaterThanOrEqual(9 * 60);
        expect(h + link.minutes).toBeLessThanOrEqual(17 * 60);
      }
    }
  });
});
