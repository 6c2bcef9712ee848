import { ZodError } from "zod";
import type {
  AssistantRequest,
  CalendarToolCall,
  SmallTalk,
} from "../../core/assistant/calendar-tools.ts";
import {
  parseCalendarRequest,
  parsePickReply,
  parseScopeReply,
  parseTimeReply,
  parseWhenReply,
  TIME_QUESTION,
  WHEN_QUESTION,
} from "../../core/assistant/parse-calendar-request.ts";
import type { ActionItem } from "../../core/contract/assistant-actions.ts";
import { userTimeZone } from "../calendar/list-events.ts";
import type { Db } from "../db/client.ts";
import { AppError, describeIssues } from "../errors.ts";
import type { LlmMessage } from "../integrations/llm/language-model.ts";
import { describeRepeat, SCOPE_QUESTION, WHICH_QUESTION } from "./event-tools.ts";
import type { ToolCtx } from "./find-events.ts";
import { quote, when } from "./format-when.ts";
import {
  claimProposal,
  lastUndoable,
  type PendingAction,
  proposalWaitsIn,
  undoAction,
} from "./record-actions.ts";
import { routineSummary } from "./routine-tools.ts";
import { runCalendarTool } from "./run-calendar-tool.ts";

const SMALL_TALK: Record<SmallTalk, string[]> = {
  thanks: ["You're welcome!", "Any time.", "Glad to help.", "My pleasure."],
  greeting: [
    "Hi! What's on your mind today?",
    "Hello! What can I help you with?",
    "Hi there — what shall we look at?",
  ],
  bye: ["Bye for now!", "See you later.", "Talk soon — good luck with the day."],
  ack: ["Good.", "Great.", "Noted."],
  how_are_you: [
    "I'm well, thanks. How's your day going?",
    "All good here. What's on your plate today?",
  ],
};

/** A stable pick among phrasings, so a reply varies between turns but not between runs. */
function pick(list: string[], seed: string): string {
  let h = 0;
  for (const c of seed) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return list[h % list.length]!;
}

/**
 * The request a short answer refers to: "the whole series" after "…just tomorrow's, or the
 * whole series?" repeats the question's request with the scope now said.
 */
function followUp(message: string, history: LlmMessage[], ctx: { now: Date; timezone: string }) {
  const lastReply = history.findLast((m) => m.role === "assistant");
  if (!lastReply) return undefined;
  if (lastReply.content.includes(WHICH_QUESTION))
    return pickedOne(message, history, lastReply, ctx);
  if (lastReply.content.startsWith(TIME_QUESTION))
    return timeGiven(message, history, lastReply, ctx);
  if (lastReply.content.startsWith(WHEN_QUESTION))
    return whenGiven(message, history, lastReply, ctx);
  if (!lastReply.content.includes(SCOPE_QUESTION)) return undefined;
  const asked = askedBefore(history, lastReply, ctx);
  const scope = parseScopeReply(message);
  if (!asked || !scope) return undefined;
  if (scope === "never_mind") return "never_mind" as const;
  const original = parseCalendarRequest(asked, ctx);
  if (original?.tool !== "delete_event" && original?.tool !== "update_event") return undefined;
  return { ...original, scope };
}

/**
 * The request the assistant's `reply` asked about: the person's message before it — and when
 * that message was itself the day answering "When should I put …?", the request it completed
 * ("add lunch with Sam" + "tomorrow"), so a time said next completes the whole of it.
 */
function askedBefore(
  history: LlmMessage[],
  reply: LlmMessage,
  ctx: { now: Date; timezone: string },
): string | undefined {
  const at = history.lastIndexOf(reply);
  const asked = history.slice(0, at).findLast((m) => m.role === "user");
  if (!asked) return undefined;
  const before = history
    .slice(0, history.lastIndexOf(asked))
    .findLast((m) => m.role === "assistant");
  const day = before?.content.startsWith(WHEN_QUESTION)
    ? parseWhenReply(asked.content, ctx)
    : undefined;
  if (!before || day === undefined) return asked.content;
  const first = history.slice(0, history.lastIndexOf(before)).findLast((m) => m.role === "user");
  return first ? `${first.content} ${day}` : asked.content;
}

