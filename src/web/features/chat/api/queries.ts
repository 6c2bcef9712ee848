import { useQuery } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api.ts";
import { call } from "../../../lib/client.ts";
import { queryKeys, useUsage as useSharedUsage } from "../../../lib/server-state.ts";
import { lastUsage, saveLastUsage } from "../lib/last-usage.ts";

export type Assistant = { id: string; domain: string; context_summary: string; updated_at: string };

export const usageKey = queryKeys.usage;
export const conversationsKey = ["conversations"] as const;
export const assistantsKey = ["domain-contexts"] as const;

/**
 * The user's allowance. Until the server answers (offline, or the request failed) it is the
 * last one this device saw, so a user at their limit is not offered a working input.
 */
export function useUsage(userId: string) {
  return useSharedUsage({ remember: { userId, load: lastUsage, save: saveLastUsage } });
}

export function useConversations() {
  return useQuery({
    queryKey: conversationsKey,
    queryFn: async () => (await call("listConversations", { query: {} })).conversations,
  });
}

export function fetchConversation(id: string) {
  return call("getConversation", { params: { id } }).then((r) => r.conversation);
}

/** The user's assistants (domain contexts), productivity first. */
export function useAssistants() {
  return useQuery({
    queryKey: assistantsKey,
    // a questionnaire finished elsewhere may have just added one
    refetchOnMount: "always",
    queryFn: async () => {
      try {
        const { contexts } = await call("listDomainContexts");
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
