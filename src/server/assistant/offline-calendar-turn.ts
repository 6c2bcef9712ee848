import { ZodError } from "zod";
import type { AssistantRequest, SmallTalk } from "../../core/assistant/calendar-tools.ts";
import {
  parseCalendarRequest,
  parseScopeReply,
} from "../../core/assistant/parse-calendar-request.ts";
import { userTimeZone } from "../calendar/list-events.ts";
import type { Db } from "../db/client.ts";
import { AppError, describeIssues } from "../errors.ts";
import type { LlmMessage } from "../integrations/llm/language-model.ts";
import { SCOPE_QUESTION } from "./event-tools.ts";
import type { PendingAction } from "./record-actions.ts";
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
  if (!lastReply?.content.includes(SCOPE_QUESTION)) return undefined;
  const at = history.lastIndexOf(lastReply);
  const asked = history.slice(0, at).findLast((m) => m.role === "user");
  const scope = parseScopeReply(message);
  if (!asked || !scope) return undefined;
  if (scope === "never_mind") return "never_mind" as const;
  const original = parseCalendarRequest(asked.content, ctx);
  if (original?.tool !== "delete_event" && original?.tool !== "update_event") return undefined;
  return { ...original, scope };
}

/**
 * The offline assistant's understanding: when a message is a calendar request ("add dentist
 * Tuesday 3pm", "plan my week: …", "cancel the gym tomorrow"), run the tool and answer with
 * exactly what changed; small talk gets a short line. Returns undefined for anything else,
 * and the assistant simply talks.
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
): Promise<{ reply: string; changed: boolean; actions: PendingAction[] } | undefined> {
  const timezone = opts.zone ?? (await userTimeZone(db, opts.userId));
  const ctx = { now: opts.now, timezone };
  const history = opts.history ?? [];
  const previous = followUp(opts.message, history, ctx);
  const call: AssistantRequest | undefined =
    previous === "never_mind" ? undefined : (previous ?? parseCalendarRequest(opts.message, ctx));
  let reply: string;
  let changed = false;
  let actions: PendingAction[] = [];
  if (previous === "never_mind") reply = "OK — I've left it as it is.";
  else if (!call) return undefined;
  else if (call.tool === "small_talk")
    reply = pick(SMALL_TALK[call.kind], `${opts.message}|${history.length}`);
  else if (call.tool === "clarify") reply = call.question;
  else {
    try {
      ({ reply, changed, actions } = await runCalendarTool(
        { db, userId: opts.userId, now: opts.now, voice: { zone: timezone, locale: opts.locale } },
        call,
      ));
    } catch (err) {
      // a rule the change broke (a title too long, a stale version) is said, not thrown
      if (err instanceof ZodError)
        reply = `I couldn't make that change: ${describeIssues(err.issues)}.`;
      else if (err instanceof AppError && err.status < 500)
        reply = `I couldn't make that change: ${err.message}`;
      else throw err;
    }
  }
  return { reply, changed, actions };
}
