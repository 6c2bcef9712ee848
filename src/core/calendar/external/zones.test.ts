import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { wallFromUtcMs, wallToInstant } from "./zones.ts";

const format = (ms: number, zone: string) =>
  DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");

describe("wallToInstant (RFC 5545 §3.3.5)", () => {
  it.each([
    "Europe/Berlin",
    "America/New_York",
    "America/St_Johns",
    "Australia/Lord_Howe",
    "Asia/Kolkata",
    "Pacific/Chatham",
    "America/Sao_Paulo",
  ])(
    "all of 2026 in %s: the first occurrence, or the offset before a gap",
    (zone) => {
      // every 10 minutes within two days of an offset change, every 2 hours elsewhere
      // (the whole year every 10 minutes took ~1 s a zone and timed out on a busy machine)
      const offsetAt = (ms: number) => DateTime.fromMillis(ms, { zone }).offset;
      const times: number[] = [];
      for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000) {
        const near = offsetAt(day - 2 * 86_400_000) !== offsetAt(day + 3 * 86_400_000);
        const step = (near ? 10 : 120) * 60_000;
        for (let ms = day; ms < day + 86_400_000; ms += step) times.push(ms);
      }
      expect(times.length).toBeGreaterThanOrEqual(365 * 12);
      const problems: string[] = [];
      for (const ms of times) {
        const wall = wallFromUtcMs(ms, false);
        const text = new Date(ms).toISOString().slice(0, 16);
        const r = wallToInstant(wall, zone);
        if (format(r, zone) === text) {
          // the first occurrence: no earlier instant shows the same wall clock
          for (const back of [30, 60]) {
            if (format(r - back * 60_000, zone) === text) problems.push(`${text} not first`);
          }
          continue;
        }
        // a wall time that does not exist: read with the offset in force a day before
        const before = DateTime.fromMillis(ms - 86_400_000, { zone }).offset;
        if (r !== ms - before * 60_000)
          problems.push(`${text} gap read as ${new Date(r).toISOString()}`);
      }
      expect(problems).toEqual([]);
    },
    20_000,
  );

  it("09:00 Berlin on both sides of the March change", () => {
    const wall = { year: 2026, month: 3, day: 27, hour: 9, minute: 0, second: 0, isDate: false };
    expect(new Date(wallToInstant(wall, "Europe/Berlin")).toISOString()).toBe(
      "2026-03-27T08:00:00.000Z",
    );
    expect(new Date(wallToInstant({ ...wall, day: 30 }, "Europe/Berlin")).toISOString()).toBe(
      "2026-03-30T07:00:00.000Z",
    );
    // 02:30 does not exist on 29 March: the offset before the gap (+01:00)
    expect(
      new Date(
        wallToInstant({ ...wall, day: 29, hour: 2, minute: 30 }, "Europe/Berlin"),
      ).toISOString(),
    ).toBe("2026-03-29T01:30:00.000Z");
  });
});
