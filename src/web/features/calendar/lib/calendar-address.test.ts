import { describe, expect, it } from "vitest";
import { calendarAddress } from "../lib/calendar-address.ts";

const at = (query: string, wide = true) =>
  calendarAddress(new URLSearchParams(query), { wide, today: "2026-11-26" });

describe("the calendar's address", () => {
  it("restores the view and the date it names", () => {
    expect(at("view=day&date=2026-12-01")).toEqual({ view: "day", anchor: "2026-12-01" });
    expect(at("view=list&date=2027-01-15", false)).toEqual({ view: "list", anchor: "2027-01-15" });
  });

  it("opens the week on wide screens and three days on phones, today when no date", () => {
    expect(at("")).toEqual({ view: "week", anchor: "2026-11-26" });
    expect(at("", false)).toEqual({ view: "3day", anchor: "2026-11-26" });
    // a link to one opens the other on the other width
    expect(at("view=week", false).view).toBe("3day");
    expect(at("view=3day").view).toBe("week");
  });

  it("ignores a view or date it does not know", () => {
    expect(at("view=month&date=2026-13-45")).toEqual({ view: "week", anchor: "2026-11-26" });
    expect(at("date=tomorrow").anchor).toBe("2026-11-26");
  });
});
