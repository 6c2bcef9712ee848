import type { CalendarToolCall } from "./calendar-tools.ts";
import { DAYS } from "./lexicon.ts";
import { DURATION, parseDuration, tidy } from "./parse-tasks.ts";

type CheckInCall = Extract<CalendarToolCall, { tool: "check_in" }>;

/** Words that end a check-in without naming the block: "skipped the gym today". */
const WHEN_TAIL =
  /\s+(?:today|this (?:morning|afternoon|evening)|tonight|earlier(?: today)?|just now|again|after all|in the end|as planned|yet)$/i;
/** Another day than today: not about today's block, so not a check-in. */
const OTHER_DAY = new RegExp(
  `\\b(?:tomorrow|yesterday|next|last|${DAYS.map((d) => d.name).join("|")}|week|weekend)\\b`,
  "i",
);
/** "I did it", "I did nothing": no block named. */
const NO_TITLE =
  /^(?:it|that|this|them|those|nothing|everything|something|anything|all|all of it|well|great|good|ok|okay|fine|my best|a lot|lots|enough|some|none)$/i;

const PARTLY =
  /^(?:i\s+)?(?:just\s+|only\s+|already\s+)?(?:did|spent|worked|put in|got in|managed|got)\s+(.+?)\s+(?:of|on|for)\s+(.+)$/i;
const DONE_IN = /^(?:i\s+)?(?:just\s+|already\s+)?did\s+(.+?)\s+in\s+(.+)$/i;
const DONE = /^(?:i\s+)?(?:just\s+|already\s+|actually\s+)?did\s+(.+)$/i;
const SKIPPED =
  /^(?:i\s+|i(?='))?(?:just\s+|totally\s+|completely\s+)?(?:skipped|missed|bailed on|ditched|blew off|skipped out on|didn't (?:get to|get round to|get around to|do|make it to|manage)|did not (?:get to|do|make it to|manage)|couldn't (?:do|get to|make it to|manage)|could not (?:do|get to|make it to)|never got (?:to|round to|around to)|'m skipping|am skipping|'ll skip|will skip|'m going to skip|am going to skip|'m gonna skip|am gonna skip|gonna skip|have to skip|need to skip)\s+(.+)$/i;

/** A question, or "did you …", "did it …": asked, not told. */
const ASKED = /^(?:did|have|has)\s+(?:you|we|sage|it|he|she|they|anyone|someone)\b/i;

function titleOf(phrase: string): string | undefined {
  let t = phrase.replace(WHEN_TAIL, "").replace(WHEN_TAIL, "");
  t = tidy(t.replace(/\b(?:block|session|slot|task)\b\s*$/i, ""));
  t = tidy(t.replace(/^(?:the|my)\s+/i, ""));
  if (!t || NO_TITLE.test(t) || OTHER_DAY.test(t)) return undefined;
  return t;
}

/**
 * What the person says about a block of today's plan (issue 27): "I did the report" (done),
 * "I did 30 minutes of the report" (partly, with the minutes), "skipped the gym", "didn't get
 * to the gym", "I'm skipping the gym" (skipped). "I finished the report" is the whole task
 * (complete_task), not a check-in. `text` is the message without its politeness and final
 * punctuation; `asked` is whether it ended with a question mark.
 */
export function parseCheckIn(body: string, asked: boolean): CheckInCall | undefined {
  if (asked || ASKED.test(body)) return undefined;
  const text = body.replace(/^(?:oh|ah|so|well|fyi|btw|heads up)[,:]?\s+/i, "");

  const skipped = SKIPPED.exec(text);
  if (skipped) {
    const title = titleOf(skipped[1]!);
    return title ? { tool: "check_in", title, outcome: "skipped" } : undefined;
  }

  const partly = PARTLY.exec(text);
  if (partly && DURATION.test(partly[1]!)) {
    const minutes = parseDuration(partly[1]!);
    const title = titleOf(partly[2]!);
    if (minutes && title) return { tool: "check_in", title, outcome: "partly", minutes };
  }
  // "I did part of the report": partly, minutes not said (the tool asks how much)
  const part =
    /^(?:i\s+)?(?:just\s+|only\s+)?did\s+(?:part|some|a bit|a little|half)\s+of\s+(.+)$/i.exec(
      text,
    );
  if (part) {
    const title = titleOf(part[1]!);
    return title ? { tool: "check_in", title, outcome: "partly" } : undefined;
  }

  const doneIn = DONE_IN.exec(text);
  if (doneIn && parseDuration(doneIn[2]!) !== undefined) {
    const minutes = parseDuration(doneIn[2]!)!;
    const title = titleOf(doneIn[1]!);
    return title ? { tool: "check_in", title, outcome: "done", minutes } : undefined;
  }
  const done = DONE.exec(text);
  if (done) {
    const title = titleOf(done[1]!);
    return title ? { tool: "check_in", title, outcome: "done" } : undefined;
  }
  return undefined;
}
