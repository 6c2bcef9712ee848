import { describe, expect, it } from "vitest";
import { formatHour, formatHourRange, formatMinutes, formatWeekdays } from "./hours.ts";

describe("hours as people say them", () => {
  it("names midnight and noon", () => {
    expect([formatHour(0), formatHour(12), formatHour(24), formatHour(5), formatHour(13)]).toEqual([
      "midnight",
      "noon",
      "midnight",
      "5 am",
      "1 pm",
    ]);
  });

  it("shows one meridiem for a range that stays in one half of the day", () => {
    expect(formatHourRange(8, 11)).toBe("8–11 am");
    expect(formatHourRange(13, 17)).toBe("1–5 pm");
    expect(formatHourRange(11, 14)).toBe("11 am–2 pm");
    expect(formatHourRange(20, 24)).toBe("8 pm–midnight");
    expect(formatHourRange(9, 12)).toBe("9 am–noon");
  });

  it("describes weekday sets", () => {
    expect(formatWeekdays([1, 2, 3, 4, 5])).toBe("Monday to Friday");
    expect(formatWeekdays([1, 2, 3, 4, 5, 6, 7])).toBe("every day");
    expect(formatWeekdays([1, 3, 5])).toBe("Monday, Wednesday and Friday");
    expect(formatWeekdays([6])).toBe("Saturday");
  });

  it("describes durations", () => {
    expect(formatMinutes(360)).toBe("6 hours");
    expect(formatMinutes(285)).toBe("4 hours 45 minutes");
    expect(formatMinutes(45)).toBe("45 minutes");
    expect(formatMinutes(60)).toBe("1 hour");
  });

  it("writes hours in the person's locale when given one", () => {
    expect(formatHourRange(8, 11, "en-US")).toBe("8–11 AM");
    expect(formatHourRange(11, 14, "en-US")).toBe("11 AM–2 PM");
    expect(formatHourRange(8, 11, "en-GB")).toBe("08:00–11:00");
    expect(formatHour(20, "de-DE")).toBe("20:00");
    expect(formatHour(9, "en-US")).toBe("9 AM");
    expect(formatHourRange(20, 24, "en-GB")).toBe("20:00–00:00");
    expect(formatHourRange(20, 24, "en-US")).toBe("8 PM–12 AM");
    expect(formatHourRange(8, 11, "fr-FR")).toBe("08:00–11:00");
    expect(formatHour(13, "not a locale!")).toBe("1 pm");
  });
});
