import { useQuery } from "@tanstack/react-query";
import type { ConversationDetail, ConversationSummary } from "../../../../core/contract/chat.ts";
import type { UsageResponse } from "../../../../core/contract/usage.ts";
import { ApiError, api } from "../../../lib/api.ts";
import { lastUsage, saveLastUsage } from "../lib/last-usage.ts";

export type Assistant = { id: string; domain: string; context_summary: string; updated_at: string };

export const usageKey = ["usage"] as const;
export const conversationsKey = ["conversations"] as const;
export const assistantsKey = ["domain-contexts"] as const;

/**
 * The user's allowance. Until the server answers (offline, or the request failed) it is the
 * last one this device saw, so a user at their limit is not offered a working input.
 */
export function useUsage(userId: string) {
  return useQuery({
    queryKey: usageKey,
    queryFn: async () => {
      const usage = await api<UsageResponse>("/api/usage");
      saveLastUsage(userId, usage);
      return usage;
    },
    initialData: () => lastUsage(userId),
    // always stale: the server is asked at once (a payment since may have raised the limit)
    initialDataUpdatedAt: 0,
  });
}

export function useConversations() {
  return useQuery({
    queryKey: conversationsKey,
    queryFn: async () =>
      (await api<{ conversations: ConversationSummary[] }>("/api/conversations")).conversations,
  });
}

export function fetchConversation(id: string) {
  return api<{ conversation: ConversationDetail }>(`/api/conversations/${id}`).then(
    (r) => r.conversation,
  );
}

/** The user's assistants (domain contexts), productivity first. */
export function useAssistants() {
  return useQuery({
    queryKey: assistantsKey,
    // a questionnaire finished elsewhere may have just added one
    refetchOnMount: "always",
    queryFn: async () => {
      try {
        const { contexts } = await api<{ contexts: Assistant[] }>("/api/domain-contexts");
        return [...contexts].sort(
          (a, b) => Number(b.domain === "productivity") - Number(a.domain === "productivity"),
        );
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return [];
        throw err;
      }
    },
  });
}
