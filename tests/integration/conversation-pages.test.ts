import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_PAGE } from "../../src/core/contract/chat.ts";
import { conversations, messages } from "../../src/server/db/schema.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Session = Awaited<ReturnType<TestApp["signIn"]>>;
type Page = {
  messages: { id: string; role: string; content: string }[];
  next_cursor: string | null;
};

/**
 * A conversation of `turns` exchanges straight into the tables (the chat would take an
 * hour): each turn's question and answer share one instant, as a real turn's rows do.
 */
async function seedConversation(s: Session, turns: number, content = (i: number) => `m${i}`) {
  const [conversation] = await t.db
    .insert(conversations)
    .values({ userId: s.user.id, title: "Long" })
    .returning();
  for (let at = 0; at < turns; at += 250) {
    const rows = Array.from({ length: Math.min(250, turns - at) }, (_, k) => {
      const i = at + k;
      const createdAt = new Date(Date.UTC(2026, 0, 1) + i * 60_000);
      return [
        {
          conversationId: conversation!.id,
          role: "assistant" as const,
          content: content(2 * i + 1),
          createdAt,
        },
        {
          conversationId: conversation!.id,
          role: "user" as const,
          content: content(2 * i),
          createdAt,
        },
      ];
    }).flat();
    await t.db.insert(messages).values(rows);
  }
  return conversation!.id;
}

async function get(s: Session, id: string, cursor?: string) {
  return t.app.inject({
    method: "GET",
    url: `/api/conversations/${id}${cursor ? `?cursor=${cursor}` : ""}`,
    headers: s.headers,
  });
}

async function allPages(s: Session, id: string) {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const res = await get(s, id, cursor ?? undefined);
    expect(res.statusCode).toBe(200);
    expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(MESSAGE_PAGE.bytes + 1024);
    const page = res.json().conversation as Page;
    expect(page.messages.length).toBeLessThanOrEqual(MESSAGE_PAGE.messages);
    pages.push(page);
    cursor = page.next_cursor;
  } while (cursor && pages.length < 100);
  expect(cursor).toBeNull();
  return pages;
}

describe("GET /api/conversations/:id is paged", () => {
  it("1,202 messages come in pages of 500, in order, each once, next_cursor null on the last", async () => {
    const s = await t.signIn();
    const id = await seedConversation(s, 601);
    const pages = await allPages(s, id);
    expect(pages.map((p) => p.messages.length)).toEqual([500, 500, 202]);
    const contents = pages.flatMap((p) => p.messages.map((m) => m.content));
    expect(contents).toEqual(Array.from({ length: 1_202 }, (_, i) => `m${i}`));
  });

  it("a page of long messages stops at 2 MB", async () => {
    const s = await t.signIn();
    const id = await seedConversation(s, 300, (i) => `${i}:${"é".repeat(4_000)}`);
    const pages = await allPages(s, id);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages[0]!.messages.length).toBeLessThan(MESSAGE_PAGE.messages);
    const contents = pages.flatMap((p) => p.messages.map((m) => m.content.split(":")[0]));
    expect(contents).toEqual(Array.from({ length: 600 }, (_, i) => String(i)));
  });

  it("a short conversation is one page with next_cursor null", async () => {
    const s = await t.signIn();
    const id = await seedConversation(s, 2);
    const page = (await get(s, id)).json().conversation as Page;
    expect(page.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(page.next_cursor).toBeNull();
  });

  it("a cursor that is not a message of this conversation is a 400 naming it", async () => {
    const s = await t.signIn();
    const id = await seedConversation(s, 2);
    const other = await seedConversation(s, 2);
    const foreign = ((await get(s, other)).json().conversation as Page).messages[0]!.id;
    for (const cursor of ["abc", foreign]) {
      const res = await get(s, id, cursor);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^cursor: /);
    }
  });
});
