import type { CalendarToolCall } from "./calendar-tools.ts";
import { NAMES_A_DAY, VERBS } from "./lexicon.ts";
import { partOfDay } from "./parse-create.ts";
import { matchFor, scopeIn } from "./parse-match.ts";
import { parseDuration } from "./parse-tasks.ts";
import { type Ctx, parseWhen } from "./parse-when.ts";

const MOVE_VERB = new RegExp(`^(?:${VERBS.move})\\s+`, "i");

/** "move the dentist to Friday 4pm", "push the sync back an hour", "make it 5pm instead". */
export function parseMove(body: string, ctx: Ctx): CalendarToolCall | undefined {
  const verb = MOVE_VERB.exec(body);
  const instead =
    /^(?:make|do|have|let's do|can we do)\s+(.+?)\s+((?:at|on|to)\s+.+?|\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?)\s+instead$/i.exec(
      body,
    );
  if (!verb && !instead) return undefined;
  const rest = instead
    ? `${instead[1]} to ${instead[2]!.replace(/^(?:at|on|to)\s+/i, "")}`
    : body.replace(MOVE_VERB, "");
  const pushedBack = /^push(?: back)?\s/i.test(body) && !/\b(?:to|until|till)\b/i.test(rest);
  const relative =
    /^(.+?)\s+(back|forward|ahead|later|earlier)?\s*(?:by\s+)?((?:\d+(?:\.\d+)?\s*|(?:an?|one|two|three|half an?)\s+)(?:hours?|hrs?|h|minutes?|mins?|m)\b(?:\s+and\s+a\s+half)?)\s*(later|earlier|back|forward|ahead)?$/i.exec(
      rest,
    );
  const scope = scopeIn(rest);
  if (relative) {
    const amount = parseDuration(relative[3]!);
    const dir = (relative[2] ?? relative[4] ?? "").toLowerCase();
    const earlier = /earlier|forward|ahead/.test(dir) || /bring forward|pull forward/i.test(body);
    if (amount && (dir || pushedBack || /^(?:delay|postpone|shift|move|bump|push)/i.test(body))) {
      return {
        tool: "update_event",
        match: matchFor(relative[1]!, ctx),
        keepTime: true,
        shiftMinutes: earlier ? -amount : amount,
        ...(scope ? { scope } : {}),
      };
    }
  }
  const to = /^(.+?)\s+(?:to|until|till|til|for|into|onto|over to|->|→)\s+(.+)$/i.exec(rest);
  if (!to) {
    // "postpone the dentist" — the event is known, the new time is not: ask
    return {
      tool: "update_event",
      match: matchFor(rest, ctx),
      keepTime: true,
      ...(scope ? { scope } : {}),
    };
  }
  let phrase = to[1]!;
  let targetText = to[2]!
    .replace(/^(\d{1,2}(?:[:.]\d{2})?)$/, "$1:00")
    .replace(/^(\d{1,2}[:.]\d{2}):00$/, "$1");
  // "move the 3pm tomorrow to 4" keeps "tomorrow" with the event it names
  const target = parseWhen(targetText, ctx);
  if (!target) {
    const inside = parseWhen(rest, ctx);
    if (!inside) return { tool: "update_event", match: matchFor(phrase, ctx), keepTime: true };
    phrase = rest.replace(inside.text, " ");
    targetText = inside.text;
  }
  const when = parseWhen(targetText, ctx)!;
  const zone = ctx.timezone;
  let start = when.start;
  const part = !when.hasTime ? partOfDay(targetText, start) : undefined;
  if (part) start = part;
  const sameDayTime = when.hasTime && !NAMES_A_DAY.test(targetText);
  return {
    tool: "update_event",
    match: matchFor(phrase, ctx),
    start: start.setZone(zone).toUTC().toISO()!,
    keepTime: !when.hasTime && !part,
    ...(sameDayTime ? { sameDay: true } : {}),
    ...(scope ? { scope } : {}),
  };
}
