import { DateTime } from "luxon";
import type { Recurrence } from "./calendar-tools.ts";
import { COUNT, DAY, DAYS, dayCode, dayNumber, numberOf, PLURAL_DAY } from "./lexicon.ts";
import { type Ctx, parseAll } from "./parse-when.ts";

const WEEKDAY_CODES = ["MO", "TU", "WE", "TH", "FR"];
/** Days in a list: "Mon, Wed and Fri", "monday wednesday and friday" (run together). */
const SEP = "\\s*(?:,|and|&)?\\s*";
const DAY_LIST = `${DAY}(?:${SEP}${DAY})*`;
const dayList = (s: string) =>
  [...s.matchAll(new RegExp(DAY, "gi"))].map((m) => dayCode(m[0])).filter((c) => c !== undefined);
/** Two days with nothing between them: the list was read, not said. */
const runTogether = (s: string) => new RegExp(`${DAY}\\s+${DAY}`, "i").test(s);

export type ParsedRecurrence = {
  recurrence: Recurrence;
  /** The message with the repeat words taken out (what remains names the title and time). */
  rest: string;
  /** "for 6 weeks": turned into a count once the days are known. */
  forUnits?: { n: number; unit: "day" | "week" | "month" };
  /** The days were run together ("monday wednesday and friday"): shown before it is written. */
  guessed?: boolean;
};

/**
 * Finds a repeat rule in a request: "every Monday", "weekdays", "every other week",
 * "daily until 20 Dec", "every Tue and Thu for 6 weeks". Undefined when nothing repeats.
 */
export function parseRecurrence(text: string, ctx: Ctx): ParsedRecurrence | undefined {
  let rest = text;
  let rule: Recurrence | undefined;
  const take = (re: RegExp, build: (m: RegExpExecArray) => Recurrence) => {
    if (rule) return;
    const m = re.exec(rest);
    if (!m) return;
    rule = build(m);
    rest = `${rest.slice(0, m.index)} ${rest.slice(m.index + m[0].length)}`;
  };
  let guessed = false;

  take(
    /\b(?:every|each|on)?\s*(?:week ?days?|work ?days?|weekday)\b|\b(?:every day )?(?:mon(?:day)?\s*(?:-|–|to|through|thru)\s*fri(?:day)?)\b/i,
    () => ({ frequency: "WEEKLY", interval: 1, byDay: [...WEEKDAY_CODES] }),
  );
  take(new RegExp(`\\bevery other (${DAY_LIST})`, "i"), (m) => ({
    frequency: "WEEKLY",
    interval: 2,
    byDay: dayList(m[1]!),
  }));
  take(
    /\b(?:every other week|biweekly|bi-weekly|fortnightly|every fortnight|every 2 weeks|every two weeks)\b/i,
    () => ({
      frequency: "WEEKLY",
      interval: 2,
    }),
  );
  take(new RegExp(`\\bevery (${COUNT}) (day|week|month)s\\b`, "i"), (m) => ({
    frequency:
      m[2]!.toLowerCase() === "day"
        ? "DAILY"
        : m[2]!.toLowerCase() === "week"
          ? "WEEKLY"
          : "MONTHLY",
    interval: numberOf(m[1]!),
  }));
  take(/\bevery other day\b/i, () => ({ frequency: "DAILY", interval: 2 }));
  take(new RegExp(`\\b(?:every|each)\\s+(${DAY_LIST})`, "i"), (m) => {
    guessed = runTogether(m[1]!);
    return { frequency: "WEEKLY", interval: 1, byDay: dayList(m[1]!) };
  });
  // "3 sundays of cleaning", "cleaning on the next 3 sundays": so many of that day, then done
  take(
    new RegExp(
      `\\b(?:(?:on|for)\\s+)?(?:the\\s+)?(?:next\\s+)?(${COUNT})\\s+(${PLURAL_DAY})(?:\\s+of\\b)?`,
      "i",
    ),
    (m) => ({ frequency: "WEEKLY", interval: 1, byDay: dayList(m[2]!), count: numberOf(m[1]!) }),
  );
  // "mondays and wednesdays" (plural day names mean every such day)
  take(
    new RegExp(`\\b(?:on\\s+)?(${PLURAL_DAY}(?:\\s*(?:,|and|&)\\s*${PLURAL_DAY})*)`, "i"),
    (m) => ({
      frequency: "WEEKLY",
      interval: 1,
      byDay: dayList(m[1]!),
    }),
  );
  take(/\b(?:every ?day|daily|each day|every (?:morning|evening|night|afternoon))\b/i, (m) => {
    const part = /morning|evening|night|afternoon/i.exec(m[0]);
    if (part) rest = `${rest} ${part[0]}`; // "every morning" still says when
    return { frequency: "DAILY", interval: 1 };
  });
  take(/\b(?:weekly|every week|each week|once a week)\b/i, () => ({
    frequency: "WEEKLY",
    interval: 1,
  }));
  take(/\b(?:monthly|every month|each month|once a month)\b/i, () => ({
    frequency: "MONTHLY",
    interval: 1,
  }));
  if (!rule) return undefined;

  const found: Recurrence = rule;
  // "every week on Monday, Wednesday and Friday" / "gym monday wednesday friday weekly"
  if (found.frequency === "WEEKLY" && !found.byDay) {
    const list = new RegExp(`\\b(?:on\\s+)?${DAY_LIST}`, "i").exec(rest);
    if (list && (dayList(list[0]).length > 1 || /^on\s|s$/i.test(list[0].trim()))) {
      found.byDay = dayList(list[0]);
      rest = rest.replace(list[0], " ");
    }
  }
  rest = rest.replace(/\b(?:weekly|every week|each week)\b/gi, " ");
  // "every month on the 1st"
  const monthDay =
    /\b(?:on )?the (\d{1,2})(?:st|nd|rd|th)?\b(?: of (?:the|each|every) month)?/i.exec(rest);
  if (found.frequency === "MONTHLY" && monthDay) {
    found.byMonthDay = Number(monthDay[1]);
    rest = rest.replace(monthDay[0], " ");
  }
  let forUnits: ParsedRecurrence["forUnits"];
  const forM = new RegExp(`\\bfor (?:the next )?(${COUNT}) (day|week|month)s?\\b`, "i").exec(rest);
  if (forM) {
    forUnits = { n: numberOf(forM[1]!), unit: forM[2]!.toLowerCase() as "day" | "week" | "month" };
    rest = rest.replace(forM[0], " ");
  }
  const times = new RegExp(`\\b(${COUNT}) times\\b`, "i").exec(rest);
  if (times) {
    found.count = numberOf(times[1]!);
    rest = rest.replace(times[0], " ");
  }
  const until =
    /\b(?:until|till|til|through|thru|ending(?: on)?|up to and including)\s+(.+)$/i.exec(rest);
  const endOf = until && /^(?:the )?end of (?:the |this )?(year|month)\b/i.exec(until[1]!);
  if (until && endOf) {
    const now = DateTime.fromJSDate(ctx.now, { zone: ctx.timezone });
    found.until = now
      .endOf(endOf[1]!.toLowerCase() as "year" | "month")
      .toUTC()
      .toISO()!;
    rest = rest.replace(until[0].slice(0, until[0].length - until[1]!.length) + endOf[0], " ");
  } else if (until) {
    const target = parseAll(until[1]!, ctx)[0];
    if (target && target.index <= 4) {
      const day = DateTime.fromJSDate(target.start.date(), { zone: ctx.timezone }).endOf("day");
      found.until = day.toUTC().toISO()!;
      rest = rest.replace(
        `${until[0].slice(0, until[0].length - until[1]!.length)}${until[1]!.slice(0, target.index + target.text.length)}`,
        " ",
      );
    }
  }
  return {
    recurrence: found,
    rest: rest.replace(/\s+/g, " ").trim(),
    ...(forUnits ? { forUnits } : {}),
    ...(guessed ? { guessed } : {}),
  };
}

