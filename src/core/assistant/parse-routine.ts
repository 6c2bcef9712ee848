import { DateTime } from "luxon";
import type { AssistantRequest, NewRoutine } from "./calendar-tools.ts";

/**
 * Routines in plain words (issue 29): "gym 3 times a week, mornings, an hour", "skip gym
 * today", "move my runs to evenings". Pure and deterministic; undefined for anything else —
 * in particular a fixed clock time ("every tuesday and thursday at 7am") is an event, left to
 * the calendar parser. parse-calendar-request.ts calls it from two rules: "routine" (create and
 * skip, before tasks) and "routine_window" (a part of the day in the plural, before moves).
 */

type Day = NewRoutine["days"][number];
const ALL: Day[] = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];
const WEEKDAYS: Day[] = ["MO", "TU", "WE", "TH", "FR"];

/** Parts of the day as windows (HH:MM). */
const PARTS: [RegExp, { from: string; to: string }][] = [
  [/\b(?:early mornings?|before work)\b/, { from: "06:00", to: "09:00" }],
  [/\bmornings?\b/, { from: "06:00", to: "12:00" }],
  [/\b(?:lunch(?:time)?|midday|noon)s?\b/, { from: "11:30", to: "14:00" }],
  [/\bafternoons?\b/, { from: "12:00", to: "17:00" }],
  [/\b(?:evenings?|after work|tonight)\b/, { from: "17:00", to: "21:00" }],
  [/\bnights?\b/, { from: "19:00", to: "23:00" }],
];
const ANY_TIME = { from: "07:00", to: "21:00" };

const NUMBER: Record<string, number> = {
  one: 1,
  once: 1,
  two: 2,
  twice: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
};
const DAY_WORDS: [RegExp, Day][] = [
  [/\bmon(?:day)?s?\b/, "MO"],
  [/\btue(?:s|sday)?s?\b/, "TU"],
  [/\bwed(?:nesday)?s?\b/, "WE"],
  [/\bthu(?:rs|rsday)?s?\b/, "TH"],
  [/\bfri(?:day)?s?\b/, "FR"],
  [/\bsat(?:urday)?s?\b/, "SA"],
  [/\bsun(?:day)?s?\b/, "SU"],
];

/** A clock time ("at 7am", "7:30", "19h", "from 9 to 11"): the mark of an event, not a routine. */
const CLOCK =
  /\b(?:at\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?|\d{1,2}:\d{2}|\d{1,2}\s*(?:am|pm)|\d{1,2}\s*[-–]\s*\d{1,2}|from\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?\s+(?:to|until|till)\s+\d{1,2})\b/;

const windowOf = (text: string) => PARTS.find(([re]) => re.test(text))?.[1];

function minutesOf(text: string): number | undefined {
  if (/\bhalf an hour\b/.test(text)) return 30;
  if (/\b(?:an|one|1) hour\b/.test(text)) return 60;
  const hours = /\b(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)\b/.exec(text);
  if (hours) return Math.round(Number(hours[1]) * 60);
  const minutes = /\b(\d+)\s*(?:m|mins?|minutes?)\b/.exec(text);
  return minutes ? Number(minutes[1]) : undefined;
}

const span = (w: { from: string; to: string }) => {
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  return m(w.to) - m(w.from);
};
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The activity named before the rest: "I want to go to the gym" → "Gym". */
function titleOf(text: string): string | undefined {
  const title = text
    .replace(
      /^(?:i\s+(?:want|would like|'d like|need)\s+to\s+|let me\s+|please\s+|remind me to\s+)/,
      "",
    )
    .replace(
      /^(?:go\s+(?:to\s+(?:the\s+)?)?|do\s+(?:some\s+)?|have\s+(?:a\s+)?|add\s+(?:a\s+)?)/,
      "",
    )
    .replace(/^(?:routine|habit)\s*:?\s*/, "")
    // the length is the routine's, not its title's: "read 30 minutes" → "Read"
    .replace(
      /\s*\b(?:for\s+)?(?:\d+(?:\.\d+)?\s*(?:m|mins?|minutes?|h|hrs?|hours?)|(?:an|one)\s+hour|half\s+an\s+hour)\b/g,
      "",
    )
    .replace(/[\s,.;:–-]+$/, "")
    .trim();
  return title ? capitalize(title).slice(0, 200) : undefined;
}

/** Rule: "<activity> <n times a week | daily | every weekday>[, <part of day>][, <length>]". */
function createRoutine(text: string): AssistantRequest | undefined {
  const often =
    /\b(\d|one|two|three|four|five|six|seven|once|twice)\s*(?:x|times?)?\s*(?:a|per|each|every)\s+week\b/.exec(
      text,
    );
  const daily = /\b(?:every\s*day|daily|each day)\b/.exec(text);
  const weekdays = /\b(?:every\s+weekday|on\s+weekdays|weekdays)\b/.exec(text);
  const found = often ?? daily ?? weekdays;
  if (!found || CLOCK.test(text)) return undefined;
  const title = titleOf(text.slice(0, found.index));
  if (!title) return undefined;
  const named = DAY_WORDS.filter(([re]) => re.test(text.slice(found.index))).map(([, d]) => d);
  let days: Day[] = named.length > 0 ? named : /\bweekends?\b/.test(text) ? ["SA", "SU"] : ALL;
  if (weekdays && !often) days = WEEKDAYS;
  const timesPerWeek = often ? Number(often[1]) || NUMBER[often[1]!]! : weekdays ? 5 : 7;
  if (timesPerWeek > days.length) return undefined; // "4 times a week on Tue and Thu": ask the form
  const window = windowOf(text) ?? ANY_TIME;
  const minutes = Math.min(minutesOf(text) ?? 60, span(window));
  return {
    tool: "create_routine",
    routine: { title, minutes, timesPerWeek, days, window },
  };
}

/** Rule: "skip <routine> today|tomorrow". */
function skipSession(text: string, ctx: { now: Date; zone: string }) {
  const m =
    /\bskip(?:ping)?\s+(?:my\s+|the\s+|today's\s+|tomorrow's\s+)?(.+?)(?:\s+session)?\s+(today|tonight|tomorrow)\b/.exec(
      text,
    );
  if (!m) return undefined;
  const day = DateTime.fromJSDate(ctx.now, { zone: ctx.zone }).plus({
    days: m[2] === "tomorrow" ? 1 : 0,
  });
  return {
    tool: "skip_routine_session" as const,
    title: capitalize(m[1]!.trim()),
    date: day.toISODate()!,
  };
}

/** Rule: "move my <routine> to <part of day>". */
function moveRoutine(text: string) {
  const m = /\b(?:move|shift|put)\s+(?:my\s+|the\s+)?(.+?)\s+to\s+(?:the\s+)?(.+)$/.exec(text);
  if (!m || CLOCK.test(m[2]!)) return undefined;
  const window = windowOf(m[2]!);
  if (!window) return undefined;
  return { tool: "update_routine" as const, title: capitalize(m[1]!.trim()), window };
}

/** A routine request in `body`, or undefined (then it is not one, or it is an event). */
export function parseRoutineRequest(
  body: string,
  ctx: { now: Date; zone: string },
): AssistantRequest | undefined {
  const text = body
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[!?.]+$/, "");
  return skipSession(text, ctx) ?? createRoutine(text) ?? moveRoutine(text);
}