/**
 * "the second" after "That matches 2 events… Which one should I move?": the request asked
 * before, narrowed to that one of its matches (listed in start order). A request that is not
 * a pick is read as a new one.
 */
function pickedOne(
  message: string,
  history: LlmMessage[],
  lastReply: LlmMessage,
  ctx: { now: Date; timezone: string },
) {
  const nth = parsePickReply(message);
  if (nth === undefined) return undefined;
  const asked = askedBefore(history, lastReply, ctx);
  if (!asked) return undefined;
  const original = parseCalendarRequest(asked, ctx);
  if (original?.tool !== "delete_event" && original?.tool !== "update_event") return undefined;
  return { ...original, match: { ...original.match, nth } };
}

/**
 * "9am" after "What time should I put “Dentist” on Tuesday 1 December?": the request asked
 * before, read again with that time. A reply that is not only a time is read as a new request.
 */
function timeGiven(
  message: string,
  history: LlmMessage[],
  lastReply: LlmMessage,
  ctx: { now: Date; timezone: string },
) {
  const time = parseTimeReply(message);
  if (time === undefined) return undefined;
  const asked = askedBefore(history, lastReply, ctx);
  if (!asked) return undefined;
  const again = parseCalendarRequest(`${asked} at ${time}`, ctx);
  return again?.tool === "create_event" || again?.tool === "clarify" ? again : undefined;
}

/**
 * "tomorrow at 1" (or "Friday", or "1pm") after "When should I put “Lunch with Sam”?": the
 * request asked before, read again with that day and time — a day alone is then asked its
 * time. A reply that is not only a day or time is read as a new request.
 */
function whenGiven(
  message: string,
  history: LlmMessage[],
  lastReply: LlmMessage,
  ctx: { now: Date; timezone: string },
) {
  const day = parseWhenReply(message, ctx);
  if (day === undefined) return undefined;
  const asked = askedBefore(history, lastReply, ctx);
  if (!asked) return undefined;
  const again = parseCalendarRequest(`${asked} ${day}`, ctx);
  return again?.tool === "create_event" || again?.tool === "clarify" || again?.tool === "propose"
    ? again
    : undefined;
}

/** Ends every proposal's reply: the next "yes" or "no" answers it. */
export const PROPOSAL_QUESTION = "Shall I go ahead?";

