import * as chrono from "chrono-node";
import { DateTime } from "luxon";
import type { CalendarToolCall } from "./calendar-tools.ts";

const WORD_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  half: 0.5,
};

const DURATION =
  /(?:\bfor\s+)?\b(\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|half an?)\s*(hours?|hrs?|h|minutes?|mins?|m)\b/i;

/** "an hour" → 60, "90 min" → 90, "1.5h" → 90, "half an hour" → 30. */
export function parseDuration(text: string): number | undefined {
  const m = DURATION.exec(text);
  if (!m) return undefined;
  const raw = m[1]!.toLowerCase();
  const n = /^half/.test(raw) ? 0.5 : (WORD_NUMBERS[raw] ?? Number(raw));
  if (!Number.isFinite(n) || n <= 0) return undefined;
  const unit = m[2]!.toLowerCase();
  const minutes = unit.startsWith("h") ? n * 60 : n;
  return Math.round(minutes);
}

type Ctx = { now: Date; timezone: string };

function reference(ctx: Ctx) {
  const offset = DateTime.fromJSDate(ctx.now, { zone: ctx.timezone }).offset;
  return { instant: ctx.now, timezone: offset };
}

function parseDate(text: string, ctx: Ctx) {
  return chrono.parse(text, reference(ctx), { forwardDate: true })[0];
}

/** The local day (or week) a phrase names, as a UTC range. */
function rangeOf(text: string, ctx: Ctx): { from: string; to: string; label: string } {
  const zone = ctx.timezone;
  const now = DateTime.fromJSDate(ctx.now, { zone });
  if (/\bnext week\b/i.test(text)) {
    const start = now.plus({ weeks: 1 }).startOf("week");
    return { from: start.toISO()!, to: start.plus({ weeks: 1 }).toISO()!, label: "next week" };
  }
  if (/\b(this|the) week\b/i.test(text)) {
    // late in the week (a Sunday evening) "this week" means the days ahead
    const end = DateTime.max(now.endOf("week"), now.plus({ days: 7 }).startOf("day"));
    return { from: now.toISO()!, to: end.toISO()!, label: "this week" };
  }
  const parsed = parseDate(text, ctx);
  const day = parsed
    ? DateTime.fromJSDate(parsed.start.date(), { zone }).startOf("day")
    : now.startOf("day");
  const label = parsed ? parsed.text : "today";
  return { from: day.toISO()!, to: day.plus({ days: 1 }).toISO()!, label };
}

const clean = (s: string) =>
  s
    .replace(/\s+/g, " ")
    .replace(/^(?:a|an|the|my)\s+/i, "")
    .replace(/[\s,.;:!?-]+$/g, "")
    .replace(/^[\s,.;:-]+/g, "")
    .trim();

