import { numberOf } from "../assistant/lexicon.ts";
/**
 * Reads the questionnaire's free-text answer for what it can say about how the person works:
 * days off, days worked, hours, meeting-free times, being a night owl or an early bird.
 * Deterministic (no model): a table of rules, each with its pattern and priority; a rule
 * that matches consumes its words, so a lower rule never reads them again ("no meetings
 * until 10" is never also "works until 10"). What is not understood is left alone — the
 * person sees exactly what was taken, quoted.
 */

export type NoteFacts = {
  /** Exactly these days ("I work Monday to Thursday"). */
  days?: number[];
  daysOff: number[];
  daysOn: number[];
  daysPerWeek?: number;
  /** Minutes from midnight. */
  start?: number;
  end?: number;
  noMeetingsBefore?: number;
  noMeetingsAfter?: number;
  chronotype?: "early" | "late";
};

/** One thing read, with the words it was read from. */
export type NoteTaken = { quote: string; fact: Partial<NoteFacts> };

const DAY_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const DAY = "(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend)s?|the weekends?";
const DAY_LIST = String.raw`(?:${DAY})(?:(?:\s*,\s*|\s+and\s+|\s+or\s+|\s*&\s*|\s*/\s*)(?:${DAY}))*`;
const NUM = "[1-7]|one|two|three|four|five|six|seven";
const TIME = String.raw`(?:\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?|noon|midday|midnight)`;
const NOT_A_TIME = String.raw`(?!\s*(?:clients?|people|kids|children|tasks?|hours?|minutes?|mins?|days?|weeks?|times|projects?|meetings?|years?|%|x\b|\d))`;
const NEGATION = "(?:don'?t|do not|never|can'?t|cannot|won'?t|no longer)";
/** A clause about work, so a time in it is read as working hours. */
const WORK_CONTEXT =
  /\b(?:work|working|job|office|shift|hours|available|desk|start|begin|finish|done|log off|stop)\b/;

function daysIn(list: string): number[] {
  const out = new Set<number>();
  for (const part of list.split(/\s*,\s*|\s+and\s+|\s+or\s+|\s*&\s*|\s*\/\s*/)) {
    const word = part.replace(/^the\s+/, "").replace(/s$/, "");
    if (word === "weekend") {
      out.add(6);
      out.add(7);
      continue;
    }
    const i = DAY_NAMES.indexOf(word);
    if (i >= 0) out.add(i + 1);
  }
  return [...out].sort((a, b) => a - b);
}

type Clock = { hour: number; minute: number; half: "am" | "pm" | null };

function clockOf(text: string): Clock | null {
  const t = text.trim();
  if (t === "noon" || t === "midday") return { hour: 12, minute: 0, half: "pm" };
  if (t === "midnight") return { hour: 24, minute: 0, half: null };
  const m = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$/.exec(t);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  const half = m[3] ? (m[3].startsWith("a") ? "am" : "pm") : null;
  if (minute > 59 || hour > 24 || (half && (hour < 1 || hour > 12))) return null;
  return { hour, minute, half };
}

/** Minutes from midnight; a bare hour 1–6 reads as afternoon (nobody starts work at 3 AM). */
function minutesOf(c: Clock, prefer: "start" | "end", after?: number): number {
  let h = c.hour;
  if (c.half === "am" && h === 12) h = 0;
  else if (c.half === "pm" && h < 12) h += 12;
  else if (c.half === null && h <= 12) {
    if (after !== undefined && h * 60 + c.minute <= after && h < 12) h += 12;
    else if (after === undefined && h >= 1 && h <= (prefer === "start" ? 5 : 7)) h += 12;
  }
  return h * 60 + c.minute;
}

type Rule = {
  id: string;
  /** Higher first; a match consumes its words for the rules below it. */
  priority: number;
  pattern: RegExp;
  /** Only in a clause that also says something about work. */
  needsWorkContext?: boolean;
  read: (m: RegExpExecArray) => Partial<NoteFacts> | null;
};