const YES =
  /^(?:yes|yep|yeah|yup|y|sure|ok(?:ay)?|do it|go ahead|please do|confirm(?:ed)?|sounds good|correct|that's right|perfect|great)\b(?:[\s,!.]+(?:please|thanks?|go ahead|do it))*[\s!.]*$/i;
const NO =
  /^(?:no|nope|nah|n|cancel(?: it| that)?|don't|do not|never ?mind|forget it|leave it|stop|not now|wrong)(?:[\s,!.]+(?:thanks?|thank you|leave it|never ?mind))*[\s!.]*$/i;

/**
 * The answer to the proposal the last reply of this conversation made, if the message is
 * one: Yes runs its calls (once — a second Yes finds nothing waiting), No drops it. The same
 * for the built-in assistant and a provider's model: it runs before either is asked.
 */
export async function answerProposal(
  db: Db,
  opts: {
    userId: string;
    conversationId: string | undefined;
    message: string;
    now: Date;
    locale: string;
    zone: string;
  },
): Promise<OfflineTurn | undefined> {
  const text = opts.message.trim();
  if (!opts.conversationId || text.length > 40) return undefined;
  const answer = YES.test(text) ? "yes" : NO.test(text) ? "no" : undefined;
  if (!answer || !(await proposalWaitsIn(db, opts.userId, opts.conversationId))) return undefined;
  const steps = await claimProposal(db, opts.userId, answer);
  if (answer === "no" || !steps)
    return {
      reply: steps
        ? "OK — I've left everything as it is."
        : "That has already been answered, so I've left it as it is.",
      changed: false,
      actions: [],
      uncharged: true,
    };
  const voice = { zone: opts.zone, locale: opts.locale };
  return runSteps({ db, userId: opts.userId, now: opts.now, voice }, steps);
}

export type OfflineTurn = {
  reply: string;
  changed: boolean;
  actions: PendingAction[];
  /**
   * Nothing was read or changed: small talk, a question back about the person's own words, a
   * proposal not yet answered, a "no". Such a reply uses none of the allowance.
   */
  uncharged?: boolean;
};

/**
 * The offline assistant's understanding: when a message is a calendar request ("add dentist
 * Tuesday 3pm", "plan my week: …", "cancel the gym tomorrow"), run the tool and answer with
 * exactly what changed; small talk gets a short line. A reading that had to guess is shown
 * as a proposal and run only on Yes; a negation never changes anything. Returns undefined
 * for anything else, and the assistant simply talks.
 */
export async function offlineCalendarTurn(
  db: Db,
  opts: {
    userId: string;
    message: string;
    now: Date;
    locale: string;
    history?: LlmMessage[];
    /** The person's time zone, when the caller has read it already. */
    zone?: string;
  },
): Promise<OfflineTurn | undefined> {
  const timezone = opts.zone ?? (await userTimeZone(db, opts.userId));
  const ctx = { now: opts.now, timezone };
  const tool = {
    db,
    userId: opts.userId,
    now: opts.now,
    voice: { zone: timezone, locale: opts.locale },
  };
  const history = opts.history ?? [];

  const previous = followUp(opts.message, history, ctx);
  if (previous === "never_mind")
    return { reply: "OK — I've left it as it is.", changed: false, actions: [], uncharged: true };
  const call: AssistantRequest | undefined = previous ?? parseCalendarRequest(opts.message, ctx);
  if (!call) return undefined;
  switch (call.tool) {
    case "small_talk":
      return {
        reply: pick(SMALL_TALK[call.kind], `${opts.message}|${history.length}`),
        changed: false,
        actions: [],
        uncharged: true,
      };
    case "clarify":
      return { reply: call.question, changed: false, actions: [], uncharged: true };
    case "negation":
      return negationReply(tool, call);
    case "propose":
      return proposal(tool, call.steps, call.reason);
    case "undo_last":
      return undoLast(tool);
    default:
      return runSteps(tool, [call]);
  }
}

/** Runs calls one after another; each change keeps its own card. A rule a step broke is said. */
async function runSteps(ctx: ToolCtx, steps: CalendarToolCall[]): Promise<OfflineTurn> {
  const replies: string[] = [];
  const actions: PendingAction[] = [];
  let changed = false;
  let uncharged = true;
  for (const step of steps) {
    try {
      const out = await runCalendarTool(ctx, step);
      replies.push(out.reply);
      actions.push(...out.actions);
      changed ||= out.changed;
      uncharged &&= out.uncharged === true;
    } catch (err) {
      // a rule the change broke (a title too long, a stale version) is said, not thrown
      if (err instanceof ZodError)
        replies.push(`I couldn't make that change: ${describeIssues(err.issues)}.`);
      else if (err instanceof AppError && err.status < 500)
        replies.push(`I couldn't make that change: ${err.message}`);
      else throw err;
      uncharged = false;
    }
  }
  return { reply: replies.join("\n\n"), changed, actions, ...(uncharged ? { uncharged } : {}) };
}

/** "don't book anything friday at 2": nothing is written; keeping the time free is offered. */
function negationReply(
  ctx: ToolCtx,
  call: Extract<AssistantRequest, { tool: "negation" }>,
): OfflineTurn {
  const then = call.start && call.end ? when(call.start, call.end, ctx.voice) : call.label;
  const heard = then ? ` ${call.start ? `for ${then}` : then}` : "";
  if (!call.start || !call.end)
    return {
      reply: `Understood — I won't book anything${heard}. Nothing has changed in your calendar.`,
      changed: false,
      actions: [],
      uncharged: true,
    };
  const keep: CalendarToolCall = {
    tool: "create_event",
    title: "Keep free",
    start: call.start,
    end: call.end,
  };
  const offered = proposal(ctx, [keep], "keep the time free");
  return {
    ...offered,
    reply: `Understood — I won't book anything${heard}; nothing has changed. I can hold that time with a “Keep free” block so nothing lands there. ${PROPOSAL_QUESTION}`,
  };
}

/** What was understood, as a proposal card: written only when the person says Yes. */
export function proposal(ctx: ToolCtx, steps: CalendarToolCall[], reason: string): OfflineTurn {
  const lines = steps.map((s) => `- ${describeStep(s, ctx)}`);
  return {
    reply: `Here's what I understood (${reason}), and nothing is written yet:\n\n${lines.join("\n")}\n\n${PROPOSAL_QUESTION}`,
    changed: false,
    actions: [
      {
        card: { kind: "proposed", items: steps.map((s) => proposedItem(s, ctx)), conflicts: [] },
        undo: [],
        proposal: steps,
      },
    ],
    uncharged: true,
  };
}

const VERB: Partial<Record<CalendarToolCall["tool"], string>> = {
  create_event: "Add",
  delete_event: "Cancel",
  update_event: "Move",
  add_tasks: "Add task",
  add_tasks_and_plan: "Add and plan",
  create_routine: "Add routine",
};

/** "Add “Yoga”, Fri, Nov 27, 6:30 AM – 7:30 AM, every Monday, Wednesday and Friday". */
function describeStep(step: CalendarToolCall, ctx: ToolCtx): string {
  const item = proposedItem(step, ctx);
  const at = item.start ? `, ${when(item.start, item.end, ctx.voice)}` : "";
  return `${item.why} ${quote(item.title)}${at}${item.repeat ? `, ${item.repeat}` : ""}`;
}

function proposedItem(step: CalendarToolCall, ctx: ToolCtx): ActionItem {
  const why = VERB[step.tool] ?? "Do";
  switch (step.tool) {
    case "create_event":
      return {
        title: step.title,
        start: step.start,
        end: step.end,
        ...(step.recurrence ? { repeat: describeRepeat(step.recurrence, ctx) } : {}),
        why,
      };
    case "delete_event":
    case "update_event": {
      const m = step.match;
      const scope =
        step.tool === "delete_event" && step.everyMatch
          ? "every one that day"
          : step.scope === "all"
            ? "the whole series"
            : step.scope === "this"
              ? "this occurrence only"
              : undefined;
      return {
        title: m.title ?? "the event",
        start: m.start ?? m.on?.from ?? null,
        end: null,
        ...(scope ? { repeat: scope } : {}),
        why,
      };
    }
    case "add_tasks":
    case "add_tasks_and_plan":
      return { title: step.tasks.map((t) => t.title).join(", "), start: null, end: null, why };
    case "create_routine":
      return {
        title: step.routine.title,
        start: null,
        end: null,
        repeat: routineSummary(step.routine),
        why,
      };
    default:
      return { title: step.tool.replace(/_/g, " "), start: null, end: null, why };
  }
}

/** "undo that": the last change made through the assistant, put back exactly (or why not). */
async function undoLast(ctx: ToolCtx): Promise<OfflineTurn> {
  const id = await lastUndoable(ctx.db, ctx.userId);
  if (!id)
    return {
      reply: "There's nothing of mine left to undo.",
      changed: false,
      actions: [],
      uncharged: true,
    };
  try {
    const { card } = await undoAction(ctx.db, { userId: ctx.userId, actionId: id });
    const what = card.items.map((i) => quote(i.title)).join(", ");
    return {
      reply: `Undone: ${card.kind === "created" ? "removed" : "put back"} ${what}.`,
      changed: true,
      actions: [],
    };
  } catch (err) {
    if (err instanceof AppError && err.status === 409)
      return { reply: err.message, changed: false, actions: [] };
    throw err;
  }
}
