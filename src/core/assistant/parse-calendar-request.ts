/**
 * The built-in assistant's understanding of plain language, as a table of rules over one
 * vocabulary (issue 28, decision 038).
 *
 * A message is normalised once (`read`: typos and shorthands from lexicon.ts, its politeness
 * and openers taken off, whether it was asked). Then the RULES below are tried in order of
 * `priority` (lowest first); the first rule whose `trigger` matches and whose `build` returns a
 * request wins. Every rule emits the same typed `AssistantRequest` a model's tools produce
 * (calendar-tools.ts), so the server runs both the same way.
 *
 * HOW TO ADD A PHRASING OR AN INTENT
 * - A new word for something already understood (a verb synonym, a typo, a day spelling):
 *   one entry in lexicon.ts, plus one case in tests/fixtures/assistant-requests.json.
 * - A new intent (e.g. routines): one entry in RULES with
 *     { name, priority, trigger: /regex/ or (m) => boolean, build: (m, ctx) => request }
 *   and the request's shape in calendar-tools.ts. Pick a priority between the neighbours
 *   it must win against: safety rules (small talk, undo, negation, compound) are < 100,
 *   questions (what now, lists, free time) 100–199, tasks and plans 200–299, changes to
 *   existing events 300–399, new events 400+. Put its parser in its own parse-*.ts file.
 *   Add its corpus cases; the gate (request-corpus.test.ts) fails on any new miss.
 *
 * Safety comes first in the table: a negation never creates or deletes, a compound request
 * is split into steps shown as one proposal, and an uncertain reading is a proposal
 * (`propose`) that is written only on Yes.
 */
import { DateTime } from "luxon";
import type { AssistantRequest, CalendarToolCall } from "./calendar-tools.ts";
import { DAY, DAYS, OPENERS, VERBS } from "./lexicon.ts";
import { parseCheckIn } from "./parse-check-in.ts";
import { askWhen, cleanTitleOf, parseCreate } from "./parse-create.ts";
import { matchFor, scopeIn, seriesSaid } from "./parse-match.ts";
import { parseMove } from "./parse-move.ts";
import { parseRecurrence } from "./parse-recurrence.ts";
import { parseRoutineRequest } from "./parse-routine.ts";
import { parseSmallTalk } from "./parse-small-talk.ts";
import { DURATION, parseDuration, parseTasks, tidy } from "./parse-tasks.ts";
import { type Ctx, dayLabel, normalize, parseWhen, rangeOf } from "./parse-when.ts";

export { parseTimeReply, parseWhenReply, TIME_QUESTION, WHEN_QUESTION } from "./parse-create.ts";
export { parsePickReply, parseScopeReply } from "./parse-match.ts";
export { parseDuration } from "./parse-tasks.ts";

/** A message read once: normalised text, its body without politeness, and whether it asks. */
export type Message = {
  text: string;
  body: string;
  asked: boolean;
  /** Said as a request ("can you …", "I want to …", "please …"), not only as a statement. */
  requested: boolean;
};

export type Rule = {
  name: string;
  /** Lower runs first. */
  priority: number;
  /** Cheap test on the body (or the message) before `build` runs. */
  trigger: RegExp | ((m: Message) => boolean);
  build: (m: Message, ctx: Ctx) => AssistantRequest | undefined;
};

/** Asking for the saved fitness program ("open my workout plan", "what's my training program"). */
const FITNESS_PROGRAM =
  /^(?:(?:show|open|see|view|display|read)(?: me)?|what(?:'s| is)|where(?:'s| is)|(?:can i |could i |let me )?(?:see|look at))\s+(?:me\s+)?(?:my|the)\s+(?:fitness|workout|training|exercise|gym)\s+(?:program(?:me)?|plan|routine)\b/i;

/** Words that can make a message a routine ("3 times a week", "every weekday", "skip gym"). */
const ROUTINE_WORDS = /\b(?:a|per|each) week\b|\bevery ?(?:day|weekday)s?\b|\bdaily\b|^skip\b/i;

const OPENING = new RegExp(`^(?:(?:no|nope),\\s+)?(?:${OPENERS}[,!]?\\s+)*`, "i");
const POLITE =
  /^(?:(?:can|could|would|will) you(?: please)?\s+|please\s+|pls\s+|can we\s+|could we\s+|let's\s+|lets\s+|i(?:'d| would) like (?:you )?to\s+|i want (?:you )?to\s+|help me\s+|go ahead and\s+|i need you to\s+)*/i;
