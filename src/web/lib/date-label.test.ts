import { describe, expect, it } from "vitest";
import {
  dateLabel,
  dayLabel,
  dayOf,
  daysLabel,
  spanLabel,
  timeLabel,
  timeRangeLabel,
  weekdayTimeLabel,
} from "./date-label.ts";

// Tuesday 24 November 2026, 15:00 in Berlin (14:00Z)
const at = (hhmm: string, date = "2026-11-24") => new Date(`${date}T${hhmm}:00+01:00`);
const berlin = (locale: string) => ({ zone: "Europe/Berlin", locale });
const US = berlin("en-US");
const GB = berlin("en-GB");
const DE = berlin("de");

describe("dates and times in the person's locale and zone", () => {
  it("writes a time as the locale does, in the zone asked, with plain spaces", () => {
    expect(timeLabel(at("15:00"), US)).toBe("3:00 PM");
    expect(timeLabel(at("15:00"), GB)).toBe("15:00");
    expect(timeLabel(at("15:00"), DE)).toBe("15:00");
    expect(timeLabel(at("15:00"), { zone: "America/New_York", locale: "en-US" })).toBe("9:00 AM");
  });

  it("spans a day's times in words: AM/PM once, ':00' left out on a 12-hour clock", () => {
    expect(spanLabel(at("15:00"), at("16:00"), US)).toBe("Tuesday 3 to 4 PM");
    expect(spanLabel(at("11:30"), at("13:00"), US)).toBe("Tuesday 11:30 AM to 1 PM");
    expect(spanLabel(at("15:30"), at("16:30"), US)).toBe("Tuesday 3:30 to 4:30 PM");
    expect(spanLabel(at("15:00"), at("16:00"), GB)).toBe("Tuesday 15:00 to 16:00");
    expect(spanLabel(at("15:00"), at("16:00"), DE)).toBe("Dienstag, 15:00 to 16:00");
  });

  it("names both weekdays when a span crosses midnight", () => {
    expect(spanLabel(at("23:00"), at("01:00", "2026-11-25"), US)).toBe(
      "Tuesday 11 PM to Wednesday 1 AM",
    );
    expect(spanLabel(at("23:00"), at("01:00", "2026-11-25"), GB)).toBe(
      "Tuesday 23:00 to Wednesday 01:00",
    );
  });

  it("writes a calendar date the locale's way, whatever the zone", () => {
    expect(dayLabel("2026-11-26", { locale: "en-US" })).toBe("Thu, Nov 26");
    expect(dayLabel("2026-11-26", { locale: "en-GB" })).toBe("Thu 26 Nov");
    expect(dayLabel("2026-11-26", { locale: "de" })).toBe("Do., 26. Nov.");
    expect(dayLabel("2026-11-26", { locale: "en-US", style: "long" })).toBe(
      "Thursday, November 26",
    );
    expect(dayLabel("2026-11-26", { locale: "en-GB", style: "long" })).toBe("Thursday 26 November");
    expect(dayLabel("2026-11-26", { locale: "en-GB", style: "date" })).toBe("26 Nov 2026");
  });

  it("keeps an instant's date in the person's zone", () => {
    const lateInNewYork = new Date("2026-11-27T03:00:00Z");
    expect(dayOf(lateInNewYork, "America/New_York")).toBe("2026-11-26");
    expect(dayOf(lateInNewYork, "Europe/Berlin")).toBe("2026-11-27");
    expect(dateLabel(lateInNewYork, { zone: "America/New_York", locale: "en-US" })).toBe(
      "Nov 26, 2026",
    );
    expect(dateLabel(lateInNewYork, { zone: "Europe/Berlin", locale: "en-GB" })).toBe(
      "27 Nov 2026",
    );
  });

  it("writes ranges and moments in the locale", () => {
    expect(timeRangeLabel(at("09:30"), at("10:00"), US)).toBe("9:30 – 10:00 AM");
    expect(timeRangeLabel(at("09:30"), at("10:00"), GB)).toBe("09:30–10:00");
    expect(weekdayTimeLabel(at("08:00"), US)).toBe("Tuesday 8:00 AM");
    expect(weekdayTimeLabel(at("08:00"), DE)).toBe("Dienstag, 08:00");
    expect(daysLabel("2026-11-23", "2026-11-25", "en-US")).toBe("Monday to Wednesday");
    expect(daysLabel("2026-11-23", "2026-11-23", "de")).toBe("Montag");
  });
});

describe("a broken date", () => {
  it("writes nothing rather than throw", () => {
    expect(dateLabel(new Date("not a date"), { locale: "en-US" })).toBe("");
    expect(timeLabel(new Date(Number.NaN), { locale: "en-US" })).toBe("");
  });
});
