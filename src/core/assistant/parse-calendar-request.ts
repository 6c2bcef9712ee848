import type { AssistantRequest } from "./calendar-tools.ts";
import { parseCheckIn } from "./parse-check-in.ts";
import { parseCreate } from "./parse-create.ts";
import { matchFor, scopeIn } from "./parse-match.ts";
import { parseMove } from "./parse-move.ts";
import { parseRecurrence } from "./parse-recurrence.ts";
import { parseSmallTalk } from "./parse-small-talk.ts";
import { DURATION, parseDuration, parseTasks, tidy } from "./parse-tasks.ts";
import { type Ctx, normalize, parseWhen, rangeOf } from "./parse-when.ts";

export { parseScopeReply } from "./parse-match.ts";
export { parseDuration } from "./parse-tasks.ts";

const POLITE =
  /^(?:(?:hey sage|sage|ok|okay|so|and|also|hi|hey)[,!]?\s+)?(?:(?:can|could|would|will) you(?: please)?\s+|please\s+|pls\s+|can we\s+|could we\s+|let's\s+|lets\s+|i(?:'d| would) like (?:you )?to\s+|i want (?:you )?to\s+|help me\s+|go ahead and\s+|i need you to\s+)*/i;
const CANCEL_VERB =
  /^(?:cancel|delete|remove|drop|clear|scrap|call off|get rid of|take off|kill|nix|erase|bin|unschedule|axe)\s+/i;
const CREATE_VERB =
  /^(?:add|schedule|book|put|create|set up|setup|make|pencil in|arrange|block(?: out)?(?: off)?|reserve|insert|new event:?|new)\s+/i;

function planDays(text: string): { days: number; label: string } {
  if (/\bnext week\b/i.test(text)) return { days: 14, label: "next week" };
  if (/\bweek|\bweekend\b|\bthe next (?:few|couple of) days\b/i.test(text))
    return { days: 7, label: "this week" };
  if (/\btomorrow\b/i.test(text)) return { days: 2, label: "tomorrow" };
  if (/\bafternoon\b/i.test(text)) return { days: 1, label: "this afternoon" };
  if (/\bmorning\b/i.test(text)) return { days: 1, label: "this morning" };
  if (/\bevening|tonight\b/i.test(text)) return { days: 1, label: "this evening" };
  if (/\b(?:day|today)\b/i.test(text)) return { days: 1, label: "today" };
  return { days: 7, label: "this week" };
}

const PLAN =
  /^(?:re-?plan|plan|organi[sz]e|time-?block|sort out|map out|lay out|schedule|arrange|structure)\s+(?:out\s+)?(?:my|the|this|tomorrow|today|rest of|next|for)\b|^(?:re-?plan|plan)\b\s*(?:it|everything|them|my tasks)?\s*[!.?]*$|\b(?:plan|schedule|fit|slot) (?:in )?(?:my|all my|the|open) (?:tasks|to-?dos|todo list)\b/i;

/**
 * Understands the common calendar requests in plain English, with their typos and time
 * formats. Returns undefined when the message is not one (the assistant then simply talks).
 * Deterministic: the same message at the same instant gives the same call.
 */
