import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { CarriedOver } from "../../../core/contract/today.ts";
import {
  carriedOverText,
  checkInText,
  formatMinutes,
  isEvening,
  leftToday,
  loadNote,
  loadSentence,
  overlapNote,
} from "./lib/today-text.ts";

const ROOT = path.resolve(import.meta.dirname, "../../../..");
/** Everything Today says or is built from: its screen, its words, its server side. */
const SOURCES = [
  "src/web/features/today",
  "src/web/routes/today.tsx",
  "src/core/contract/today.ts",
  "src/core/today",
  "src/server/today",
  "src/server/routes/today.ts",
];
const SHAME = /\b(overdue|missed|failed|fail|late|behind schedule)\b/i;

function files(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full).flatMap((name) => files(path.join(entry, name)));
}

describe("Today's words", () => {
  it("never blame: no overdue, missed, failed or late in Today's code or words", () => {
    const found = SOURCES.flatMap(files)
      .filter((f) => !f.endsWith("today-words.test.ts"))
      .flatMap((f) =>
        readFileSync(f, "utf8")
          .split("\n")
          .map((line, i) => ({ f: path.relative(ROOT, f), i: i + 1, line }))
          .filter(({ line }) => SHAME.test(line)),
      )
      .map(({ f, i, line }) => `${f}:${i}: ${line.trim()}`);
    expect(found).toEqual([]);
  });

  it("formats the load in hours and minutes against the day", () => {
    expect(formatMinutes(200)).toBe("3 h 20");
    expect(formatMinutes(300)).toBe("5 h");
    expect(formatMinutes(45)).toBe("45 min");
    expect(loadSentence({ plannedMinutes: 200, doneMinutes: 0, capacityMinutes: 300 })).toBe(
      "3 h 20 of 5 h planned",
    );
  });

  it("calls the day light only when the calendar is empty, and counts its events otherwise", () => {
    const load = { plannedMinutes: 0, doneMinutes: 0, capacityMinutes: 300 };
    const meeting = (id: string) => ({
      kind: "meeting" as const,
      id,
      occurrence: null,
      title: id,
      start: "2031-03-04T14:00:00Z",
      end: "2031-03-04T14:30:00Z",
      allDay: false,
      from: "sage" as const,
      taskId: null,
      checkIn: null,
    });
    expect(loadNote({ load, items: [] })).toBe("Nothing planned yet — a light day.");
    expect(loadNote({ load, items: [meeting("Standup"), meeting("Call mom")] })).toBe(
      "No work blocks from Sage today — 2 events on your calendar.",
    );
    expect(loadNote({ load, items: [meeting("Standup")] })).toBe(
      "No work blocks from Sage today — 1 event on your calendar.",
    );
  });

  it("says yesterday's unfinished work is planned again, or waiting for a time", () => {
    const c: CarriedOver = {
      taskId: "t",
      title: "Essay",
      eventIds: ["e"],
      minutes: 50,
      plannedAgain: { eventId: "n", start: "2031-03-04T14:00:00Z" },
    };
    expect(carriedOverText(c, "UTC", "en-GB")).toBe(
      "“Essay” (50 min left) is planned again for Tue 14:00.",
    );
    expect(carriedOverText({ ...c, plannedAgain: null }, "UTC", "en-GB")).toMatch(
      /waiting for a new time/,
    );
    expect(checkInText({ outcome: "skipped", minutes: null })).toBe("Skipped — planned again");
  });

  it("opens the evening wrap-up after 17:00 or after the last block, for blocks not checked in", () => {
    const block = (start: string, end: string, checked = false) => ({
      kind: "block" as const,
      id: start,
      occurrence: null,
      title: "B",
      start,
      end,
      allDay: false,
      from: "sage" as const,
      taskId: "t",
      checkIn: checked ? { outcome: "done" as const, minutes: null } : null,
    });
    const items = [
      block("2031-03-04T09:00:00Z", "2031-03-04T10:00:00Z", true),
      block("2031-03-04T11:00:00Z", "2031-03-04T12:00:00Z"),
    ];
    expect(isEvening(new Date("2031-03-04T10:30:00Z"), items, "UTC")).toBe(false);
    expect(isEvening(new Date("2031-03-04T12:30:00Z"), items, "UTC")).toBe(true);
    expect(isEvening(new Date("2031-03-04T17:00:00Z"), [], "UTC")).toBe(true);
    expect(leftToday(new Date("2031-03-04T12:30:00Z"), items).map((i) => i.id)).toEqual([
      "2031-03-04T11:00:00Z",
    ]);
  });

  it("says what a block shares its time with, and nothing when it shares none", () => {
    const item = (id: string, title: string, start: string, end: string, allDay = false) => ({
      kind: "meeting" as const,
      id,
      occurrence: null,
      title,
      start: `2031-03-04T${start}:00Z`,
      end: `2031-03-04T${end}:00Z`,
      allDay,
      from: "sage" as const,
      taskId: null,
      checkIn: null,
    });
    const walk = { ...item("w", "Evening walk", "20:00", "20:30"), kind: "block" as const };
    const mom = item("m", "Call mom", "20:00", "20:30");
    const later = item("l", "Later", "20:30", "21:00");
    const holiday = item("h", "Holiday", "00:00", "23:59", true);
    expect(overlapNote(walk, [walk, mom, later, holiday], "UTC", "en-GB")).toBe(
      "Overlaps “Call mom” (20:00 – 20:30).",
    );
    expect(overlapNote(walk, [walk, later, holiday], "UTC", "en-GB")).toBeUndefined();
  });
});
