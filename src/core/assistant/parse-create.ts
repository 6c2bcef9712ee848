import { DateTime } from "luxon";
import { LONG_EVENT_MS, spanWords } from "../calendar/span-words.ts";
import type { AssistantRequest, Recurrence } from "./calendar-tools.ts";
import { NAMES_A_DAY } from "./lexicon.ts";
import { anchorSeries, parseRecurrence } from "./parse-recurrence.ts";
import { DURATION, parseDuration, tidy } from "./parse-tasks.ts";
import { type Ctx, parseWhen } from "./parse-when.ts";

/** Starts the question asked when a day came without a time; the next reply may be the time. */
export const TIME_QUESTION = "What time should I put";
/** Asked of "add lunch with Sam" (no day, no time); the answer is read by parseWhenReply. */
export const WHEN_QUESTION = "When should I put";

/**
 * "add lunch with Sam": an event named without a day or time is asked about, not guessed and
 * not lost — `said` is what follows the verb. Undefined when it names nothing an event could be
 * called (a pronoun, a length only), or is a request for what Sage cannot do ("book a flight").
 */
export function askWhen(said: string): AssistantRequest | undefined {
  if (/^(?:it|that|this|them|those|these|something|anything|one|some|a few)\b/i.test(said))
    return undefined;
  if (/^(?:a |me a )?(?:flight|hotel|train|taxi|cab|uber|table|restaurant)\b/i.test(said))
    return undefined;
  const length = DURATION.exec(said);
  const minutes = length ? parseDuration(length[0]) : undefined;
  const { title } = cleanTitleOf(length ? said.replace(length[0], " ") : said);
  const name = capital(title);
  if (!name || /^(?:a |an |the )?(?:task|event|meeting|appointment|reminder)s?$/i.test(name))
    return undefined;
  return {
    tool: "clarify",
    question: `${WHEN_QUESTION} “${name}”? Say a day and a time — for example “tomorrow at 12:30”. Or, to let Sage find it a time, say “add task ${name} ${minutes ?? 30} min”.`,
  };
}

/**
 * The answer to WHEN_QUESTION, when it is one: words that name a day or a time ("tomorrow at
 * 1", "Friday", "next Tuesday 9am"), to be read after the request asked before. Anything else
 * is a new request.
 */
export function parseWhenReply(message: string, ctx: Ctx): string | undefined {
  const text = message.trim().replace(/[.!]+$/, "");
  const when = parseWhen(text, ctx);
  if (!when) return parseTimeReply(text) === undefined ? undefined : `at ${parseTimeReply(text)}`;
  // only the when: "tomorrow at 1", "on friday" — not a sentence that mentions a day
  const rest = text.replace(when.text, " ").replace(/\b(?:on|at|for|please|then|ok|okay)\b/gi, " ");
  return rest.replace(/[\s,]+/g, "").length === 0 ? text : undefined;
}

/**
 * A reply that is only a time ("9am", "at 3:30 pm", "noon", "say 10") — the answer to
 * TIME_QUESTION — as words the request parser reads after "at"; undefined for anything else.
 */