const RULES: Rule[] = [
  {
    id: "no-meetings",
    priority: 100,
    pattern: new RegExp(
      String.raw`\bno (?:meetings|calls)\s+(before|until|till|after|past)\s+(${TIME})${NOT_A_TIME}`,
      "g",
    ),
    read: (m) => {
      const c = clockOf(m[2]!);
      if (!c) return null;
      const at = minutesOf(c, m[1] === "after" || m[1] === "past" ? "end" : "start");
      return m[1] === "after" || m[1] === "past"
        ? { noMeetingsAfter: at }
        : { noMeetingsBefore: at };
    },
  },
  {
    id: "negated-chronotype",
    priority: 90,
    pattern:
      /\bnot (?:a |an |really a )?(morning person|early bird|early riser|night owl|evening person)\b/g,
    read: (m) =>
      m[1] === "morning person" || m[1] === "early bird" || m[1] === "early riser"
        ? { chronotype: "late" }
        : { chronotype: "early" },
  },
  {
    id: "chronotype",
    priority: 80,
    pattern: /\b(night owl|evening person|morning person|early bird|early riser)\b/g,
    read: (m) => ({
      chronotype: m[1] === "night owl" || m[1] === "evening person" ? "late" : "early",
    }),
  },
  {
    id: "day-range",
    priority: 70,
    pattern: new RegExp(
      String.raw`\bwork(?:ing)?\s+(?:from\s+)?(${DAY})\s+(?:to|through|thru|till|until|-|–)\s+(${DAY})`,
      "g",
    ),
    read: (m) => {
      const [a] = daysIn(m[1]!);
      const [b] = daysIn(m[2]!);
      if (!a || !b || b < a) return null;
      return { days: Array.from({ length: b - a + 1 }, (_, i) => a + i) };
    },
  },
  {
    id: "not-working-days",
    priority: 60,
    pattern: new RegExp(
      String.raw`\b${NEGATION}\s+work\s+(?:on\s+|at\s+|during\s+)?(?:the\s+)?(${DAY_LIST})`,
      "g",
    ),
    read: (m) => ({ daysOff: daysIn(m[1]!) }),
  },
  {
    id: "days-are-for",
    priority: 60,
    pattern: new RegExp(
      String.raw`\b(${DAY_LIST})\s+(?:are|is)\s+(?:for\s+|my\s+|a\s+)?(?:errands|days? off|off|family(?: time)?|rest|personal|kids|the kids|chores|admin|me time|free|not for work|sacred)\b`,
      "g",
    ),
    read: (m) => ({ daysOff: daysIn(m[1]!) }),
  },
  {
    id: "days-off",
    priority: 60,
    pattern: new RegExp(
      String.raw`\b(?:(${DAY_LIST})\s+off\b|(?:off|no work)\s+(?:on\s+|at\s+)?(?:the\s+)?(${DAY_LIST}))`,
      "g",
    ),
    read: (m) => ({ daysOff: daysIn(m[1] ?? m[2]!) }),
  },
  {
    id: "working-days",
    priority: 50,
    pattern: new RegExp(
      String.raw`\bi\s+(?:also\s+|usually\s+|often\s+|sometimes\s+)?work\s+(?:on\s+|at\s+)?(?:the\s+)?(${DAY_LIST})`,
      "g",
    ),
    read: (m) => ({ daysOn: daysIn(m[1]!) }),
  },
  {
    id: "days-per-week",
    priority: 50,
    pattern: new RegExp(
      String.raw`\b(?:work(?:ing)?\s+(?:only\s+|just\s+)?(${NUM})\s+days?\s+(?:a|per|each|every)\s+week|(${NUM})[- ]day\s+(?:work\s?)?week\b)`,
      "g",
    ),
    read: (m) => {
      const n = numberOf(m[1] ?? m[2]!);
      return n >= 1 && n <= 7 ? { daysPerWeek: n } : null;
    },
  },
  {
    id: "hours-range",
    priority: 40,
    needsWorkContext: true,
    pattern: new RegExp(
      String.raw`\b(?:(?:from\s+)?(${TIME})\s*(?:to|until|till|til|-|–)\s*(${TIME})|between\s+(${TIME})\s+and\s+(${TIME}))${NOT_A_TIME}`,
      "g",
    ),
    read: (m) => {
      const a = clockOf(m[1] ?? m[3]!);
      const b = clockOf(m[2] ?? m[4]!);
      if (!a || !b) return null;
      // "9 to 3": the end takes the start's half of the day unless that would end it first
      const start = minutesOf(a, "start", undefined);
      const end = minutesOf(b, "end", start);
      const length = end - start;
      if (length < 60 || length > 16 * 60 || end > 1440) return null;
      return { start, end };
    },
  },
  {
    id: "start-time",
    priority: 30,
    needsWorkContext: true,
    pattern: new RegExp(
      String.raw`\b(?:start(?:s|ing)?(?:\s+work(?:ing)?)?|begin(?:s|ning)?(?:\s+work)?|from)\s+(?:at\s+|around\s+|about\s+)?(${TIME})${NOT_A_TIME}`,
      "g",
    ),
    read: (m) => {
      const c = clockOf(m[1]!);
      return c ? { start: minutesOf(c, "start") } : null;
    },
  },
  {
    id: "end-time",
    priority: 30,
    needsWorkContext: true,
    pattern: new RegExp(
      String.raw`\b(?:finish(?:es|ing)?(?:\s+work)?|stop(?:s|ping)?(?:\s+work(?:ing)?)?|done|log off|leave(?:\s+work)?|until|till)\s+(?:by\s+|at\s+|around\s+|about\s+)?(${TIME})${NOT_A_TIME}`,
      "g",
    ),
    read: (m) => {
      const c = clockOf(m[1]!);
      return c ? { end: minutesOf(c, "end") } : null;
    },
  },
];
const ORDERED = [...RULES].sort((a, b) => b.priority - a.priority);

