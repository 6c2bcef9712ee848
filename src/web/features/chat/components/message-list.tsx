import { useEffect, useRef } from "react";
import type { ActionCard } from "../../../../core/contract/assistant-actions.ts";
import { timeLabel } from "../../../lib/date-label.ts";
import type { ChatStatus, UiMessage } from "../hooks/use-chat-session.ts";
import { ActionCards } from "./action-cards.tsx";
import { LazyMarkdown, preloadMarkdown } from "./lazy-markdown.tsx";

const time = (iso: string) => timeLabel(new Date(iso), {});

export function MessageList({
  messages,
  status,
  onCardChanged = () => {},
  onAnswer,
}: {
  messages: UiMessage[];
  status: ChatStatus;
  onCardChanged?: (card: ActionCard) => void;
  /** Answers a proposal card of the newest reply (sends "Yes" or "No"). */
  onAnswer?: (text: "Yes" | "No") => void;
}) {
  const end = useRef<HTMLDivElement>(null);
  const count = messages.length;
  const last = messages.at(-1)?.content.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow new messages and streamed text
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [count, last, status]);

  // the renderer loads while Sage is thinking, or as soon as there is a reply to show
  const needsMarkdown = status !== "idle" || messages.some((m) => m.role === "assistant");
  useEffect(() => {
    if (needsMarkdown) preloadMarkdown();
  }, [needsMarkdown]);

  return (
    <>
      <ol className="flex flex-col gap-4 px-4 py-6" aria-label="Messages">
        {messages.map((m) => (
          <li key={m.id} className={`flex ${m.role === "user" ? "justify-end" : "justify-start"}`}>
            <div
              className={`max-w-[85%] rounded-2xl px-4 py-3 text-[15px] leading-relaxed shadow-sm sm:max-w-[75%] ${
                m.role === "user"
                  ? "rounded-br-md bg-sage-700 text-white"
                  : "rounded-bl-md border border-stone-200 bg-white text-stone-900"
              }`}
            >
              <span className="sr-only">{m.role === "user" ? "You said:" : "Sage said:"}</span>
              {m.role === "assistant" ? (
                <LazyMarkdown
                  text={m.content}
                  streaming={status === "streaming" && m.id === messages.at(-1)?.id}
                />
              ) : (
                <p className="whitespace-pre-wrap break-words">{m.content}</p>
              )}
              {m.actions && m.actions.length > 0 && (
                <ActionCards
                  cards={m.actions}
                  onChanged={onCardChanged}
                  onAnswer={
                    m.id === messages.at(-1)?.id && status === "idle" ? onAnswer : undefined
                  }
                />
              )}
              <time
                dateTime={m.timestamp}
                className={`mt-1 block text-right text-xs ${m.role === "user" ? "text-sage-100" : "text-stone-500"}`}
              >
                {time(m.timestamp)}
              </time>
            </div>
          </li>
        ))}
        {status === "waiting" && (
          <li className="flex justify-start">
            <div
              role="status"
              aria-live="polite"
              className="rounded-2xl rounded-bl-md border border-stone-200 bg-white px-4 py-3 text-stone-600"
            >
              <span className="inline-flex items-center gap-2">
                <span
                  className="h-2 w-2 animate-pulse rounded-full bg-sage-500"
                  aria-hidden="true"
                />
                Thinking...
              </span>
            </div>
          </li>
        )}
      </ol>
      <div ref={end} />
    </>
  );
}