const CANCEL_VERB = new RegExp(`^(?:${VERBS.cancel})\\s+`, "i");
const CREATE_VERB = new RegExp(`^(?:${VERBS.create})\\s+`, "i");
const ANY_VERB = `(?:${VERBS.create}|${VERBS.cancel}|${VERBS.move})`;

export function read(message: string): Message {
  const text = normalize(message);
  const opened = text.replace(OPENING, "");
  const body = opened
    .replace(POLITE, "")
    .replace(/[?!.]+$/, "")
    .trim();
  const requested = body.length < opened.replace(/[?!.]+$/, "").trim().length;
  return { text, body, asked: /\?\s*$/.test(text), requested };
}

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

const ASKS_FREE =
  /\b(?:find|look for|search for|show me|get me|suggest|any|give me|is there)\b.*(?:\b(?:free|time|slots?|window|gap|opening|hours?|minutes?|mins?|block)\b|\d\s*(?:h|m|min)\b)|\bwhen (?:am i|are we|could i|can i|do i have|would i be|will i be)\b.*\b(?:free|available|have time|fit|squeeze)\b|\bfree (?:time|slots?|windows?|hours?)\b|\bwhen (?:can|could) i (?:fit|squeeze|do|find)\b|\bwhere can i fit\b|\bdo i have (?:\S+ )?(?:time|room|\d+ (?:h|hours?|min\w*)|an? hour)\b(?! (?:on|in) my)/i;
