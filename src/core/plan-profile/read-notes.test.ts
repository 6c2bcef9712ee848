import { describe, expect, it } from "vitest";
import { readNotes } from "./read-notes.ts";

const facts = (text: string) => readNotes(text).facts;

describe("readNotes: days", () => {
  it.each([
    ["Fridays are for errands", [5]],
    ["Friday is my day off", [5]],
    ["I take Fridays off", [5]],
    ["I don't work weekends", [6, 7]],
    ["I don’t work on Saturdays or Sundays", [6, 7]],
    ["never work on the weekend", [6, 7]],
    ["Mondays and Wednesdays off", [1, 3]],
    ["No work on Sundays please", [7]],
    ["Weekends are for family time", [6, 7]],
  ])("%s → days off %j", (text, off) => {
    expect(facts(text).daysOff).toEqual(off);
  });

  it.each([
    ["I work 4 days a week", 4],
    ["work four days a week; Fridays are for errands", 4],
    ["I'm on a 4-day week", 4],
    ["working just three days per week", 3],
  ])("%s → %i days a week", (text, n) => {
    expect(facts(text).daysPerWeek).toBe(n);
  });

  it("reads a range of days", () => {
    expect(facts("I work Monday to Thursday").days).toEqual([1, 2, 3, 4]);
  });

  it("reads a day worked", () => {
    expect(facts("I also work Saturdays").daysOn).toEqual([6]);
  });

  it.each([
    "I go to the gym 3 days a week",
    "Meetings on Fridays are the worst",
    "I sat down with my manager",
    "I don't mind working weekends",
    "my 3-day weekend trips are fun",
    "Friday deadlines stress me out",
  ])("reads nothing about days from %j", (text) => {
    const f = facts(text);
    expect(f.daysOff).toEqual([]);
    expect(f.daysOn).toEqual([]);
    expect(f.days).toBeUndefined();
    expect(f.daysPerWeek).toBeUndefined();
  });
});

describe("readNotes: hours", () => {
  it.each([
    ["I can only work 9 to 3", 540, 900],
    ["I work 9-5", 540, 1020],
    ["working hours are 8:30am to 4:30pm", 510, 990],
    ["The kids are at school 9 to 3, so that's when I work", 540, 900],
    ["I'm available between 10 and 6", 600, 1080],
    ["I work 10pm to midnight", 1320, 1440],
  ])("%s → %i–%i", (text, start, end) => {
    expect(facts(text)).toMatchObject({ start, end });
  });

  it.each([
    ["I start work at 10am", { start: 600 }],
    ["I work from 10am", { start: 600 }],
    ["I finish at 3", { end: 900 }],
    ["I have to stop working by 4:30", { end: 990 }],
  ])("%s → %j", (text, expected) => {
    expect(facts(text)).toMatchObject(expected);
  });

  it.each([
    "my kids are 4 and 9",
    "I work with 3 to 5 clients at a time",
    "I work on 2-3 projects at once",
    "School runs 9 to 3",
    "I need 8 hours of sleep",
    "I sleep from 11 to 7",
  ])("reads no hours from %j", (text) => {
    const f = facts(text);
    expect(f.start).toBeUndefined();
    expect(f.end).toBeUndefined();
  });
});

describe("readNotes: meetings and energy", () => {
  it("reads no meetings before 10 as a meeting rule, not as working hours", () => {
    const r = readNotes("No meetings before 10, I work from 8");
    expect(r.facts.noMeetingsBefore).toBe(600);
    expect(r.facts.start).toBe(480);
  });

  it("reads no meetings until 10 as no meetings before 10, never as an end of work", () => {
    const f = facts("I work best with no meetings until 10am");
    expect(f.noMeetingsBefore).toBe(600);
    expect(f.end).toBeUndefined();
  });

  it("reads no calls after 4", () => {
    expect(facts("no calls after 4").noMeetingsAfter).toBe(960);
  });

  it.each([
    ["I'm a night owl", "late"],
    ["total early bird here", "early"],
    ["I'm not a morning person", "late"],
    ["I'm not really a night owl", "early"],
  ])("%s → %s", (text, kind) => {
    expect(facts(text).chronotype).toBe(kind);
  });

  it("quotes the words each thing was read from", () => {
    const r = readNotes("I work 4 days a week; Fridays are for errands. I love cats.");
    expect(r.taken.map((t) => t.quote)).toEqual(["work 4 days a week", "Fridays are for errands"]);
  });

  it("reads nothing from an empty or unrelated note", () => {
    expect(readNotes("").taken).toEqual([]);
    expect(readNotes("I love my dog and I have ADHD.").taken).toEqual([]);
  });
});
