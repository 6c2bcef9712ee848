import { describe, expect, it } from "vitest";
import type { LocalEvent } from "../../../../core/calendar/local-event.ts";
import type { PlanProfile } from "../../../../core/contract/plan-profile.ts";
import {
  allDayBars,
  allDayOverflow,
  DAY_PX,
  HOUR_PX,
  LINE_PX,
  MIN_PX,
  MIN_TITLE_FRACTION,
  openingScroll,
  type PlacedBlock,
  placeDay,
} from "./grid-geometry.ts";
import { layoutDays } from "./week-layout.ts";

const ZONE = "America/New_York";
const DATE = "2026-03-03"; // a Tuesday; New York is UTC-5
let ids = 0;
/** An event on DATE from `start` to `end` ("HH:MM" New York time). */
const at = (title: string, start: string, end: string, extra: Partial<LocalEvent> = {}) => {
  const utc = (t: string) => {
    const [h, m] = t.split(":").map(Number);
    return new Date(Date.UTC(2026, 2, 3, h! + 5, m!)).toISOString();
  };
  return {
    id: `e${++ids}`,
    title,
    startTime: utc(start),
    endTime: utc(end),
    allDay: false,
    priority: "medium",
    version: 1,
    ...extra,
  } as LocalEvent;
};
const place = (events: LocalEvent[]) => {
  const [day] = layoutDays(events, [DATE], ZONE);
  return new Map(
    placeDay(day!.timed, { date: DATE, zone: ZONE }).map((b) => [b.item.event.title, b]),
  );
};
/** Whether `b`'s title line is free of every block drawn after it (over it). */
const titleClear = (b: PlacedBlock, all: PlacedBlock[]) =>
  all.every(
    (o) =>
      o.layer <= b.layer ||
      o.top >= b.top + LINE_PX ||
      o.top + o.height <= b.top ||
      o.left >= b.left + b.width ||
      o.left + o.width <= b.left,
  );

describe("grid geometry", () => {
  it("draws a 15-minute event one line tall at its time, and a 5-minute one no shorter", () => {
    const blocks = place([at("Call", "09:00", "09:15"), at("Pill", "13:00", "13:05")]);
    expect(blocks.get("Call")).toMatchObject({ top: 9 * HOUR_PX, height: LINE_PX, compact: true });
    expect(blocks.get("Pill")).toMatchObject({ top: 13 * HOUR_PX, height: LINE_PX, compact: true });
    expect(place([at("Lunch", "12:00", "13:00")]).get("Lunch")).toMatchObject({
      height: HOUR_PX,
      compact: false,
      width: 1,
      left: 0,
    });
  });

  it("keeps back-to-back 15-minute events side by side in time, each full width", () => {
    const blocks = place([at("A", "09:00", "09:15"), at("B", "09:15", "09:30")]);
    expect(blocks.get("A")).toMatchObject({ left: 0, width: 1, overlaps: false });
    expect(blocks.get("B")).toMatchObject({ left: 0, width: 1, top: 9.25 * HOUR_PX });
  });

  it("cascades three overlapping events; every title stays clear and keeps ≥ 60 % of the column", () => {
    const blocks = place([
      at("Standup", "10:00", "11:00"),
      at("Review", "10:30", "11:30"),
      at("Interview", "11:00", "12:00"),
    ]);
    const all = [...blocks.values()];
    expect(all.map((b) => b.left)).toEqual([0, 0.12, 0.24]);
    for (const b of all) {
      expect(b.width).toBeGreaterThanOrEqual(MIN_TITLE_FRACTION);
      expect(b.overlaps).toBe(true);
      expect(titleClear(b, all)).toBe(true);
    }
  });

  it("a deep cascade steps in less, so the deepest still keeps 60 %", () => {
    const events = Array.from({ length: 7 }, (_, i) =>
      at(`E${i}`, `${9 + Math.floor(i / 2)}:${i % 2 ? "30" : "00"}`, "18:00"),
    );
    const all = [...place(events).values()];
    expect(all).toHaveLength(7);
    expect(Math.min(...all.map((b) => b.width))).toBeCloseTo(MIN_TITLE_FRACTION);
    for (const b of all) expect(titleClear(b, all)).toBe(true);
  });

  it("events starting within one line of each other collapse into the first one's +N", () => {
    const blocks = place([
      at("Planning", "14:00", "15:00"),
      at("Focus", "14:00", "14:30"),
      at("Ping", "14:10", "14:20"),
    ]);
    expect([...blocks.keys()]).toEqual(["Planning"]);
    expect(blocks.get("Planning")!.more.map((i) => i.event.title)).toEqual(["Focus", "Ping"]);
    expect(blocks.get("Planning")).toMatchObject({ width: 1, overlaps: true });
  });

  it("marks only items that overlap in time", () => {
    const blocks = place([
      at("Alone", "08:00", "09:00"),
      at("One", "10:00", "11:00"),
      at("Two", "10:30", "11:30"),
    ]);
    expect(blocks.get("Alone")!.overlaps).toBe(false);
    expect(blocks.get("One")!.overlaps).toBe(true);
    expect(blocks.get("Two")!.overlaps).toBe(true);
  });

  it("a late short event stays inside the day", () => {
    const b = place([at("Late", "23:55", "23:59")]).get("Late")!;
    expect(b.top + b.height).toBe(DAY_PX);
  });

  it("an event past midnight is drawn on both days, each part says it continues", () => {
    const night = at("Flight", "22:00", "22:00");
    night.endTime = new Date(Date.UTC(2026, 2, 4, 7 + 5, 0)).toISOString(); // 7 AM Wednesday
    const [tue, wed] = layoutDays([night], [DATE, "2026-03-04"], ZONE);
    const [a] = placeDay(tue!.timed, { date: DATE, zone: ZONE });
    const [b] = placeDay(wed!.timed, { date: "2026-03-04", zone: ZONE });
    expect(a).toMatchObject({ top: 22 * HOUR_PX, height: 2 * HOUR_PX, endsAfter: true });
    expect(b).toMatchObject({ top: 0, height: 7 * HOUR_PX, startsBefore: true, endsAfter: false });
    expect(tue!.allDay).toEqual([]);
  });
});

