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

/** More pages than a conversation a person can read (500 messages a page). */
const MAX_MESSAGE_PAGES = 100;

/**
 * A conversation with all its messages, following the server's pages (`next_cursor`) from
 * the oldest; at most MAX_MESSAGE_PAGES, else it throws.
 */
export async function fetchConversation(id: string) {
  const first = (await call("getConversation", { params: { id }, query: {} })).conversation;
  const messages = [...first.messages];
  let cursor = first.next_cursor;
  for (let pages = 1; cursor; pages++) {
    if (pages >= MAX_MESSAGE_PAGES) {
      throw new Error(`the conversation did not end after ${MAX_MESSAGE_PAGES} pages`);
    }
    const next = (await call("getConversation", { params: { id }, query: { cursor } }))
      .conversation;
    messages.push(...next.messages);
    cursor = next.next_cursor;
  }
  return { ...first, messages, next_cursor: null };
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
