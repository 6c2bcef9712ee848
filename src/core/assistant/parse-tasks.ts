import { DateTime } from "luxon";
import type { NewTask } from "./calendar-tools.ts";
import { NUMBER_WORDS } from "./lexicon.ts";
import { type Ctx, parseWhen } from "./parse-when.ts";

/** The lexicon's number words, plus the amounts said of a length ("half", "a couple of"). */
const WORD_NUMBERS: Record<string, number> = {
  ...NUMBER_WORDS,
  half: 0.5,
  "an hour and a half": 1.5,
  "one and a half": 1.5,
  "a couple of": 2,
  "a couple": 2,
  couple: 2,
};

export const DURATION =
  /(?:\b(?:for|about|around|roughly|approx\.?|approximately|takes?|~)\s+)?(?:(?:\b|~)(?:\d+(?:[.,]\d+)?\s*(?:[-–]|to)\s*)?(\d+(?:[.,]\d+)?)\s*(?:-\s*)?|\b(a couple(?: of)?|couple|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|half an?)(?:\s+|-))(hours?|hrs?|h|minutes?|mins?|m)\b(?:\s+and\s+(?:a\s+half|(\d+)\s*(?:minutes?|mins?|m)\b))?/i;

/**
 * "an hour" → 60, "90 min" → 90, "1.5h" → 90, "half an hour" → 30, "2h 30" → 150; a range
 * ("2-3 hours", "2 to 3 hours") is its upper end — people guess short (issue 27).
 */
export function parseDuration(text: string): number | undefined {
  const m = DURATION.exec(text);
  if (!m) return undefined;
  const raw = (m[1] ?? m[2]!).toLowerCase();
  const n = /^half/.test(raw) ? 0.5 : (WORD_NUMBERS[raw] ?? Number(raw.replace(",", ".")));
  if (!Number.isFinite(n) || n <= 0) return undefined;
  const unit = m[3]!.toLowerCase();
  let minutes = unit.startsWith("h") || raw.includes("hour") ? n * 60 : n;
  if (/and a half/i.test(m[0]) && !raw.includes("half")) minutes += unit.startsWith("h") ? 30 : 0;
  if (m[4]) minutes += Number(m[4]);
  const tail = /^\s*(\d{1,2})\s*(?:m|min|mins|minutes)?\b/.exec(text.slice(m.index + m[0].length));
  if (unit.startsWith("h") && tail && !m[4] && Number(tail[1]) < 60) minutes += Number(tail[1]);
  return Math.round(minutes);
}

const DUE = /\b(?:due(?: by| on)?|by|before|deadline(?: is)?:?|until|no later than)\s+(.+)$/i;

/** The deadline a phrase names; a day without a time means 17:00 that day. */
export function parseDeadline(text: string, ctx: Ctx): { deadline?: string; rest: string } {
  const m = DUE.exec(text);
  if (!m) return { rest: text };
  const tail = m[1]!;
  const zone = ctx.timezone;
  const now = DateTime.fromJSDate(ctx.now, { zone });
  let at: DateTime | undefined;
  let said = "";
  const eow = /^(?:the )?end of (?:the |this )?week\b|^eow\b/i.exec(tail);
  const eod = /^(?:the )?end of (?:the )?day\b|^eod\b|^tonight\b/i.exec(tail);
  if (eow) {
    at = now.set({ weekday: 5, hour: 17, minute: 0, second: 0, millisecond: 0 });
    said = eow[0];
  } else if (eod) {
    at = now.set({ hour: 17, minute: 0, second: 0, millisecond: 0 });
    said = eod[0];
  } else {
    const when = parseWhen(tail, ctx);
    if (!when || when.index > 4) return { rest: text };
    at = when.hasTime
      ? when.start
      : when.start.set({ hour: 17, minute: 0, second: 0, millisecond: 0 });
    said = tail.slice(0, when.index + when.text.length);
    // "due Wednesday" said on a Wednesday means next week's
    if (/^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*$/i.test(when.text.trim()) && at.hasSame(now, "day"))
      at = at.plus({ weeks: 1 });
  }
  const start = m.index;
  const end = m.index + m[0].length - tail.length + said.length;
  return {
    deadline: at.toUTC().toISO()!,
    rest: `${text.slice(0, start)} ${text.slice(end)}`,
  };
}

const FILLER =
  /\b(?:it(?:'s| is| will)?|will|should|take|takes|taking|about|around|roughly|approximately|maybe|probably|estimate[ds]?|est\.?|needs?|of work|worth|work)\b/gi;

export const tidy = (s: string) =>
  s
    .replace(/\s+/g, " ")
    .replace(/^[\s,.;:!?()—–-]+|[\s,.;:!?()—–-]+$/g, "")
    .replace(/^(?:a|an|the|my|to)\s+/i, "")
    .replace(/\s+(?:on|at|for|by|and|with|in|to)$/i, "")
    .trim();

const capital = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

function readItem(text: string, ctx: Ctx): NewTask & { hasEstimate: boolean } {
  const { deadline, rest } = parseDeadline(text, ctx);
  const minutes = parseDuration(rest);
  const title = tidy(
    rest
      .replace(DURATION, " ")
      .replace(/^\s*\d{1,2}\s*(?:m|min|mins|minutes)\b/i, " ")
      .replace(/[()]/g, " ")
      .replace(FILLER, " "),
  );
  return {
    title: capital(tidy(title)),
    estimateMinutes: minutes ?? 30,
    hasEstimate: minutes !== undefined,
    ...(deadline ? { deadline } : {}),
  };
}

/**
 * Tasks in a sentence: "write report 3h due Friday", "write the report (3h, due Friday) and
 * prepare slides (90 min)", "call the bank, 30 minutes, by Thursday; tidy inbox 45m".
 * A piece that only adds details (an estimate, a deadline) belongs to the task before it;
 * "and" splits only between two pieces that each have their own estimate.
 */
export function parseTasks(text: string, ctx: Ctx): (NewTask & { hasEstimate: boolean })[] {
  const pieces: string[] = [];
  const parens = [...text.matchAll(/([^();]+?)\s*\(([^)]*)\)/g)];
  if (parens.length > 0) {
    for (const m of parens)
      pieces.push(`${m[1]!.replace(/^\s*(?:,|;)?\s*(?:and\s+)?/i, "")} ${m[2]}`);
  } else {
    for (const part of text.split(/\s*(?:;|,|\n|\bthen\b|\balso\b|\bplus\b)\s*/i)) {
      const sub = part.split(/\s+(?:and|&)\s+/i);
      const each = sub.every((s) => parseDuration(s) !== undefined);
      if (sub.length > 1 && each) pieces.push(...sub);
      else pieces.push(part);
    }
  }
  const items: (NewTask & { hasEstimate: boolean })[] = [];
  for (const piece of pieces) {
    if (!piece.trim()) continue;
    const item = readItem(piece.replace(/^\s*(?:and|&)\s+/i, ""), ctx);
    const prev = items.at(-1);
    if (!item.title && prev) {
      // details for the task before: "call the bank, 30 minutes, by Thursday"
      if (item.hasEstimate && !prev.hasEstimate) {
        prev.estimateMinutes = item.estimateMinutes;
        prev.hasEstimate = true;
      }
      if (item.deadline && !prev.deadline) prev.deadline = item.deadline;
      continue;
    }
    if (item.title) items.push(item);
  }
  return items.slice(0, 10);
}
