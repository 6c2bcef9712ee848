import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { checkMessage, trimHistory } from "../../../../core/chat/message-rules.ts";
import type { ActionCard } from "../../../../core/contract/assistant-actions.ts";
import type { ChatResponse } from "../../../../core/contract/chat.ts";
import { ApiError } from "../../../lib/api.ts";
import { apiStream } from "../../../lib/api-stream.ts";
import { calendarChanged } from "../../../lib/server-state.ts";
import { type Assistant, conversationsKey, fetchConversation, usageKey } from "../api/queries.ts";
import {
  assistantGreeting,
  OFFLINE_NOT_SENT,
  REPLY_FAILED,
  sendErrorText,
} from "../lib/chat-error.ts";

export type UiMessage = {
  id: string;
  role: "user" | "assistant";
  content: string;
  timestamp: string;
  /** What the reply changed, each with Undo. */
  actions?: ActionCard[];
};

export type ChatStatus = "idle" | "waiting" | "streaming";

const newId = () => crypto.randomUUID();
const message = (role: UiMessage["role"], content: string): UiMessage => ({
  id: newId(),
  role,
  content,
  timestamp: new Date().toISOString(),
});

type Options = { canUse: boolean; onUpgrade: () => void; initialMessages?: UiMessage[] };

/** A send that failed: its text (back in the message box) and the reply-failure message. */
type FailedSend = { text: string; notice: string | null };

/**
 * The chat's state machine: idle → waiting ('Thinking...') → streaming → idle. It owns the
 * draft, so a message is never lost: the box is cleared only when a send starts, and a send
 * that fails puts the text back (unless something new was typed meanwhile) and can be
 * retried.
 */
export function useChatSession({ canUse, onUpgrade, initialMessages = [] }: Options) {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<UiMessage[]>(initialMessages);
  const [conversationId, setConversationId] = useState<string | undefined>();
  const [assistant, setAssistant] = useState<Assistant | null>(null);
  const [status, setStatus] = useState<ChatStatus>("idle");
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState("");
  const [failed, setFailed] = useState<FailedSend | null>(null);
  const busy = useRef(false);

  const deliver = useCallback(
    async (raw: string, { fromDraft }: { fromDraft: boolean }) => {
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
      if (!navigator.onLine) {
        setError(OFFLINE_NOT_SENT);
        return;
      }
      busy.current = true;
      setError(null);
      setFailed(null);
      if (fromDraft) setDraft("");
      else setDraft((d) => (d === raw ? "" : d));
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
        // the calendar and the tasks are asked again wherever shown: the changes show at once
        if (done.calendarChanged) void calendarChanged(queryClient);
        setMessages((prev) =>
          prev.map((m) =>
            m.id === replyId
              ? { ...m, content: done.response, ...(done.actions ? { actions: done.actions } : {}) }
              : m,
          ),
        );
        queryClient.setQueryData(usageKey, (old: unknown) =>
          old ? { ...(old as object), remaining: done.remainingUsage } : old,
        );
      } catch (err) {
        // the exchange was not stored (the server keeps a message only with its reply), so
        // the message leaves the conversation and goes back into the box, ready to retry.
        // The spec's reply-failure message answers a request the server took; one that
        // never got there (offline, unreachable) has only the one notice saying so.
        const reached = !(err instanceof TypeError) && navigator.onLine;
        const notice = reached ? message("assistant", REPLY_FAILED) : null;
        setMessages((prev) => [
          ...prev.filter((m) => m.id !== replyId && m.id !== userMessage.id),
          ...(notice ? [notice] : []),
        ]);
        setDraft((d) => (d === "" ? raw : d));
        setFailed({ text: raw, notice: notice?.id ?? null });
        setError(sendErrorText(err, navigator.onLine));
      } finally {
        busy.current = false;
        setStatus("idle");
        void queryClient.invalidateQueries({ queryKey: usageKey });
        void queryClient.invalidateQueries({ queryKey: conversationsKey });
      }
    },
    [assistant, canUse, conversationId, messages, onUpgrade, queryClient],
  );

  /** Sends what is in the message box. */
  const send = useCallback(() => deliver(draft, { fromDraft: true }), [deliver, draft]);
  /** Sends a given text (an example request), leaving the message box as it is. */
  const sendText = useCallback((text: string) => deliver(text, { fromDraft: false }), [deliver]);

  /** Sends the failed message again, in place of its reply-failure message. */
  const retry = useCallback(() => {
    if (!failed || busy.current) return Promise.resolve();
    if (navigator.onLine) setMessages((prev) => prev.filter((m) => m.id !== failed.notice));
    return deliver(failed.text, { fromDraft: false });
  }, [deliver, failed]);

  const selectAssistant = useCallback((next: Assistant) => {
    setAssistant(next);
    setConversationId(undefined);
    setMessages([message("assistant", assistantGreeting(next.domain))]);
    setError(null);
    setFailed(null);
  }, []);

  /**
   * Sets the assistant for a chat that has not started yet, keeping what is on screen (the
   * profile a finished questionnaire shows): the first message then goes to that assistant.
   */
  const attachAssistant = useCallback((next: Assistant) => {
    setAssistant((current) => current ?? next);
  }, []);

  const openConversation = useCallback(async (id: string, assistants: Assistant[]) => {
    setError(null);
    try {
      const conversation = await fetchConversation(id);
      setConversationId(conversation.id);
      setAssistant(assistants.find((a) => a.id === conversation.domain_context_id) ?? null);
      setMessages(conversation.messages);
      setFailed(null);
    } catch {
      setError("Failed to load this conversation. Please try again.");
    }
  }, []);

  /** A card changed (undone): show it, and let the calendar sync. */
  const updateCard = useCallback(
    (card: ActionCard) => {
      setMessages((prev) =>
        prev.map((m) =>
          m.actions?.some((a) => a.id === card.id)
            ? { ...m, actions: m.actions.map((a) => (a.id === card.id ? card : a)) }
            : m,
        ),
      );
      void calendarChanged(queryClient);
    },
    [queryClient],
  );

  const newChat = useCallback(() => {
    setAssistant(null);
    setConversationId(undefined);
    setMessages([]);
    setError(null);
    setFailed(null);
  }, []);

  return {
    messages,
    status,
    error,
    assistant,
    conversationId,
    draft,
    setDraft,
    send,
    sendText,
    /** True when the last send failed and can be retried. */
    canRetry: failed !== null && status === "idle",
    retry,
    selectAssistant,
    attachAssistant,
    openConversation,
    newChat,
    updateCard,
    dismissError: () => {
      setError(null);
      setFailed(null);
    },
  };
}
