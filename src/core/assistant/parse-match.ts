import type { EventMatch, SeriesScope } from "./calendar-tools.ts";
import { tidy } from "./parse-tasks.ts";
import { type Ctx, normalize, parseWhen } from "./parse-when.ts";

/** "the whole series" or "just this one", when the words say which. */
export function scopeIn(text: string): SeriesScope | undefined {
  if (
    /\b(?:whole|entire|all|every|series|recurring|repeating|from now on|for good|altogether|permanently|both)\b/i.test(
      text,
    )
  )
    return "all";
  if (
    /\b(?:just|only|single|this one|that one|one occurrence|this time|this week's|once)\b/i.test(
      text,
    )
  )
    return "this";
  return undefined;
}

/** The words name the series itself ("the whole series", "from now on"), not just "all". */
export const seriesSaid = (text: string) =>
  /\b(?:whole|entire|series|recurring|repeating|from now on|for good|altogether|permanently)\b/i.test(
    text,
  );

/** The answer to "just this one, or the whole series?" (or to "which one?"), if it is one. */
export function parseScopeReply(message: string): SeriesScope | "never_mind" | undefined {
  const text = normalize(message).toLowerCase();
  if (text.length > 80) return undefined;
  if (/^(?:no|nope|never ?mind|forget it|leave it|don't|do not|stop|nothing)\b/.test(text))
    return "never_mind";
  return scopeIn(text);
}

const PICKS: Record<string, number> = {
  first: 1,
  "1st": 1,
  "1": 1,
  one: 1,
  second: 2,
  "2nd": 2,
  "2": 2,
  two: 2,
  third: 3,
  "3rd": 3,
  "3": 3,
  three: 3,
  fourth: 4,
  "4th": 4,
  "4": 4,
  four: 4,
  fifth: 5,
  "5th": 5,
  "5": 5,
  five: 5,
  last: -1,
};

/**
 * The answer to "That matches 2 events… Which one?" when it picks one of the listed matches
 * by its place: "the second", "2", "the last one", "number 1". Undefined for anything else.
 */
export function parsePickReply(message: string): number | undefined {
  const text = normalize(message).toLowerCase();
  const m =
    /^(?:the\s+|number\s+|no\.?\s*|#)?(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last|[1-5]|one|two|three|four|five)(?:\s+(?:one|event))?(?:\s+please)?[\s.!]*$/.exec(
      text,
    );
  return m ? PICKS[m[1]!] : undefined;
}

const SCOPE_WORDS =
  /\b(?:the )?(?:whole|entire|all(?: future)?|every|all the|all of the)\s+(?:series(?: of)?\s*)?|\b(?:series|recurring|repeating|occurrences?)\b|\bfrom now on\b|\bfor good\b|\baltogether\b|\bpermanently\b|\bjust\b|\bonly\b|\bthis one\b|\bthe one\b/gi;

/** "the dentist" → title; "the 3pm" → a start time; "tomorrow's gym" → a title on a day. */
export function matchFor(phrase: string, ctx: Ctx): EventMatch {
  const cleaned = phrase
    .replace(/\b(?:from|in|on|off|out of) (?:my|the) (?:calendar|schedule|diary|agenda)\b/gi, " ")
    .replace(SCOPE_WORDS, " ")
    .replace(/\b(?:from|on|at|for)\s*$/i, " ");
  const when = parseWhen(cleaned, ctx);
  const title = tidy(
    (when ? cleaned.replace(when.text, " ") : cleaned)
      .replace(/'s\b/g, "")
      .replace(
        /\b(?:from|on|at|of|that is|that's|which is|scheduled|planned|i have|i've got|in my calendar|from my calendar|my|the)\b/gi,
        " ",
      )
      .replace(/\b(?:one|event|thing)\s*$/i, ""),
  );
  const match: EventMatch = {};
  if (title && !/^(?:it|that|this|them|those)$/i.test(title)) match.title = title;
  if (when) {
    if (when.hasTime) match.start = when.start.toUTC().toISO()!;
    else
      match.on = {
        from: when.start.startOf("day").toUTC().toISO()!,
        to: when.start.startOf("day").plus({ days: 1 }).toUTC().toISO()!,
      };
  }
  return match;
}
