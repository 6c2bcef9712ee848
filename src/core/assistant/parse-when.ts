import * as chrono from "chrono-node";
import { DateTime } from "luxon";
import { DAY_WORD, DAYS, NAMES_A_DAY, ORDINALS, TYPOS } from "./lexicon.ts";

export type Ctx = { now: Date; timezone: string };

export function normalize(message: string): string {
  let text = message.trim().replace(/[’‘]/g, "'").replace(/\s+/g, " ");
  for (const [re, to] of TYPOS) text = text.replace(re, to);
  return (
    text
      // forms the date reader does not know, said the way it does
      .replace(
        /\bbetween (\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?) and (\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?)/gi,
        "from $1 to $2",
      )
      .replace(
        new RegExp(`\\bnext week (?:on )?(${DAY_WORD.source.slice(2)})`, "gi"),
        "$1 next week",
      )
      // "from 9 friday to 5 sunday": a bare hour before a day the reader takes for a number
      // of the title; said as "9:00 friday" it reads the hour and the day
      .replace(
        new RegExp(
          `\\b(from|to|till|until|at) (\\d{1,2})(?= (?:on )?${DAY_WORD.source.slice(2)})`,
          "gi",
        ),
        (all, word: string, hour: string) => (Number(hour) <= 23 ? `${word} ${hour}:00` : all),
      )
      // "9-11", "2–4": a span of hours the date reader does not see (it read "9-11" as no time,
      // or "meeting 9-11 tomorrow" as 11:00); not a date ("11-12-2026"), a count ("2-3 hours")
      // or a span it reads already ("9-11am")
      .replace(HOUR_SPAN, (all, from: string, to: string) =>
        Number(from) <= 23 && Number(to) <= 24 ? `from ${from} to ${to}` : all,
      )
  );
}

const HOUR_SPAN =
  /(?<![\d/.:-])\b(?:(?:at|from)\s+)?(\d{1,2})\s*[-–]\s*(\d{1,2})\b(?![-–/.:]?\d)(?!\s*(?:a\.?m\b|p\.?m\b|h\b|hrs?\b|hours?\b|mins?\b|minutes?\b|days?\b|weeks?\b|months?\b|times?\b|x\b|people\b|pages?\b|tasks?\b|%))/gi;

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const ORDINAL_DAY = new RegExp(
  `\\b(?:the\\s+)?(${Object.keys(ORDINALS).join("|")}|1st|2nd|3rd|4th)\\s+(${DAYS.map((d) => d.stem).join("|")})[a-z]*\\s+(?:of|in)\\s+(?:the\\s+|this\\s+|next\\s+)?(month|${MONTHS.join("|")})[a-z]*\\b`,
  "i",
);

/**
 * chrono as the assistant reads dates: its casual English, plus what people say that it
 * does not know — "the 15th" (the next 15th) and "the first Tuesday of the month" /
 * "of December". "in 2 hours" and "next week Tuesday" (normalize) it reads already.
 */
const reader = chrono.casual.clone();
reader.parsers.push(
  {
    pattern: () => /\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of|in)\b)/i,
    extract: (context, match) => {
      const day = Number(match[1]);
      if (day < 1 || day > 31) return null;
      const ref = DateTime.fromJSDate(context.reference.instant);
      const month = day >= ref.day ? ref : ref.plus({ months: 1 });
      return { day, month: month.month, year: month.year };
    },
  },
  {
    pattern: () => ORDINAL_DAY,
    extract: (context, match) => {
      const word = match[1]!.toLowerCase();
      const nth = ORDINALS[word] ?? Number(word[0]);
      const weekday = DAYS.find((d) => d.stem === match[2]!.toLowerCase())!.n;
      const ref = DateTime.fromJSDate(context.reference.instant);
      const said = match[3]!.toLowerCase();
      const inMonth = (m: DateTime) => {
        const first = m.startOf("month");
        if (nth === -1) {
          let d = first.endOf("month").startOf("day");
          while (d.weekday !== weekday) d = d.minus({ days: 1 });
          return d;
        }
        return first.plus({ days: ((weekday - first.weekday + 7) % 7) + (nth - 1) * 7 });
      };
      let month =
        said === "month"
          ? /next/i.test(match[0])
            ? ref.plus({ months: 1 })
            : ref
          : ref.set({ month: MONTHS.indexOf(said.slice(0, 3)) + 1 });
      let d = inMonth(month);
      if (d < ref.startOf("day")) {
        month = month.plus(said === "month" ? { months: 1 } : { years: 1 });
        d = inMonth(month);
      }
      return { day: d.day, month: d.month, year: d.year };
    },
  },
);

function reference(ctx: Ctx) {
  const offset = DateTime.fromJSDate(ctx.now, { zone: ctx.timezone }).offset;
  return { instant: ctx.now, timezone: offset };
}

export type When = {
  text: string;
  index: number;
  start: DateTime;
  end?: DateTime;
  hasTime: boolean;
};