export function parseCalendarRequest(message: string, ctx: Ctx): AssistantRequest | undefined {
  const text = normalize(message);
  const small = parseSmallTalk(text);
  if (small) return { tool: "small_talk", kind: small };
  const body = text
    .replace(POLITE, "")
    .replace(/[?!.]+$/, "")
    .trim();

  if (
    /\bwhat (?:should|shall|do|can|could) i (?:do|work on|focus on|tackle|start(?: on)?|be doing|pick up)\b(?!.*\b(?:tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|next week)\b)|\bwhat(?:'s| is) (?:my )?next(?: task| thing)?\s*$|^what now\b|\bwhat to (?:do|work on) (?:now|next)\b|\bwhere (?:should|do) i start\b|\bwhat(?:'s| is) (?:the )?(?:most important|top priority)\b|\bnext thing (?:to do|i should do)\b|\bwhat next\b/i.test(
      body,
    )
  )
    return { tool: "what_now" };

  // "I did the report", "skipped the gym": about today's block of it, not the whole task
  const checkIn = parseCheckIn(body, /\?\s*$/.test(text));
  if (checkIn) return checkIn;

  const done =
    /^(?:mark|set|tick(?: off)?|check(?: off)?|cross(?: off)?)\s+(.+?)\s+(?:as\s+)?(?:done|complete|completed|finished)\b|^(?:tick|check|cross) off\s+(.+)$|^(?:i(?:'ve| have|'m| am)?\s+)?(?:just\s+)?(?:finished|completed|done with|wrapped up|got through)\s+(?:the task\s+)?(.+?)(?:\s+task)?$|^(?:the\s+)?(.+?)\s+(?:task\s+)?is\s+(?:done|finished|complete|completed)\b|^complete\s+(?:the\s+)?task\s+(.+)$/i.exec(
      body,
    );
  if (done) {
    const title = tidy(
      (done[1] ?? done[2] ?? done[3] ?? done[4] ?? done[5] ?? "").replace(
        /\b(?:task|to-?do)\b/gi,
        " ",
      ),
    );
    if (title && !/^(?:it|that|this)$/i.test(title)) return { tool: "complete_task", title };
  }

  const asksFree =
    /\b(?:find|look for|search for|show me|get me|suggest|any|give me|is there)\b.*(?:\b(?:free|time|slots?|window|gap|opening|hours?|minutes?|mins?|block)\b|\d\s*(?:h|m|min)\b)|\bwhen (?:am i|are we|could i|can i|do i have|would i be|will i be)\b.*\b(?:free|available|have time|fit|squeeze)\b|\bfree (?:time|slots?|windows?|hours?)\b|\bwhen (?:can|could) i (?:fit|squeeze|do|find)\b|\bwhere can i fit\b|\bdo i have (?:\S+ )?(?:time|room|\d+ (?:h|hours?|min\w*)|an? hour)\b(?! (?:on|in) my)/i;
  const asksList =
    /^(?:(?:what'?s|what is) (?:on|happening|planned|left|up|coming up|in store|my|the plan|going on|scheduled|in my|on my)|what do i have|what have i got|what am i doing|show(?: me)?|list|tell me (?:what|my)|anything|do i have anything|do i have any|is there anything|am i (?:busy|free)|how (?:busy|packed|full) (?:am i|is)|what does|what meetings|what events|read me|give me my|check my|remind me what|agenda|my (?:schedule|agenda|calendar|day)\b)/i;
  if (asksFree.test(body) && !/\b(?:what'?s on|agenda)\b/i.test(body)) {
    const minutes = parseDuration(body) ?? 60;
    const range = /\b(?:week|today|tomorrow|mon|tue|wed|thu|fri|sat|sun|weekend|\d)/i.test(
      body.replace(DURATION, " "),
    )
      ? rangeOf(body.replace(DURATION, " "), ctx)
      : rangeOf("this week", ctx);
    return { tool: "find_free_time", minutes, ...range };
  }
  if (asksList.test(body) && !PLAN.test(body) && !/\bplan (?:it|them|this)\b/i.test(body)) {
    return { tool: "list_events", ...rangeOf(body, ctx) };
  }

  // "plan my week: write report 3h due Friday" — the tasks are added, then planned
  if (PLAN.test(body)) {
    const colon =
      /^[^:]*?\b(?:plan|schedule|organi[sz]e|time-?block)\b[^:]*?(?::|—|–| - |\bwith\b|\bincluding\b|\baround\b)\s*(.+)$/i.exec(
        body,
      );
    const head = colon ? body.slice(0, body.length - colon[1]!.length) : body;
    const { days, label } = planDays(head);
    const tasks = colon ? parseTasks(colon[1]!, ctx) : [];
    if (tasks.length > 0) return { tool: "add_tasks_and_plan", tasks: tasks.map(strip), days };
    return { tool: "plan", days, label };
  }

  const addTask =
    /^(?:add|create|new|make|put|log|note|jot down|save)\s+(?:a\s+|an\s+|some\s+|these\s+|the following\s+|two\s+|three\s+)?(?:new\s+)?(?:tasks?|to-?dos?)\b\s*(?:to my list\s*)?(?:called|named|for|to)?\s*:?\s*(.+)$|^(?:tasks?|to-?dos?)\s*:\s*(.+)$|^(?:add|put)\s+(.+?)\s+(?:to|on|in) (?:my )?(?:tasks?|task list|to-?do list|to-?dos|list)\b(.*)$/i.exec(
      body,
    );
  if (addTask) {
    const PLAN_IT = /\s*,?\s*\b(?:and|then) (?:plan|schedule) (?:it|them|this)\b/i;
    const said = `${addTask[1] ?? addTask[2] ?? addTask[3] ?? ""} ${addTask[4] ?? ""}`;
    const items = parseTasks(said.replace(PLAN_IT, " "), ctx);
    const plan = PLAN_IT.test(body);
    if (items.length > 0)
      return plan
        ? { tool: "add_tasks_and_plan", tasks: items.map(strip), days: 7 }
        : { tool: "add_tasks", tasks: items.map(strip) };
  }
  if (
    /\b(?:i need to|i have to|i must|i've got to|i gotta|i should)\b/i.test(body) ||
    /\bplan (?:it|them|this)\b/i.test(body)
  ) {
    const tasks = parseTasks(
      body
        .replace(/^.*?\b(?:i need to|i have to|i must|i've got to|i gotta|i should)\s*:?\s*/i, "")
        .replace(
          /\s*[—–-]*\s*(?:and\s+)?(?:can you\s+|please\s+)?plan (?:it|them|this|my week)\b.*$/i,
          "",
        ),
      ctx,
    ).filter((t) => t.hasEstimate);
    if (tasks.length > 0) return { tool: "add_tasks_and_plan", tasks: tasks.map(strip), days: 7 };
  }

  const moved = parseMove(body, ctx);
  if (moved) return moved;

  const cancelled =
    CANCEL_VERB.exec(body) ??
    /^(.+?)\s+(?:is|has been|got|was)\s+(?:cancelled|canceled|called off|off)\b/i.exec(body) ??
    /^i can(?:'t|not) make (?:it to )?(.+)$/i.exec(body);
  if (cancelled) {
    const phrase = (CANCEL_VERB.test(body) ? body.replace(CANCEL_VERB, "") : cancelled[1]!).replace(
      /\s*,?\s*(?:so )?(?:please )?(?:cancel|delete|remove) (?:it|that)$/i,
      "",
    );
    const scope = scopeIn(phrase);
    return { tool: "delete_event", match: matchFor(phrase, ctx), ...(scope ? { scope } : {}) };
  }

  if (CREATE_VERB.test(body))
    return parseCreate(body.replace(CREATE_VERB, "").replace(/^(?:me|us)\s+/i, ""), ctx);
  const have =
    /^(?:i(?:'ve| have)? got|i have|there'?s|there is|we have|i'm having|i am having)\s+(.+)$/i.exec(
      body,
    );
  if (have) {
    const when = parseWhen(have[1]!, ctx);
    if (when?.hasTime) return parseCreate(have[1]!, ctx);
  }
  // "lunch with Sam tomorrow at noon": a title and a time, not a question
  if (
    !/\?\s*$/.test(text) &&
    !/^(?:what|when|why|how|who|where|is|are|do|does|can|could|should|would|will)\b/i.test(body)
  ) {
    const when = parseWhen(body, ctx);
    if (when?.hasTime && parseRecurrence(body, ctx) === undefined && when.index > 0)
      return parseCreate(body, ctx);
    if (parseRecurrence(body, ctx) && when?.hasTime) return parseCreate(body, ctx);
  }
  return undefined;
}

const strip = ({
  hasEstimate: _h,
  ...t
}: {
  hasEstimate: boolean;
  title: string;
  estimateMinutes: number;
  deadline?: string;
}) => t;
