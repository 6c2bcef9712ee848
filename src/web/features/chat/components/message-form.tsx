import { type FormEvent, type KeyboardEvent, useState } from "react";
import { charCount, MAX_MESSAGE_CHARS } from "../../../../core/chat/message-rules.ts";

type Props = { pending: boolean; exhausted: boolean; onSend: (text: string) => void };

export function MessageForm({ pending, exhausted, onSend }: Props) {
  const [text, setText] = useState("");
  const blank = text.trim() === "";
  const disabled = blank || pending || exhausted;
  const length = charCount(text);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (disabled) return;
    onSend(text);
    setText("");
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
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={exhausted}
          placeholder={exhausted ? "Upgrade to continue chatting..." : "Type your message..."}
          className="max-h-40 min-h-[44px] flex-1 resize-y rounded-xl border border-stone-300 px-3 py-2.5 text-base disabled:bg-stone-100"
          aria-describedby="chat-message-count"
        />
        <button
          type="submit"
          disabled={disabled}
          className="min-h-[44px] rounded-xl bg-sage-700 px-5 font-semibold text-white hover:bg-sage-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600"
        >
          Send
        </button>
      </div>
      <p
        id="chat-message-count"
        className={`mx-auto mt-1 max-w-3xl text-right text-xs ${length > MAX_MESSAGE_CHARS ? "text-red-700" : "text-stone-500"} ${length > MAX_MESSAGE_CHARS * 0.9 ? "" : "sr-only"}`}
      >
        {length} / {MAX_MESSAGE_CHARS} characters
      </p>
    </form>
  );
}
