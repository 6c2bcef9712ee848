import { ZodError } from "zod";
import { parseCalendarRequest } from "../../core/assistant/parse-calendar-request.ts";
import { userTimeZone } from "../calendar/list-events.ts";
import type { Db } from "../db/client.ts";
import { AppError, describeIssues } from "../errors.ts";
import type { Completion, LanguageModel } from "../integrations/llm/language-model.ts";
import { OFFLINE_MODEL_NAME } from "../integrations/llm/offline-assistant.ts";
import { runCalendarTool } from "./run-calendar-tool.ts";

/**
 * The offline assistant's calendar actions: when a message is a calendar request ("add
 * dentist Tuesday 3pm", "plan it"), run the tool and answer with exactly what changed.
 * Returns undefined for anything else, and the assistant simply talks.
 */
export async function offlineCalendarTurn(
  db: Db,
  opts: { userId: string; message: string; now: Date },
): Promise<{ completion: Completion; changed: boolean } | undefined> {
  const timezone = await userTimeZone(db, opts.userId);
  const call = parseCalendarRequest(opts.message, { now: opts.now, timezone });
  if (!call) return undefined;
  let reply: string;
  let changed = false;
  try {
    ({ reply, changed } = await runCalendarTool({ db, userId: opts.userId, now: opts.now }, call));
  } catch (err) {
    // a rule the change broke (a title too long, a stale version) is said, not thrown
    if (err instanceof ZodError)
      reply = `I couldn't make that change: ${describeIssues(err.issues)}.`;
    else if (err instanceof AppError && err.status < 500)
      reply = `I couldn't make that change: ${err.message}`;
    else throw err;
  }
  return {
    completion: {
      text: reply,
      tokensUsed: Math.ceil((opts.message.length + reply.length) / 4),
      model: OFFLINE_MODEL_NAME,
    },
    changed,
  };
}

/** Serves a reply that is already known through the model interface (so streaming is the same). */
export function cannedModel(completion: Completion): LanguageModel {
  return {
    kind: "offline",
    async complete() {
      return completion;
    },
    async *stream() {
      const pieces = completion.text.match(/\S+\s*/g) ?? [completion.text];
      for (let i = 0; i < pieces.length; i += 4) yield pieces.slice(i, i + 4).join("");
      return completion;
    },
  };
}