/**
 * The first start on or after `from` that the rule allows (a series starts on one of its own
 * days), and the count that "for N weeks" means.
 */
export function anchorSeries(
  parsed: ParsedRecurrence,
  first: DateTime,
  now: DateTime,
): { start: DateTime; recurrence: Recurrence } {
  const r = { ...parsed.recurrence };
  let start = first;
  const allowed: number[] | undefined = r.byDay?.map((c) => dayNumber(c)!);
  for (let i = 0; i < 14; i++) {
    const okDay = !allowed || allowed.includes(start.weekday);
    if (okDay && start > now) break;
    start = start.plus({ days: 1 });
  }
  if (parsed.forUnits) {
    const { n, unit } = parsed.forUnits;
    const perWeek = r.frequency === "DAILY" ? 7 : (r.byDay?.length ?? 1);
    if (unit === "day")
      r.count = r.frequency === "DAILY" ? Math.ceil(n / r.interval) : Math.max(1, Math.ceil(n / 7));
    else if (unit === "week")
      r.count = r.frequency === "MONTHLY" ? 1 : Math.ceil((n * perWeek) / r.interval);
    else
      r.count =
        r.frequency === "MONTHLY"
          ? Math.ceil(n / r.interval)
          : Math.ceil((n * 4.35 * perWeek) / r.interval);
  }
  if (r.frequency === "WEEKLY" && !r.byDay) r.byDay = [DAYS[start.weekday - 1]!.code];
  if (r.byMonthDay) {
    let d = first.set({ day: Math.min(r.byMonthDay, first.daysInMonth ?? 28) });
    if (d <= now) d = d.plus({ months: 1 }).set({ day: r.byMonthDay });
    start = d;
  }
  return { start, recurrence: r };
}