/** Pulls tasks like "write the report (3h, due Friday)" out of a sentence. */
function parseTasks(text: string, ctx: Ctx) {
  const body = text
    .replace(/^.*?\b(?:i need to|i have to|i must|i've got to|tasks?:)\s*/i, "")
    .replace(/\s*[—–-]*\s*(?:can you\s+|please\s+)?plan (?:it|them|this|my week)\b.*$/i, "");
  // "name (details)" items when parentheses are used; otherwise split on commas and "and"
  const withParens = [...body.matchAll(/([^();]+?)\s*\(([^)]*)\)/g)];
  const items = withParens.length
    ? withParens.map((m) => ({
        name: m[1]!.replace(/^\s*(?:,|;)?\s*(?:and\s+)?/i, ""),
        details: m[2]!,
      }))
    : body.split(/;|,\s*(?:and\s+)?|\band\b/i).map((p) => ({ name: p, details: p }));
  const tasks: { title: string; estimateMinutes: number; deadline?: string }[] = [];
  for (const { name, details } of items) {
    const minutes = parseDuration(details);
    if (!minutes) continue;
    const dueMatch = /\b(?:due|by|before)\s+([^,;]+)/i.exec(details);
    const title = clean(name.replace(DURATION, "").replace(/\b(?:due|by|before)\s+.*$/i, ""));
    if (!title) continue;
    const dueDate = dueMatch ? parseDate(dueMatch[1]!, ctx) : undefined;
    const deadline = dueDate
      ? DateTime.fromJSDate(dueDate.start.date(), { zone: ctx.timezone })
          .set(
            dueDate.start.isCertain("hour")
              ? {}
              : { hour: 17, minute: 0, second: 0, millisecond: 0 },
          )
          .toUTC()
          .toISO()!
      : undefined;
    tasks.push({
      title: title[0]!.toUpperCase() + title.slice(1),
      estimateMinutes: minutes,
      ...(deadline ? { deadline } : {}),
    });
  }
  return tasks;
}

/**
 * Understands the common calendar requests in plain English. Returns undefined when the
 * message is not a calendar request (the assistant then simply talks).
 */
export function parseCalendarRequest(message: string, ctx: Ctx): CalendarToolCall | undefined {
  const text = message.trim().replace(/\s+/g, " ");
  const zone = ctx.timezone;

  // questions about what is there; "help me plan my week" is a conversation, not a lookup
  const asksWhatIsOn =
    /^(?:so |and |ok )?(?:what'?s|what is|what do i have|show me|anything|do i have anything)\b.*\b(on|calendar|schedule|planned|agenda)\b/i;
  if (asksWhatIsOn.test(text) && !/\bplan (it|them|this)\b/i.test(text)) {
    return { tool: "list_events", ...rangeOf(text, ctx) };
  }

  if (/\bfind\b.*\b(time|hours?|minutes?|slot)\b|\bwhen am i free\b/i.test(text)) {
    const minutes = parseDuration(text) ?? 60;
    return {
      tool: "find_free_time",
      minutes,
      ...rangeOf(/\bweek\b/i.test(text) ? text : `${text} this week`, ctx),
    };
  }

  if (
    /\b(i need to|i have to|i must|tasks?:)\b/i.test(text) ||
    /\bplan (it|them|this)\b/i.test(text)
  ) {
    const tasks = parseTasks(text, ctx);
    if (tasks.length > 0) return { tool: "add_tasks_and_plan", tasks };
  }
  if (/^(?:please\s+)?(?:re-?)?plan my (week|day)\b/i.test(text)) {
    return { tool: "plan", days: /week/i.test(text) ? 7 : 1 };
  }

  const move =
    /^(?:please\s+)?(?:move|reschedule|shift|push)\s+(.+?)\s+(?:to|until|till)\s+(.+)$/i.exec(text);
  if (move) {
    const target = parseDate(move[2]!, ctx);
    if (!target) return undefined;
    return {
      tool: "update_event",
      match: matchFor(move[1]!, ctx),
      start: DateTime.fromJSDate(target.start.date(), { zone }).toUTC().toISO()!,
      keepTime: !target.start.isCertain("hour"),
    };
  }

  const cancel = /^(?:please\s+)?(?:cancel|delete|remove|drop)\s+(.+)$/i.exec(text);
  if (cancel) return { tool: "delete_event", match: matchFor(cancel[1]!, ctx) };

  const add = /^(?:please\s+)?(?:add|schedule|book|put|create|set up)\s+(.+)$/i.exec(text);
  if (add) {
    const rest = add[1]!;
    const when = parseDate(rest, ctx);
    if (!when) return undefined;
    const minutes = parseDuration(rest.replace(when.text, "")) ?? 60;
    const start = DateTime.fromJSDate(when.start.date(), { zone });
    const end = when.end ? DateTime.fromJSDate(when.end.date(), { zone }) : start.plus({ minutes });
    const title = clean(
      rest
        .replace(when.text, " ")
        .replace(DURATION, " ")
        .replace(/\b(?:on|at|for|from|in my calendar|to my calendar|to the calendar)\b\s*$/gi, " ")
        .replace(/\s(?:on|at|for)\s*$/i, ""),
    ).replace(/\s+(?:on|at|for)$/i, "");
    return {
      tool: "create_event",
      title: title ? title[0]!.toUpperCase() + title.slice(1) : "New event",
      start: start.toUTC().toISO()!,
      end: end.toUTC().toISO()!,
    };
  }
  return undefined;
}

/** "the dentist" → title match; "the 3pm" → a start-time match; "tomorrow's meeting" → both. */
function matchFor(phrase: string, ctx: Ctx) {
  const when = parseDate(phrase, ctx);
  const title = clean(
    (when ? phrase.replace(when.text, " ") : phrase)
      .replace(/\b(?:appointment|event|meeting)s?\b(?=.*\b(?:appointment|event|meeting)\b)/gi, "")
      .replace(/'s\b/g, "")
      .replace(/\b(?:one|event)\b$/i, ""),
  );
  const match: { title?: string; start?: string; on?: { from: string; to: string } } = {};
  if (title && !/^(?:it|that|this)$/i.test(title)) match.title = title;
  if (when) {
    const at = DateTime.fromJSDate(when.start.date(), { zone: ctx.timezone });
    if (when.start.isCertain("hour")) match.start = at.toUTC().toISO()!;
    else
      match.on = {
        from: at.startOf("day").toUTC().toISO()!,
        to: at.startOf("day").plus({ days: 1 }).toUTC().toISO()!,
      };
  }
  return match;
}