const ASKS_LIST =
  /^(?:(?:what'?s|what is) (?:on|happening|planned|left|up|coming up|in store|my|the plan|going on|scheduled|in my|on my)|what do i have|what have i got|what am i doing|show(?: me)?|list|tell me (?:what|my)|anything|do i have anything|do i have any|is there anything|am i (?:busy|free)|how (?:busy|packed|full) (?:am i|is)|what does|what meetings|what events|read me|give me my|check my|remind me what|agenda|my (?:schedule|agenda|calendar|day)\b)/i;
const DAY_NAMES = DAYS.map((d) => d.name).join("|");
const WHAT_NOW = new RegExp(
  `\\bwhat (?:should|shall|do|can|could) i (?:do|work on|focus on|tackle|start(?: on)?|be doing|pick up)\\b(?!.*\\b(?:tomorrow|${DAY_NAMES}|next week)\\b)|\\bwhat(?:'s| is) (?:my )?next(?: task| thing)?\\s*$|^what now\\b|\\bwhat to (?:do|work on) (?:now|next)\\b|\\bwhere (?:should|do) i start\\b|\\bwhat(?:'s| is) (?:the )?(?:most important|top priority)\\b|\\bnext thing (?:to do|i should do)\\b|\\bwhat next\\b`,
  "i",
);
const DONE =
  /^(?:mark|set|tick(?: off)?|check(?: off)?|cross(?: off)?)\s+(.+?)\s+(?:as\s+)?(?:done|complete|completed|finished)\b|^(?:tick|check|cross) off\s+(.+)$|^(?:i(?:'ve| have|'m| am)?\s+)?(?:just\s+)?(?:finished|completed|done with|wrapped up|got through)\s+(?:the task\s+)?(.+?)(?:\s+task)?$|^(?:the\s+)?(.+?)\s+(?:task\s+)?is\s+(?:done|finished|complete|completed)\b|^complete\s+(?:the\s+)?task\s+(.+)$/i;
const ADD_TASK =
  /^(?:add|create|new|make|put|log|note|jot down|save)\s+(?:a\s+|an\s+|some\s+|these\s+|the following\s+|two\s+|three\s+)?(?:new\s+)?(?:tasks?|to-?dos?)\b\s*(?:to my list\s*)?(?:called|named|for|to)?\s*:?\s*(.+)$|^(?:tasks?|to-?dos?)\s*:\s*(.+)$|^(?:add|put)\s+(.+?)\s+(?:to|on|in) (?:my )?(?:tasks?|task list|to-?do list|to-?dos|list)\b(.*)$/i;
const NEED_TO =
  /(?:^|\b(?:i|we)\s+)(?:need to|have to|must|'ve got to|'ve gotta|gotta|should|got to)\b/i;
/** "don't …", "never …", "no meetings …": said about what must NOT happen. */
const NEGATION = new RegExp(
  `^(?:(?:no|nope)[,!]?\\s+)?(?:please\\s+)?(?:(?:don't|do not|never|please don't)\\s+(?:ever\\s+)?(?:${ANY_VERB}|put|plan|let|want|give|accept|allow|anything|any)\\b|no (?:more )?(?:meetings?|events?|calls?|bookings?|appointments?|plans?|anything)\\b)|\\b(?:i|we) (?:don't|do not|never) want (?:anything|any|meetings?|events?|calls?)\\b`,
  "i",
);

/** Words of a statement, not a request: a subject, a copula, a past or a habit. */
const STATEMENT =
  /^(?:i|i'm|i've|i'd|we|we're|my|our|he|she|they|it|it's|this|that|there|sure|ok|okay|yes|yeah|fine|great|feeling|felt)\b|\b(?:was|were|is|are|am|went|had|did|been|since|usually|always|never|often|sometimes|works|worked)\b/i;

/** A reading shown before it is written; a proposal or a question stays as it is. */
function asProposal(r: AssistantRequest | undefined, reason: string): AssistantRequest | undefined {
  if (!r || !isToolCall(r)) return r;
  return { tool: "propose", steps: [r], reason };
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

/** "don't book anything friday at 2" → what it names, and the time it would keep free. */
function negation(m: Message, ctx: Ctx): AssistantRequest {
  const when = parseWhen(m.body, ctx);
  const what = tidy(
    (when ? m.body.replace(when.text, " ") : m.body).replace(/^(?:no|nope)[,!]?\s+/i, ""),
  );
  if (!when) return { tool: "negation", what };
  const start = when.start;
  const end = when.end ?? start.plus({ minutes: 60 });
  const label = dayLabel(start, DateTime.fromJSDate(ctx.now, { zone: ctx.timezone }), when.text);
  return {
    tool: "negation",
    what,
    ...(when.hasTime ? { start: start.toUTC().toISO()!, end: end.toUTC().toISO()! } : {}),
    label,
  };
}

/** Steps of "cancel the dentist and add gym at 7", each read on its own. */
const STEP_SPLIT = new RegExp(
  `\\s*[,;]?\\s*\\b(?:and(?: then| also)?|then|also|plus)\\s+(?=(?:${ANY_VERB})\\s)`,
  "gi",
);

/**
 * The pieces of a compound request: split before a second verb ("… and add gym at 7"), or,
 * with one verb, between two things that each have their own time ("add gym at 7 and dinner
 * at 8") or two named events to cancel ("cancel the dentist and the gym"); the verb is said
 * again for each.
 */
function stepsOf(m: Message, ctx: Ctx): string[] {
  const pieces = m.body.split(STEP_SPLIT).filter((p) => p.trim());
  if (pieces.length > 1) return pieces;
  const verb = new RegExp(`^(?:${ANY_VERB})\\s+`, "i").exec(m.body)?.[0];
  if (!verb) return pieces;
  const rest = m.body.slice(verb.length);
  if (CREATE_VERB.test(m.body)) {
    const parts = rest.split(/\s*,?\s+and\s+/i);
    if (parts.length > 1 && parts.every((p) => parseWhen(p, ctx)?.hasTime))
      return parts.map((p) => `${verb}${p}`);
  }
  if (CANCEL_VERB.test(m.body)) {
    const parts = rest.split(/\s*,?\s+and\s+(?=(?:the|my)\s)/i);
    if (parts.length > 1) return parts.map((p) => `${verb}${p}`);
  }
  return pieces;
}

function compound(m: Message, ctx: Ctx): AssistantRequest | undefined {
  const pieces = stepsOf(m, ctx);
  if (pieces.length < 2 || pieces.length > 4) return undefined;
  const steps: CalendarToolCall[] = [];
  for (const piece of pieces) {
    const call = parseOne(read(piece), ctx, (r) => r.name !== "compound");
    if (!call || !isToolCall(call)) {
      if (call?.tool === "propose") {
        steps.push(...call.steps);
        continue;
      }
      return {
        tool: "clarify",
        question: `I understood part of that, but not “${tidy(piece)}”. Could you say that part again on its own?`,
      };
    }
    steps.push(call);
  }
  return { tool: "propose", steps, reason: "it was more than one change" };
}

const NOT_CALLS = new Set(["small_talk", "clarify", "propose", "negation", "undo_last"]);
export const isToolCall = (r: AssistantRequest): r is CalendarToolCall => !NOT_CALLS.has(r.tool);

function cancel(m: Message, ctx: Ctx): AssistantRequest | undefined {
  const body = m.body;
  const cancelled =
    CANCEL_VERB.exec(body) ??
    /^(.+?)\s+(?:is|has been|got|was)\s+(?:cancelled|canceled|called off|off)\b/i.exec(body) ??
    /^i can(?:'t|not) make (?:it to )?(.+)$/i.exec(body);
  if (!cancelled) return undefined;
  const phrase = (CANCEL_VERB.test(body) ? body.replace(CANCEL_VERB, "") : cancelled[1]!).replace(
    /\s*,?\s*(?:so )?(?:please )?(?:cancel|delete|remove) (?:it|that)$/i,
    "",
  );
  const scope = scopeIn(phrase);
  const match = matchFor(phrase, ctx);
  // a day said as a pattern ("every sunday") names the series, not one day of it
  const dayNamed =
    Boolean(match.on || match.start) &&
    !new RegExp(`\\b(?:every|each)\\s+(?:other\\s+)?${DAY}`, "i").test(phrase);
  // "all my standups tomorrow": every one of that day, never the series
  if (scope === "all" && dayNamed && !seriesSaid(phrase))
    return { tool: "delete_event", match, scope: "this", everyMatch: true };
  const call: CalendarToolCall = {
    tool: "delete_event",
    match,
    ...(scope ? { scope } : {}),
  };
  // "cancel all my standups": a whole series said by "all" rather than by "series" is shown first
  if (scope === "all" && !seriesSaid(phrase))
    return { tool: "propose", steps: [call], reason: "it would cancel a whole series" };
  return call;
}

/** "remind me to call mom on sunday": a task due that day, or a short event at a time said. */
function remindMe(m: Message, ctx: Ctx): AssistantRequest | undefined {
  // "don't forget my dentist at 3": the event itself, said as a reminder
  const forget = /^(?:don't|do not) forget (?:about )?(?!to\s)(.+)$/i.exec(m.body);
  if (forget) return parseCreate(forget[1]!, ctx);
  const r =
    /^(?:remind me (?:to|about|that i (?:need|have) to)|(?:don't|do not) forget to)\s+(.+)$/i.exec(
      m.body,
    );
  if (!r) return undefined;
  const when = parseWhen(r[1]!, ctx);
  const { title } = cleanTitleOf(when ? r[1]!.replace(when.text, " ") : r[1]!);
  const named = title ? title[0]!.toUpperCase() + title.slice(1) : "Reminder";
  if (when?.hasTime)
    return {
      tool: "create_event",
      title: named,
      start: when.start.toUTC().toISO()!,
      end: when.start.plus({ minutes: 15 }).toUTC().toISO()!,
    };
  const due = when ? when.start.set({ hour: 17, minute: 0, second: 0, millisecond: 0 }) : undefined;
  return {
    tool: "add_tasks",
    tasks: [
      { title: named, estimateMinutes: 15, ...(due ? { deadline: due.toUTC().toISO()! } : {}) },
    ],
  };
}

/**
 * The rules, in priority order (see the header for how to add one). Each `build` may still
 * decline (undefined), and the next rule is tried.
 */
const TABLE: Rule[] = [
  {
    name: "small_talk",
    priority: 10,
    trigger: (m) => m.text.length <= 60,
    build: (m) => {
      const kind = parseSmallTalk(m.text);
      return kind ? { tool: "small_talk", kind } : undefined;
    },
  },
  {
    name: "undo_last",
    priority: 20,
    trigger:
      /^(?:undo(?: (?:that|it|this|the last (?:one|change|thing)|what you (?:just )?did))?|take (?:that|it) back|revert (?:that|it)|put (?:it|that) back)(?:[\s,]+(?:please|thanks|thank you))?$/i,
    build: () => ({ tool: "undo_last" }),
  },
  { name: "negation", priority: 30, trigger: NEGATION, build: negation },
  {
    name: "compound",
    priority: 40,
    trigger: (m) =>
      new RegExp(`^(?:${ANY_VERB})\\s.*\\b(?:and|then|also|plus)\\b`, "i").test(m.body) &&
      !ADD_TASK.test(m.body),
    build: compound,
  },
  { name: "what_now", priority: 100, trigger: WHAT_NOW, build: () => ({ tool: "what_now" }) },
  {
    // "I did the report", "skipped the gym": about today's block of it, not the whole task
    name: "check_in",
    priority: 110,
    trigger: () => true,
    build: (m) => parseCheckIn(m.body, m.asked),
  },
  {
    name: "complete_task",
    priority: 120,
    trigger: DONE,
    build: (m) => {
      const done = DONE.exec(m.body)!;
      const title = tidy(
        (done[1] ?? done[2] ?? done[3] ?? done[4] ?? done[5] ?? "").replace(
          /\b(?:task|to-?do)\b/gi,
          " ",
        ),
      );
      return title && !/^(?:it|that|this)$/i.test(title)
        ? { tool: "complete_task", title }
        : undefined;
    },
  },
  {
    name: "find_free_time",
    priority: 130,
    trigger: (m) => ASKS_FREE.test(m.body) && !/\b(?:what'?s on|agenda)\b/i.test(m.body),
    build: (m, ctx) => {
      const minutes = parseDuration(m.body) ?? 60;
      const said = m.body.replace(DURATION, " ");
      const range = /\b(?:week|today|tomorrow|mon|tue|wed|thu|fri|sat|sun|weekend|\d)/i.test(said)
        ? rangeOf(said, ctx)
        : rangeOf("this week", ctx);
      return { tool: "find_free_time", minutes, ...range };
    },
  },
  {
    name: "lighten",
    priority: 135,
    trigger:
      /^(?:lighten(?: up)?|free up|clear (?:some )?(?:space|room|time)(?: in| on)?|make (?:\S+ )?(?:lighter|less (?:busy|packed|full))|take (?:some )?(?:things|stuff) off)\b/i,
    build: (m, ctx) => ({
      tool: "list_events",
      ...rangeOf(m.body, ctx),
      ask: "Which of these could move to another day, or go? Say, for example, “move the gym to Friday” or “cancel the 3pm”.",
    }),
  },
  {
    name: "list_events",
    priority: 140,
    trigger: (m) =>
      ASKS_LIST.test(m.body) && !PLAN.test(m.body) && !/\bplan (?:it|them|this)\b/i.test(m.body),
    build: (m, ctx) => ({ tool: "list_events", ...rangeOf(m.body, ctx) }),
  },
  {
    // "plan my week: write report 3h due Friday" — the tasks are added, then planned
    name: "plan",
    priority: 200,
    trigger: PLAN,
    build: (m, ctx) => {
      const colon =
        /^[^:]*?\b(?:plan|schedule|organi[sz]e|time-?block)\b[^:]*?(?::|—|–| - |\bwith\b|\bincluding\b|\baround\b)\s*(.+)$/i.exec(
          m.body,
        );
      const head = colon ? m.body.slice(0, m.body.length - colon[1]!.length) : m.body;
      const { days, label } = planDays(head);
      const tasks = colon ? parseTasks(colon[1]!, ctx) : [];
      if (tasks.length > 0) return { tool: "add_tasks_and_plan", tasks: tasks.map(strip), days };
      return { tool: "plan", days, label };
    },
  },
  // "show my fitness program", "what's my workout plan?" (issue 29: the saved program)
  {
    name: "fitness_program",
    priority: 105,
    trigger: FITNESS_PROGRAM,
    build: () => ({ tool: "show_fitness_program" }),
  },
  // routines (issue 29): "gym 3 times a week, mornings, an hour" (a proposal card first),
  // "skip gym today"; before tasks, which would read the first as a task
  {
    name: "routine",
    priority: 190,
    trigger: ROUTINE_WORDS,
    build: (m, ctx) => {
      const r = parseRoutineRequest(m.body, { now: ctx.now, zone: ctx.timezone });
      return r?.tool === "create_routine" || r?.tool === "skip_routine_session" ? r : undefined;
    },
  },
  // "move my runs to evenings": a routine's window, said as a part of the day in the plural;
  // "move my meeting to the afternoon" stays a move of an event
  {
    name: "routine_window",
    priority: 295,
    trigger: /\bto (?:the )?(?:mornings|afternoons|evenings|nights)\b/i,
    build: (m, ctx) => {
      const r = parseRoutineRequest(m.body, { now: ctx.now, zone: ctx.timezone });
      return r?.tool === "update_routine" ? r : undefined;
    },
  },
  {
    name: "add_tasks",
    priority: 210,
    trigger: ADD_TASK,
    build: (m, ctx) => {
      const addTask = ADD_TASK.exec(m.body)!;
      const PLAN_IT = /\s*,?\s*\b(?:and|then) (?:plan|schedule) (?:it|them|this)\b/i;
      const said = `${addTask[1] ?? addTask[2] ?? addTask[3] ?? ""} ${addTask[4] ?? ""}`;
      const items = parseTasks(said.replace(PLAN_IT, " "), ctx);
      if (items.length === 0) return undefined;
      return PLAN_IT.test(m.body)
        ? { tool: "add_tasks_and_plan", tasks: items.map(strip), days: 7 }
        : { tool: "add_tasks", tasks: items.map(strip) };
    },
  },
  {
    name: "remind_me",
    priority: 220,
    trigger: /^(?:remind me|(?:don't|do not) forget)\b/i,
    build: remindMe,
  },
  {
    // "I need to write the report 3h", "also need to prep the slides, 90 mins, by Thursday"
    name: "need_to",
    priority: 230,
    trigger: (m) => NEED_TO.test(m.body) || /\bplan (?:it|them|this)\b/i.test(m.body),
    build: (m, ctx) => {
      const tasks = parseTasks(
        m.body
          .replace(
            /^.*?(?:^|\b(?:i|we)\s*)(?:need to|have to|must|'ve got to|'ve gotta|gotta|should|got to)\s*:?\s*/i,
            "",
          )
          .replace(
            /\s*[—–-]*\s*(?:and\s+)?(?:can you\s+|please\s+)?plan (?:it|them|this|my week)\b.*$/i,
            "",
          ),
        ctx,
      ).filter((t) => t.hasEstimate);
      return tasks.length > 0
        ? { tool: "add_tasks_and_plan", tasks: tasks.map(strip), days: 7 }
        : undefined;
    },
  },
  {
    // "add review budget 1h due tomorrow": a deadline and no clock time is a task, not an event
    name: "add_due",
    priority: 240,
    trigger: (m) =>
      /^(?:add|create|new|put|log|note)\s+\S/i.test(m.body) &&
      /\bdue\b/i.test(m.body) &&
      // a clock time outside the deadline ("add call at 3 due …") still makes an event
      !/\b(?:at\s+\d{1,2}|\d{1,2}:\d{2}|\d{1,2}\s*(?:am|pm))\b/i.test(
        m.body.replace(/\bdue\b.*$/i, ""),
      ),
    build: (m, ctx) => {
      const PLAN_IT = /\s*,?\s*\b(?:and|then) (?:plan|schedule) (?:it|them|this)\b/i;
      const said = m.body.replace(/^(?:add|create|new|put|log|note)\s+/i, "");
      const items = parseTasks(said.replace(PLAN_IT, " "), ctx).map(strip);
      if (items.length === 0) return undefined;
      return PLAN_IT.test(said)
        ? { tool: "add_tasks_and_plan", tasks: items, days: 7 }
        : { tool: "add_tasks", tasks: items };
    },
  },
  { name: "move", priority: 300, trigger: () => true, build: (m, ctx) => parseMove(m.body, ctx) },
  { name: "cancel", priority: 310, trigger: () => true, build: cancel },
  {
    name: "create",
    priority: 400,
    trigger: CREATE_VERB,
    build: (m, ctx) => {
      const said = m.body.replace(CREATE_VERB, "").replace(/^(?:me|us)\s+/i, "");
      // "add lunch with Sam": no day or time — asked, not lost ("make it shorter" is no title)
      return (
        parseCreate(said, ctx) ?? (/^(?:make|new)\b/i.test(m.body) ? undefined : askWhen(said))
      );
    },
  },
  {
    name: "have",
    priority: 410,
    trigger:
      /^(?:i(?:'ve| have)? got|i have|there'?s|there is|we have|i'm having|i am having)\s+(.+)$/i,
    build: (m, ctx) => {
      const said = m.body.replace(
        /^(?:i(?:'ve| have)? got|i have|there'?s|there is|we have|i'm having|i am having)\s+/i,
        "",
      );
      return parseWhen(said, ctx)?.hasTime ? parseCreate(said, ctx) : undefined;
    },
  },
  {
    // "lunch with Sam tomorrow at noon", "gym every tuesday and thursday at 7am": a title
    // and a time, not a question
    name: "title_and_time",
    priority: 420,
    trigger: (m) =>
      !m.asked &&
      !/^(?:what|when|why|how|who|where|is|are|do|does|can|could|should|would|will)\b/i.test(
        m.body,
      ) &&
      // "not now", "no thanks": never a title
      !/^(?:not|no|nope|nothing|never|don't|do not|maybe|later)\b/i.test(m.body),
    build: (m, ctx) => {
      // a statement about the day ("the kids are home at 4", "I slept at 2am", "work was
      // rough until 6pm") is not a request to book it
      if (STATEMENT.test(m.body)) return undefined;
      const rec = parseRecurrence(m.body, ctx);
      const when = rec ? undefined : parseWhen(m.body, ctx);
      if (rec && !parseWhen(rec.rest, ctx)?.hasTime) return undefined;
      // "… now" names no time to book: a title needs a time said
      if (
        !rec &&
        (!when?.hasTime || when.index === 0 || /^(?:right )?now$/i.test(when.text.trim()))
      )
        return undefined;
      // neither a verb nor a request asked for it: shown as a proposal, written on Yes
      const call = parseCreate(m.body, ctx);
      return m.requested ? call : asProposal(call, "no verb said what to do");
    },
  },
];
export const RULES: readonly Rule[] = [...TABLE].sort((a, b) => a.priority - b.priority);

const test = (t: Rule["trigger"], m: Message) => (t instanceof RegExp ? t.test(m.body) : t(m));

function parseOne(m: Message, ctx: Ctx, allow: (r: Rule) => boolean = () => true) {
  for (const rule of RULES) {
    if (!allow(rule) || !test(rule.trigger, m)) continue;
    const found = rule.build(m, ctx);
    if (found) return found;
  }
  return undefined;
}

/**
 * Understands the common calendar requests in plain English, with their typos and time
 * formats. Returns undefined when the message is not one (the assistant then simply talks).
 * Deterministic: the same message at the same instant gives the same call.
 */
export function parseCalendarRequest(message: string, ctx: Ctx): AssistantRequest | undefined {
  return noSuchDay(message) ?? tooBig(parseOne(read(message), ctx));
}

const MONTHS = [
  ["jan", "January", 31],
  ["feb", "February", 29],
  ["mar", "March", 31],
  ["apr", "April", 30],
  ["may", "May", 31],
  ["jun", "June", 30],
  ["jul", "July", 31],
  ["aug", "August", 31],
  ["sep", "September", 30],
  ["oct", "October", 31],
  ["nov", "November", 30],
  ["dec", "December", 31],
] as const;
const MONTH =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\b\\.?";
const DAY_NUMBER = "(\\d{1,2})(?:st|nd|rd|th)?";
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;

/**
 * A date that does not exist ("feb 30", "31st of April") is asked about, not read as some
 * other day (the date reader would drop it or roll it into the next month).
 */
function noSuchDay(message: string): AssistantRequest | undefined {
  const m =
    new RegExp(`\\b${MONTH}\\s+${DAY_NUMBER}\\b`, "i").exec(message) ??
    new RegExp(`\\b${DAY_NUMBER}\\s+(?:of\\s+)?${MONTH}`, "i").exec(message);
  if (!m) return undefined;
  const [monthWord, dayWord] = /^\d/.test(m[1]!) ? [m[2]!, m[1]!] : [m[1]!, m[2]!];
  const month = MONTHS.find(([key]) => key === monthWord.slice(0, 3).toLowerCase());
  const day = Number(dayWord);
  if (!month || day <= month[2] || day > 31) return undefined;
  return {
    tool: "clarify",
    question: `${month[1]} has no ${ordinal(day)} — which day did you mean?`,
  };
}

/** The most one task may take (the contract's limit on an estimate). */
const MAX_TASK_MINUTES = 40 * 60;

/**
 * A task estimated past what one task may hold ("write the book, 900 hours") would be refused
 * as invalid input: asked about instead, with what to do.
 */
function tooBig(found: AssistantRequest | undefined): AssistantRequest | undefined {
  if (found?.tool !== "add_tasks" && found?.tool !== "add_tasks_and_plan") return found;
  const big = found.tasks.find((t) => t.estimateMinutes > MAX_TASK_MINUTES);
  if (!big) return found;
  const hours = Math.round(big.estimateMinutes / 60);
  return {
    tool: "clarify",
    question: `“${big.title}” at ${hours} hours is more than one task can hold (40 hours at most). Add it in parts, for example: “add task ${big.title.toLowerCase()} part 1, 10 hours”.`,
  };
}