/** Words that put a bare 7–11 in the evening ("dinner at 7" is 19:00, "breakfast at 7" is not). */
const EVENING =
  /\b(?:dinner|supper|drinks?|tonight|evening|party|concert|movie|cinema|theat(?:er|re)|date night|gig|bar|pub)\b/i;

/**
 * The first date or time a phrase names, in the person's zone. A bare hour without am/pm
 * between 1 and 6 ("at 3") means the afternoon, as people use it for appointments; between 7
 * and 11 it means the evening when the phrase names an evening thing ("dinner at 7").
 */
export function parseWhen(text: string, ctx: Ctx): When | undefined {
  const r = reader.parse(text, reference(ctx), { forwardDate: true })[0];
  if (!r) return undefined;
  const zone = ctx.timezone;
  const now = DateTime.fromJSDate(ctx.now, { zone });
  const fix = (c: chrono.ParsedComponents) => {
    let d = DateTime.fromJSDate(c.date(), { zone });
    const evening = d.hour >= 7 && d.hour <= 11 && EVENING.test(text);
    if (
      c.isCertain("hour") &&
      !c.isCertain("meridiem") &&
      ((d.hour >= 1 && d.hour <= 6) || evening)
    ) {
      d = d.plus({ hours: 12 });
      // the afternoon rule comes before the roll to tomorrow: "at 3" said at 10:00 is 15:00
      // today, not 15:00 tomorrow (chrono rolled a bare 3:00 forward a day)
      const noDay = !c.isCertain("day") && !c.isCertain("weekday") && !NAMES_A_DAY.test(r.text);
      const today = now.set({ hour: d.hour, minute: d.minute, second: 0, millisecond: 0 });
      if (noDay && today > now && !d.hasSame(now, "day")) d = today;
    }
    return d;
  };
  const start = fix(r.start);
  let end = r.end ? fix(r.end) : undefined;
  // the reader rolls an end before the start ("from 12 to 1": 01:00) to the next day; once the
  // afternoon rule made it 13:00 that roll is wrong — unless the end named a day of its own
  const sameDay = r.end && r.end.get("weekday") === r.start.get("weekday");
  if (end && sameDay && end.diff(start, "hours").hours > 24) end = end.minus({ days: 1 });
  if (end && end <= start) end = end.plus({ hours: 12 });
  return {
    text: r.text,
    index: r.index,
    start,
    ...(end ? { end } : {}),
    hasTime: r.start.isCertain("hour"),
  };
}

/** All dates a phrase names, in order (for "from Tuesday to Thursday" and until-clauses). */
export function parseAll(text: string, ctx: Ctx) {
  return reader.parse(text, reference(ctx), { forwardDate: true });
}

export type Range = { from: string; to: string; label: string };

/** The local day, days or week a phrase names, as a UTC range; today when it names none. */
export function rangeOf(text: string, ctx: Ctx): Range {
  const zone = ctx.timezone;
  const now = DateTime.fromJSDate(ctx.now, { zone });
  const range = (from: DateTime, to: DateTime, label: string) => ({
    from: from.toUTC().toISO()!,
    to: to.toUTC().toISO()!,
    label,
  });
  if (/\bnext week\b/i.test(text) && !DAY_WORD.test(text.replace(/\bweek\w*/gi, ""))) {
    const start = now.plus({ weeks: 1 }).startOf("week");
    return range(start, start.plus({ weeks: 1 }), "next week");
  }
  if (/\b(?:this|the|rest of the|my) week\b|\bweek ahead\b|\bthis wk\b/i.test(text)) {
    // at the weekend "this week" means the days ahead; otherwise the rest of this week
    const end =
      now.weekday >= 6
        ? now.plus({ days: 7 }).startOf("day")
        : now.endOf("week").plus({ milliseconds: 1 });
    return range(now, end, "this week");
  }
  if (/\b(?:this |the )?weekend\b/i.test(text)) {
    const sat = now.weekday >= 6 ? now.startOf("day") : now.set({ weekday: 6 }).startOf("day");
    return range(sat, now.set({ weekday: 7 }).startOf("day").plus({ days: 1 }), "this weekend");
  }
  const when = parseWhen(text, ctx);
  if (!when) return range(now.startOf("day"), now.startOf("day").plus({ days: 1 }), "today");
  const day = when.start.startOf("day");
  return range(day, day.plus({ days: 1 }), dayLabel(day, now, when.text));
}

/** "today", "tomorrow", or "on Tuesday 1 Dec" — never "on on". */
export function dayLabel(day: DateTime, now: DateTime, said?: string): string {
  const diff = Math.round(day.startOf("day").diff(now.startOf("day"), "days").days);
  if (diff === 0) return "today";
  if (diff === 1) return "tomorrow";
  if (
    said &&
    /^(?:on )?(?:this |next )?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*$/i.test(said.trim()) &&
    diff < 7
  )
    return `on ${day.toFormat("cccc")}`;
  return `on ${day.toFormat("cccc d LLLL")}`;
}
