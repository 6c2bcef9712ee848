import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { checkMessage, trimHistory } from "../../../../core/chat/message-rules.ts";
import type { ChatResponse } from "../../../../core/contract/chat.ts";
import { ApiError } from "../../../lib/api.ts";
import { apiStream } from "../../../lib/api-stream.ts";
import { type Assistant, conversationsKey, fetchConversation, usageKey } from "../api/queries.ts";
import { assistantGreeting, chatErrorText, REPLY_FAILED } from "../lib/chat-error.ts";

export type UiMessage = {
  id: string;
  role: "user" | "assistant";
  content: string;
  timestamp: string;
};

export type ChatStatus = "idle" | "waiting" | "streaming";

/** A DOM event, so the chat and the calendar features stay independent of each other. */
export const CALENDAR_CHANGED_EVENT = "sage:calendar-changed";

const newId = () => crypto.randomUUID();
const message = (role: UiMessage["role"], content: string): UiMessage => ({
  id: newId(),
  role,
  content,
  timestamp: new Date().toISOString(),
});

type Options = { canUse: boolean; onUpgrade: () => void; initialMessages?: UiMessage[] };

/** The chat's state machine: idle → waiting ('Thinking...') → streaming → idle. */
export function useChatSession({ canUse, onUpgrade, initialMessages = [] }: Options) {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<UiMessage[]>(initialMessages);
  const [conversationId, setConversationId] = useState<string | undefined>();
  const [assistant, setAssistant] = useState<Assistant | null>(null);
  const [status, setStatus] = useState<ChatStatus>("idle");
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  const send = useCallback(
    async (raw: string) => {
      if (busy.current) return; // a reply is pending: ignored
      const checked = checkMessage(raw);
      if (!checked.ok) {
        if (raw.trim() !== "") setError(checked.error); // whitespace-only is just ignored
        return;
      }
      if (!canUse) {
        onUpgrade();
        return;
      }
      busy.current = true;
      setError(null);
      setStatus("waiting");
      const userMessage = message("user", checked.message);
      const replyId = newId();
      setMessages((prev) => [...prev, userMessage]);

      let received = "";
      try {
        let final: ChatResponse | undefined;
        await apiStream(
          "/api/chat",
          {
            message: checked.message,
            ...(conversationId
              ? { conversationId }
              : { conversationHistory: trimHistory(messages) }),
            ...(assistant ? { domainContextId: assistant.id } : {}),
            model: "gpt-4.1-nano",
            temperature: 0.7,
            maxTokens: 1000,
          },
          (event, data) => {
            if (event === "delta") {
              received += (data as { text: string }).text;
              setStatus("streaming");
              setMessages((prev) => {
                const rest = prev.filter((m) => m.id !== replyId);
                return [
                  ...rest,
                  {
                    id: replyId,
                    role: "assistant",
                    content: received,
                    timestamp: new Date().toISOString(),
                  },
                ];
              });
            } else if (event === "done") {
              final = data as ChatResponse;
            } else if (event === "error") {
              throw new ApiError(500, "stream", (data as { error: string }).error);
            }
          },
        );
        if (!final) throw new ApiError(500, "stream", "The reply ended early.");
        const done = final;
        setConversationId(done.conversationId);
        // the calendar panel listens and syncs, so the assistant's changes show without a reload
        if (done.calendarChanged) window.dispatchEvent(new Event(CALENDAR_CHANGED_EVENT));
        setMessages((prev) =>
          prev.map((m) => (m.id === replyId ? { ...m, content: done.response } : m)),
        );
        queryClient.setQueryData(usageKey, (old: unknown) =>
          old ? { ...(old as object), remaining: done.remainingUsage } : old,
        );
      } catch (err) {
        const text = err instanceof Error ? err.message : "";
        setMessages((prev) => [
          ...prev.filter((m) => m.id !== replyId),
          message("assistant", REPLY_FAILED),
        ]);
        setError(chatErrorText(text));
      } finally {
        busy.current = false;
        setStatus("idle");
        void queryClient.invalidateQueries({ queryKey: usageKey });
        void queryClient.invalidateQueries({ queryKey: conversationsKey });
      }
    },
    [assistant, canUse, conversationId, messages, onUpgrade, queryClient],
  );

  const selectAssistant = useCallback((next: Assistant) => {
    setAssistant(next);
    setConversationId(undefined);
    setMessages([message("assistant", assistantGreeting(next.domain))]);
    setError(null);
  }, []);

  const openConversation = useCallback(async (id: string, assistants: Assistant[]) => {
    setError(null);
    try {
      const conversation = await fetchConversation(id);
      setConversationId(conversation.id);
      setAssistant(assistants.find((a) => a.id === conversation.domain_context_id) ?? null);
      setMessages(conversation.messages);
    } catch {
      setError("Failed to load this conversation. Please try again.");
    }
  }, []);

  const newChat = useCallback(() => {
    setAssistant(null);
    setConversationId(undefined);
    setMessages([]);
    setError(null);
  }, []);

  return {
    messages,
    status,
    error,
    assistant,
    conversationId,
    send,
    selectAssistant,
    openConversation,
    newChat,
    dismissError: () => setError(null),
  };
}
