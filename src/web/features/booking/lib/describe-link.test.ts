import { describe, expect, it } from "vitest";
import type { BookingLink } from "../../../../core/contract/booking.ts";
import { daysLabel, describeLink } from "./describe-link.ts";

const link: BookingLink = {
  id: "00000000-0000-4000-8000-000000000001",
  slug: "abcdefghijklmnopqrstuv",
  url: "/book/abcdefghijklmnopqrstuv",
  title: "Intro",
  hostName: null,
  minutes: 30,
  horizonDays: 14,
  noticeMinutes: 240,
  days: null,
  hours: null,
  bufferBeforeMinutes: 10,
  bufferAfterMinutes: 10,
  maxPerDay: null,
  allowPeak: false,
  paused: false,
  createdAt: "2026-11-26T10:00:00.000Z",
  updatedAt: "2026-11-26T10:00:00.000Z",
};

describe("describeLink", () => {
  it("says a default link follows the person's days and hours and keeps their peak", () => {
    expect(describeLink(link)).toBe(
      "30 min · your working days · your working hours · 4 hours' notice · up to 14 days ahead · never your peak",
    );
  });

  it("names the link's own days, hours, notice and cap", () => {
    const own = {
      ...link,
      days: [1, 3, 5],
      hours: { from: "10:00", to: "16:00" },
      noticeMinutes: 1440,
      horizonDays: 1,
      maxPerDay: 2,
      allowPeak: true,
    };
    expect(describeLink(own, "en-GB")).toBe(
      "30 min · Mon, Wed, Fri · 10:00–16:00 · 1 day's notice · up to 1 day ahead · at most 2 a day · may take your peak",
    );
    // the hours as the person's locale writes a clock
    expect(describeLink(own, "en-US")).toMatch(/ · 10:00 AM\s?–\s?4:00 PM · /);
  });
});

describe("daysLabel", () => {
  it("writes a run as a range and all seven as every day", () => {
    expect(daysLabel([1, 2, 3, 4, 5])).toBe("Mon–Fri");
    expect(daysLabel([7, 6])).toBe("Sat, Sun");
    expect(daysLabel([1, 2, 3, 4, 5, 6, 7])).toBe("every day");
  });
});
