/**
 * The chat's message rules (spec §5, §9), shared by client and server so both count the
 * same way. Characters are counted as Unicode code points: an emoji or an accented letter
 * is one character, whatever its UTF-16 length.
 */
export const MAX_MESSAGE_CHARS = 4000;
export const HISTORY_MESSAGES = 10;
export const HISTORY_CONTENT_CHARS = 2000;
export const TITLE_MAX_CHARS = 50;
export const TITLE_CUT_CHARS = 47;

export const MESSAGE_TOO_LONG = "Message is too long. Please keep it under 4000 characters.";
export const MESSAGE_EMPTY = "Please type a message first.";

export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Cuts to at most `max` code points, never splitting a surrogate pair. */
export function cutChars(text: string, max: number): string {
  if (text.length <= max) return text; // fast path: UTF-16 length bounds the code points
  return Array.from(text).slice(0, max).join("");
}

/** The client's check before sending: trimmed, non-empty, at most 4000 characters. */
export function checkMessage(
  raw: string,
): { ok: true; message: string } | { ok: false; error: string } {
  const message = raw.trim();
  if (message === "") return { ok: false, error: MESSAGE_EMPTY };
  if (charCount(message) > MAX_MESSAGE_CHARS) return { ok: false, error: MESSAGE_TOO_LONG };
  return { ok: true, message };
}

/** Title of a new conversation: the message, cut to 47 characters plus '...' when longer than 50. */
export function conversationTitle(message: string): string {
  const text = message.trim().replace(/\s+/g, " ");
  return charCount(text) > TITLE_MAX_CHARS ? `${cutChars(text, TITLE_CUT_CHARS)}...` : text;
}

const SUSPICIOUS = [
  /ignore (all )?(the )?previous instructions/i,
  /forget everything/i,
  /^\s*(system|assistant|user)\s*:/im,
  /```/,
];

/** Patterns worth a log line; never a reason to block (spec §5). */
export function suspiciousPatterns(message: string): string[] {
  return SUSPICIOUS.filter((re) => re.test(message)).map((re) => re.source);
}

export type HistoryItem = { role: "user" | "assistant"; content: string };

/** The last 10 messages, each cut to 2000 characters. */
export function trimHistory<T extends HistoryItem>(history: readonly T[]): HistoryItem[] {
  return history
    .slice(-HISTORY_MESSAGES)
    .map((m) => ({ role: m.role, content: cutChars(m.content, HISTORY_CONTENT_CHARS) }));
}
