import { describe, expect, it } from "vitest";
import { buildVTimezone } from "./vtimezone.ts";

const names = (zone: string) => [
  ...new Set([...buildVTimezone(zone, 2026, 2026).matchAll(/TZNAME:(.*)\r\n/g)].map((m) => m[1])),
];

describe("buildVTimezone", () => {
  it("names each observance by the zone's usual abbreviation, not 'GMT+1'", () => {
    expect(names("Europe/Berlin").sort()).toEqual(["CEST", "CET"]);
    expect(names("America/New_York").sort()).toEqual(["EDT", "EST"]);
    expect(names("Australia/Sydney").sort()).toEqual(["AEDT", "AEST"]);
  });

  it("falls back to the offset where no locale has a name", () => {
    expect(names("Asia/Kolkata")).toEqual(["IST"]);
    expect(names("Asia/Kathmandu")).toEqual(["+0545"]);
  });
});