describe("all-day row", () => {
  const days = ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"];
  const allDay = (title: string, from: string, toExclusive: string): LocalEvent => ({
    id: title,
    title,
    startTime: `${from}T00:00:00.000Z`,
    endTime: `${toExclusive}T00:00:00.000Z`,
    allDay: true,
    priority: "medium",
    version: 1,
  });

  it("one bar per item across the days it covers, packed into lanes", () => {
    const grid = layoutDays(
      [
        allDay("Conference", "2026-03-03", "2026-03-06"), // Tue–Thu
        allDay("Holiday", "2026-03-02", "2026-03-03"), // Mon
        allDay("Birthday", "2026-03-04", "2026-03-05"), // Wed
      ],
      days,
      ZONE,
    );
    const bars = new Map(allDayBars(grid).map((b) => [b.item.event.title, b]));
    expect(bars.get("Conference")).toMatchObject({ from: 1, to: 3, lane: 0 });
    expect(bars.get("Holiday")).toMatchObject({ from: 0, to: 0, lane: 0 });
    expect(bars.get("Birthday")).toMatchObject({ from: 2, to: 2, lane: 1 });
  });

  it("past two lanes, each day counts the bars it hides", () => {
    const grid = layoutDays(
      [
        allDay("A", "2026-03-02", "2026-03-05"), // Mon–Wed
        allDay("B", "2026-03-02", "2026-03-03"), // Mon
        allDay("C", "2026-03-02", "2026-03-04"), // Mon–Tue
        allDay("D", "2026-03-03", "2026-03-04"), // Tue
      ],
      days,
      ZONE,
    );
    const bars = allDayBars(grid);
    expect(bars.map((b) => [b.item.event.title, b.lane])).toEqual([
      ["A", 0],
      ["C", 1],
      ["B", 2],
      ["D", 2],
    ]);
    expect(allDayOverflow(bars, days.length)).toEqual([1, 1, 0, 0, 0]);
  });

  it("an item begun before the shown days, or going on after them, is drawn and says so", () => {
    const grid = layoutDays([allDay("Trip", "2026-02-27", "2026-03-10")], days, ZONE);
    expect(allDayBars(grid)).toMatchObject([
      { from: 0, to: 4, startsBefore: true, endsAfter: true },
    ]);
  });

  it("a timed event a day long or more goes in the all-day row, not the grid", () => {
    const retreat: LocalEvent = {
      id: "r",
      title: "Retreat",
      startTime: "2026-03-03T14:00:00.000Z", // Tue 9 AM
      endTime: "2026-03-05T22:00:00.000Z", // Thu 5 PM
      allDay: false,
      priority: "medium",
      version: 1,
    };
    const grid = layoutDays([retreat], days, ZONE);
    expect(grid.map((d) => d.timed.length)).toEqual([0, 0, 0, 0, 0]);
    expect(allDayBars(grid)).toMatchObject([{ from: 1, to: 3, lane: 0 }]);
  });
});

describe("opening scroll", () => {
  const tuesday = (events: LocalEvent[]) => layoutDays(events, [DATE], ZONE);
  const monday = new Date("2026-03-02T15:00:00Z"); // not a shown day
  const profile = {
    workingDays: [1, 2, 3, 4, 5],
    workingHours: { start: 540, end: 1020 },
    dayHours: {},
    energyWindows: [],
  } as unknown as PlanProfile;

  it("opens half an hour above the earliest event", () => {
    const days = tuesday([at("Early", "07:00", "07:15"), at("Later", "10:00", "11:00")]);
    expect(openingScroll({ days, zone: ZONE, profile, now: monday, viewport: 600 })).toBe(
      6.5 * HOUR_PX,
    );
  });

  it("opens on the working day when it starts before the first event, 8 AM without a profile", () => {
    const days = tuesday([at("Late", "15:00", "16:00")]);
    expect(openingScroll({ days, zone: ZONE, profile, now: monday, viewport: 600 })).toBe(
      8.5 * HOUR_PX,
    );
    expect(openingScroll({ days, zone: ZONE, profile: null, now: monday, viewport: 600 })).toBe(
      7.5 * HOUR_PX,
    );
  });

  it("with today shown, moves just enough to keep now in view", () => {
    const days = tuesday([at("Early", "07:00", "08:00")]);
    const evening = new Date("2026-03-04T01:10:00Z"); // Tuesday 8:10 PM in New York
    const top = openingScroll({ days, zone: ZONE, profile, now: evening, viewport: 600 });
    const nowY = 20 * HOUR_PX;
    expect(nowY).toBeGreaterThan(top);
    expect(nowY).toBeLessThanOrEqual(top + 600 - 30 * MIN_PX);
    const dawn = new Date("2026-03-03T10:20:00Z"); // 5:20 AM
    expect(openingScroll({ days, zone: ZONE, profile, now: dawn, viewport: 600 })).toBe(
      4.5 * HOUR_PX,
    );
  });

  it("late at night it opens on the end of the day, never past it", () => {
    const days = tuesday([at("Early", "07:00", "08:00")]);
    const late = new Date("2026-03-04T04:59:00Z"); // Tuesday 11:59 PM in New York
    expect(openingScroll({ days, zone: ZONE, profile, now: late, viewport: 600 })).toBe(
      DAY_PX - 600,
    );
  });
});
