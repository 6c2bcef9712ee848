import type { FormEvent, KeyboardEvent } from "react";
import {
  charCount,
  MAX_MESSAGE_CHARS,
  MESSAGE_TOO_LONG,
} from "../../../../core/chat/message-rules.ts";

type Props = {
  draft: string;
  onDraftChange: (text: string) => void;
  pending: boolean;
  exhausted: boolean;
  offline: boolean;
  onSend: () => void;
};

export const OFFLINE_SEND_REASON = "You're offline. You can send when the connection is back.";

/**
 * The message box. The draft lives in the chat session (use-chat-session.ts), so nothing
 * typed is lost: Send is off, with the reason shown, while offline or over the limit.
 */
export function MessageForm({ draft, onDraftChange, pending, exhausted, offline, onSend }: Props) {
  // counted as the server counts: trimmed, in Unicode code points
  const length = charCount(draft.trim());
  const tooLong = length > MAX_MESSAGE_CHARS;
  const blank = length === 0;
  const disabled = blank || pending || exhausted || offline || tooLong;
  const reason = exhausted
    ? null
    : offline
      ? OFFLINE_SEND_REASON
      : tooLong
        ? MESSAGE_TOO_LONG
        : null;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!disabled) onSend();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form onSubmit={submit} className="border-t border-stone-200 bg-white p-3 sm:p-4">
      <div className="mx-auto flex max-w-3xl items-end gap-2">
        <label htmlFor="chat-message" className="sr-only">
          Message
        </label>
        <textarea
          id="chat-message"
          rows={1}
          value={draft}
          onChange={(e) => onDraftChange(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={exhausted}
          placeholder={exhausted ? "Upgrade to keep chatting" : "Type your message..."}
          className="max-h-40 min-h-[44px] flex-1 resize-y rounded-xl border border-stone-300 px-3 py-2.5 text-base disabled:bg-stone-100"
          aria-describedby="chat-send-reason chat-message-count"
          aria-invalid={tooLong}
        />
        <button
          type="submit"
          disabled={disabled}
          className="min-h-[44px] rounded-xl bg-sage-700 px-5 font-semibold text-white hover:bg-sage-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600"
        >
          Send
        </button>
      </div>
      <div className="mx-auto mt-1 flex max-w-3xl items-start justify-between gap-3 text-xs">
        <p
          id="chat-send-reason"
          aria-live="polite"
          className={`font-medium ${tooLong ? "text-red-700" : "text-stone-700"}`}
        >
          {reason}
        </p>
        <p
          id="chat-message-count"
          className={`shrink-0 text-right ${tooLong ? "text-red-700" : "text-stone-500"} ${length > MAX_MESSAGE_CHARS * 0.9 ? "" : "sr-only"}`}
        >
          {length} / {MAX_MESSAGE_CHARS} characters
        </p>
      </div>
    </form>
  );
}
