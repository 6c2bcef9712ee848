import { describe, expect, it } from "vitest";
import { json, mockFetch } from "../../../test/render-with-providers.tsx";
import { fetchConversation } from "./queries.ts";

const CONVERSATION = "0b9c7d3e-1111-4222-8333-444455556666";
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const message = (n: number) => ({
  id: id(n),
  role: n % 2 ? "assistant" : "user",
  content: `m${n}`,
  timestamp: "2026-01-01T00:00:00.000Z",
});
const page = (from: number, to: number, next: string | null) => ({
  conversation: {
    id: CONVERSATION,
    title: "Long",
    domain_context_id: null,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    messages: Array.from({ length: to - from }, (_, i) => message(from + i)),
    next_cursor: next,
  },
});

describe("fetchConversation follows the server's pages", () => {
  it("asks with each next_cursor until it is null and keeps the messages in order", async () => {
    const calls = mockFetch((url) => {
      const cursor = new URL(url, "http://x").searchParams.get("cursor");
      if (!cursor) return json(200, page(0, 3, id(2)));
      return json(200, page(3, 5, null));
    });
    const conversation = await fetchConversation(CONVERSATION);
    expect(conversation.messages.map((m) => m.content)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
    expect(conversation.next_cursor).toBeNull();
    expect(calls.map((c) => c.url)).toEqual([
      `/api/conversations/${CONVERSATION}`,
      `/api/conversations/${CONVERSATION}?cursor=${id(2)}`,
    ]);
  });

  it("stops with an error when the pages never end", async () => {
    let n = 0;
    const calls = mockFetch(() => {
      n += 1;
      return json(200, page(n, n + 1, id(n)));
    });
    await expect(fetchConversation(CONVERSATION)).rejects.toThrow(/did not end/);
    expect(calls.length).toBe(100);
  });
});