/** What the note says, and the words each thing was read from. Pure; never throws. */
export function readNotes(text: string): { facts: NoteFacts; taken: NoteTaken[] } {
  const facts: NoteFacts = { daysOff: [], daysOn: [] };
  const taken: NoteTaken[] = [];
  // clauses of the original text, so what was taken is quoted as the person wrote it
  const clauses = text.replace(/[’‘]/g, "'").split(/[.;!?\n]+|,\s*(?:but|and)\s+/i);
  for (const original of clauses) {
    const lower = original.toLowerCase();
    // lower case keeps the offsets for the quote (not so for a few letters, e.g. "İ")
    const sameLength = lower.length === original.length;
    let clause = lower;
    const work = WORK_CONTEXT.test(clause);
    for (const rule of ORDERED) {
      if (rule.needsWorkContext && !work) continue;
      rule.pattern.lastIndex = 0;
      for (let m = rule.pattern.exec(clause); m; m = rule.pattern.exec(clause)) {
        const fact = rule.read(m);
        const at = m.index;
        const length = m[0].length;
        // consumed either way: a lower rule never re-reads words a higher one matched
        clause = clause.slice(0, at) + " ".repeat(length) + clause.slice(at + length);
        if (!fact) continue;
        const quote = sameLength ? original.slice(at, at + length) : m[0];
        taken.push({ quote: quote.trim(), fact });
        merge(facts, fact);
      }
    }
  }
  return { facts, taken };
}

function merge(into: NoteFacts, fact: Partial<NoteFacts>): void {
  const { daysOff, daysOn, ...rest } = fact;
  if (daysOff) into.daysOff = [...new Set([...into.daysOff, ...daysOff])].sort();
  if (daysOn) into.daysOn = [...new Set([...into.daysOn, ...daysOn])].sort();
  Object.assign(into, rest);
}

/**
 * The working days a note makes of `base`: exactly the days it names, then days added and
 * taken off, then a count of days (the first ones of the week that are not off). Empty when
 * the note takes every day away — the caller keeps `base` then.
 */
export function workingDaysFromNotes(base: readonly number[], facts: NoteFacts): number[] {
  const days = new Set(facts.days ?? base);
  for (const d of facts.daysOn) days.add(d);
  for (const d of facts.daysOff) days.delete(d);
  let sorted = [...days].sort((a, b) => a - b);
  const n = facts.daysPerWeek;
  if (n !== undefined && sorted.length !== n) {
    sorted = sorted.slice(0, n);
    for (const d of [1, 2, 3, 4, 5, 6, 7]) {
      if (sorted.length < n && !sorted.includes(d) && !facts.daysOff.includes(d)) sorted.push(d);
    }
    sorted.sort((a, b) => a - b);
  }
  return sorted;
}
