import { describe, expect, it } from "vitest";
import { clockLabel, clockRangeLabel } from "./clock-label.ts";

describe("times of day in the person's locale", () => {
  it("writes the grid's hours as the locale does", () => {
    expect(clockLabel(9 * 60, "en-US", { minutes: false })).toMatch(/^9\sAM$/);
    expect(clockLabel(9 * 60, "en-GB", { minutes: false })).toBe("09");
    expect(clockLabel(13 * 60 + 30, "en-GB")).toBe("13:30");
    expect(clockLabel(13 * 60 + 30, "en-US")).toMatch(/^1:30\sPM$/);
  });

  it("writes a span once, and a span to midnight without the next day's date", () => {
    expect(clockRangeLabel(9 * 60, 10 * 60 + 30, "en-GB")).toMatch(/^09:00\s?–\s?10:30$/);
    expect(clockRangeLabel(9 * 60, 10 * 60 + 30, "en-US")).toMatch(/^9:00\s?–\s?10:30\sAM$/);
    expect(clockRangeLabel(22 * 60, 24 * 60, "en-GB")).toMatch(/^22:00–0?0:00$/);
  });
});