export function parseTimeReply(message: string): string | undefined {
  const text = message.trim().toLowerCase();
  if (text.length > 40) return undefined;
  const m =
    /^(?:(?:at|around|about|say|make it|let's say|lets say)\s+)?(\d{1,2}(?::\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)?|noon|midday|midnight)(?:\s*(?:please|thanks|thank you))?[\s.!]*$/.exec(
      text,
    );
  return m?.[1];
}

const capital = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** "tomorrow morning" → 9:00, "afternoon" → 14:00, "evening"/"tonight" → 19:00. */
export function partOfDay(text: string, day: DateTime): DateTime | undefined {
  const hour = /\bmorning\b/i.test(text)
    ? 9
    : /\bafternoon\b/i.test(text)
      ? 14
      : /\b(?:evening|tonight)\b/i.test(text)
        ? 19
        : /\blunch ?time\b/i.test(text)
          ? 12
          : undefined;
  return hour === undefined ? undefined : day.set({ hour, minute: 0, second: 0, millisecond: 0 });
}

/** "dentist Tuesday 3pm for an hour", "gym every Monday at 7am" → a create_event call. */
export function parseCreate(body: string, ctx: Ctx): AssistantRequest | undefined {
  const zone = ctx.timezone;
  const now = DateTime.fromJSDate(ctx.now, { zone });
  const rec = parseRecurrence(body, ctx);
  let rest = rec ? rec.rest : body;
  // a length ("2 hours of writing") is taken out first, so it is not read as "in 2 hours"
  const length = DURATION.exec(rest);
  let minutes: number | undefined;
  if (length && !/\bin\s*$/i.test(rest.slice(0, length.index))) {
    minutes = parseDuration(length[0]);
    rest = `${rest.slice(0, length.index)} ${rest.slice(length.index + length[0].length).replace(/^\s*(?:of|for)\b/i, " ")}`;
  }
  let when = parseWhen(rest, ctx);
  let keptWord = "";
  const part = when && /^(morning|afternoon|evening)\b/i.exec(when.text.trim());
  const at = part ? rest.indexOf(part[0], when!.index) : -1;
  // the word before says whose it is: "tomorrow evening" is a time, "parents evening" a title
  const before = rest.slice(0, Math.max(0, at)).trim().split(/\s+/).at(-1) ?? "";
  // (a repeat rule took its words out already: "every weekday morning" left "morning" alone)
  const titleWord =
    !rec &&
    before !== "" &&
    !NAMES_A_DAY.test(before) &&
    !/^(?:this|every|each|in|the|on|of|day|days)$/i.test(before);
  if (when && part && (when.text.trim() === part[0] || titleWord)) {
    // "parents evening thursday 6pm": the word is the title's, the date comes after it
    const later = parseWhen(
      `${rest.slice(0, at)}${"_".repeat(part[0].length)}${rest.slice(at + part[0].length)}`,
      ctx,
    );
    if (later) {
      keptWord = part[0];
      when = later;
    }
  }
  if (!when && !rec) return undefined;
  let start = when?.start ?? now.startOf("day");
  const timed = when?.hasTime ? start : partOfDay(when?.text ?? rest, start);
  const said = (when ? rest.replace(when.text, " ") : rest)
    .replace(/\b(?:in|to|on|into|onto) (?:my|the) (?:calendar|schedule|diary|agenda)\b/gi, " ")
    .replace(
      /\b(?:an? )?(?:event|appointment|meeting|reminder) (?:called|named|titled|for)\b/gi,
      " ",
    )
    .replace(
      keptWord
        ? /$^/
        : /\b(?:this|tomorrow|in the) (?:morning|afternoon|evening)\b|\b(?:morning|afternoon|evening|lunch ?time|tonight)\b/gi,
      " ",
    )
    .replace(/\b(?:starting|beginning|from|at|on)\s*$/i, " ");
  const { title: cleanTitle, description, cleaned } = cleanTitleOf(said);
  const title = capital(cleanTitle);
  if (!timed && !rec) {
    const day = start.toFormat("cccc d LLLL");
    return {
      tool: "clarify",
      question: `${TIME_QUESTION} ${title ? `“${title}”` : "it"} on ${day}?`,
    };
  }
  start = timed ?? start.set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
  let recurrence: Recurrence | undefined;
  if (rec) {
    // a series said by its days ("every Monday") starts on the first of them from today
    const first =
      rec.recurrence.byDay || rec.recurrence.frequency === "DAILY"
        ? now.set({ hour: start.hour, minute: start.minute, second: 0, millisecond: 0 })
        : start;
    const anchored = anchorSeries(rec, first, now);
    start = anchored.start;
    recurrence = anchored.recurrence;
  }
  const end =
    when?.end && !minutes
      ? start.plus(when.end.diff(when.start))
      : start.plus({ minutes: minutes ?? 60 });
  if (!title) {
    // a nameless event helps no one in a week view: asked, not written as "New event"
    return {
      tool: "clarify",
      question: `What should I call it? Say it with its name, for example “add dentist ${start.toFormat("cccc")} at ${start.toFormat(start.minute === 0 ? "h" : "h:mm")}${start.toFormat("a").toLowerCase()}”.`,
    };
  }
  const call = {
    tool: "create_event" as const,
    title,
    start: start.toUTC().toISO()!,
    end: end.toUTC().toISO()!,
    ...(recurrence ? { recurrence } : {}),
    ...(description ? { description } : {}),
  };
  if (rec?.guessed) return { tool: "propose", steps: [call], reason: "the days were run together" };
  // "add conference monday 9am to wednesday 5pm": a timed event over a day long is rare, and a
  // misread end makes one — shown before it is written (the week view's dialog asks too)
  if (end.toMillis() - start.toMillis() > LONG_EVENT_MS)
    return { tool: "propose", steps: [call], reason: `it lasts ${spanWords(start, end)}` };
  if (cleaned) return { tool: "propose", steps: [call], reason: "the title had words left over" };
  // "add dentist yesterday 3pm": a record of the past is fine, but shown before it is written
  if (!recurrence && end <= now)
    return { tool: "propose", steps: [call], reason: "it is in the past" };
  return call;
}

/** Pieces of a title that say what it is about: "…, about the budget". */
const ABOUT = /^(?:about|re:?|regarding|to discuss|discuss(?:ing)?|on the topic of|topic:?)\s+/i;
/** Words a title never ends or starts with: connectives left by what was taken out. */
const DEBRIS =
  /^(?:and|also|then|plus|with|at|on|for|from|to|by)\b\s*|\s*\b(?:and|also|then|plus|with|at|on|for|from|to|by)$/i;

/**
 * The title a request names, with its connective debris gone ("Meeting with Dana , , about
 * the budget" → "Meeting with Dana", about the budget as the description). `cleaned` says
 * that words were left over and dropped: the reading is shown before it is written.
 */
export function cleanTitleOf(said: string): {
  title: string;
  description?: string;
  cleaned: boolean;
} {
  const pieces = said
    .split(/\s*[,;]\s*|\s+[—–]\s+|\s+-\s+/)
    .map((p) => tidy(p))
    .filter(Boolean);
  let description: string | undefined;
  const kept: string[] = [];
  let cleaned = false;
  for (const raw of pieces) {
    let piece = raw;
    for (let i = 0; i < 3 && DEBRIS.test(piece); i++) piece = tidy(piece.replace(DEBRIS, " "));
    if (!piece) continue;
    if (ABOUT.test(piece)) description = capital(piece);
    else if (kept.length === 0) kept.push(piece);
    else cleaned = true;
  }
  let title = (kept[0] ?? "")
    .replace(/^(?:a|an|the|my|for|of)\s+/i, "")
    .replace(/^(?:a|an|the|my)\s+/i, "")
    .replace(/^(?:go(?:ing)? to|attend|hit) (?:the )?(?=\w)/i, "");
  // a title says what, not "about X" alone: that stays the title
  if (!title && description) {
    title = description;
    description = undefined;
  }
  return { title: tidy(title), ...(description ? { description } : {}), cleaned };
}
