import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS, LIST_PAGE } from "../../src/core/contract/calendar.ts";
import { calendarEvents } from "../../src/server/db/schema.ts";
import { type IcsServer, startIcsServer } from "../support/ics-server.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let ics: IcsServer;
beforeAll(async () => {
  [t, ics] = await Promise.all([createTestApp(), startIcsServer()]);
});
afterAll(async () => {
  await Promise.all([t.close(), ics.close()]);
});

type Session = Awaited<ReturnType<TestApp["signIn"]>>;
type Page = {
  events: { id: string; title: string; start_time: string; version: number }[];
  occurrences?: { event_id: string }[];
  next_cursor: string | null;
};

/** `count` events straight into the table (the API would take minutes), one a day from `day0`. */
async function seed(
  s: Session,
  count: number,
  fields: Partial<typeof calendarEvents.$inferInsert> = {},
) {
  const ids: string[] = [];
  for (let at = 0; at < count; at += 500) {
    const rows = Array.from({ length: Math.min(500, count - at) }, (_, i) => ({
      id: randomUUID(),
      userId: s.user.id,
      title: `event ${at + i}`,
      startTime: new Date(Date.UTC(2030, 0, 1) + ((at + i) % 7) * 86_400_000 + (at + i) * 60_000),
      ...fields,
    }));
    await t.db.insert(calendarEvents).values(rows);
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

async function get(s: Session, query: string) {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/calendar-events${query}`,
    headers: s.headers,
  });
  expect(res.statusCode).toBe(200);
  return { page: res.json() as Page, bytes: Buffer.byteLength(res.body) };
}

/** Follows next_cursor from the first page to the last (at most `max` pages). */
async function allPages(s: Session, query = "", between?: (pages: Page[]) => Promise<void>) {
  const pages: Page[] = [];
  const sep = query ? "&" : "?";
  let cursor: string | null = null;
  do {
    const { page, bytes } = await get(s, cursor ? `${query}${sep}cursor=${cursor}` : query);
    expect(page.events.length).toBeLessThanOrEqual(LIST_PAGE.events);
    expect(bytes).toBeLessThanOrEqual(LIST_PAGE.bytes + 1024);
    pages.push(page);
    cursor = page.next_cursor;
    await between?.(pages);
  } while (cursor && pages.length < 100);
  expect(cursor).toBeNull();
  return pages;
}

const ids = (pages: Page[]) => pages.flatMap((p) => p.events.map((e) => e.id));

describe("GET /api/calendar-events is paged", () => {
  it("without a range: pages of at most 500 events, every row exactly once, next_cursor null on the last", async () => {
    const s = await t.signIn();
    const seeded = await seed(s, 1_201);
    const pages = await allPages(s);
    expect(pages.map((p) => p.events.length)).toEqual([500, 500, 201]);
    const listed = ids(pages);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.sort()).toEqual([...seeded].sort());
  });

  it("without a range: a page of long events stops at 2 MB", async () => {
    const s = await t.signIn();
    // about 7.8 KB of JSON each: 500 of them would be ~4 MB
    const seeded = await seed(s, 600, {
      title: "t".repeat(LIMITS.title),
      description: "d".repeat(LIMITS.description),
      location: "l".repeat(LIMITS.location),
      url: `https://example.com/${"u".repeat(LIMITS.url - 20)}`,
    });
    const pages = await allPages(s);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages[0]!.events.length).toBeLessThan(LIST_PAGE.events);
    expect(ids(pages).sort()).toEqual([...seeded].sort());
  });

  it("an event edited or moved between pages is listed once, in its edited form when read after", async () => {
    const s = await t.signIn();
    const seeded = await seed(s, 1_100);
    const edited = new Map<string, string>();
    const pages = await allPages(s, "", async (read) => {
      if (read.length !== 1) return;
      // after the first page: move one row it listed and one it did not, to the far past
      // and far future (a start-ordered list would skip or repeat them)
      const first = new Set(ids(read));
      const seen = [...first][0]!;
      const unseen = seeded.find((id) => !first.has(id))!;
      for (const [id, start] of [
        [seen, "1999-01-01T00:00:00.000Z"],
        [unseen, "2099-01-01T00:00:00.000Z"],
      ] as const) {
        const res = await t.app.inject({
          method: "PUT",
          url: `/api/calendar-events?eventId=${id}`,
          headers: s.headers,
          payload: { title: `moved ${id}`, start_time: start, version: 1 },
        });
        expect(res.statusCode).toBe(200);
        edited.set(id, start);
      }
    });
    const listed = ids(pages);
    expect(listed).toHaveLength(seeded.length);
    expect(new Set(listed).size).toBe(seeded.length);
    const unseen = [...edited.keys()][1]!;
    const later = pages.flatMap((p) => p.events).find((e) => e.id === unseen)!;
    expect(later.start_time).toBe(edited.get(unseen));
  });

  it("with a range: pages too, each with the occurrences of its own events", async () => {
    const s = await t.signIn();
    const seeded = await seed(s, 700);
    const pages = await allPages(s, "?from=2030-01-01T00:00:00Z&to=2030-01-15T00:00:00Z");
    expect(pages).toHaveLength(2);
    expect(ids(pages).sort()).toEqual([...seeded].sort());
    for (const page of pages) {
      const own = new Set(page.events.map((e) => e.id));
      expect(page.occurrences!.length).toBe(page.events.length);
      expect(page.occurrences!.every((o) => own.has(o.event_id))).toBe(true);
      const starts = page.events.map((e) => e.start_time);
      expect(starts).toEqual([...starts].sort());
    }
  });

  it("with a range and a connected calendar: its occurrences share the pages, each once", async () => {
    const s = await t.signIn();
    const own = await seed(s, 450);
    const lines = ["BEGIN:VCALENDAR", "VERSION:2.0"];
    for (let i = 0; i < 400; i++) {
      const at = new Date(Date.UTC(2030, 0, 2, 8) + i * 15 * 60_000);
      const stamp = at.toISOString().replace(/[-:]|\.\d+/g, "");
      lines.push("BEGIN:VEVENT", `UID:c${i}@example.com`, `DTSTART:${stamp}`, "DURATION:PT10M");
      lines.push(`SUMMARY:connected ${i}`, "END:VEVENT");
    }
    lines.push("END:VCALENDAR", "");
    ics.publish("/many.ics", lines.join("\r\n"));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/connections",
      headers: s.headers,
      payload: { kind: "ics", url: ics.url("/many.ics") },
    });
    expect(res.statusCode).toBe(201);
    const pages = await allPages(s, "?from=2030-01-01T00:00:00Z&to=2030-01-15T00:00:00Z");
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const listed = ids(pages);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed).toHaveLength(850);
    expect(listed.filter((id) => own.includes(id)).sort()).toEqual([...own].sort());
  });

  it("with one end of a range only: paged as well", async () => {
    const s = await t.signIn();
    const seeded = await seed(s, 600);
    const pages = await allPages(s, "?from=2029-01-01T00:00:00Z");
    expect(pages).toHaveLength(2);
    expect(ids(pages).sort()).toEqual([...seeded].sort());
  });

  it("a small list is one page with next_cursor null", async () => {
    const s = await t.signIn();
    await seed(s, 3);
    const { page } = await get(s, "");
    expect(page.events).toHaveLength(3);
    expect(page.next_cursor).toBeNull();
    const ranged = await get(s, "?from=2030-01-01T00:00:00Z&to=2030-01-08T00:00:00Z");
    expect(ranged.page.next_cursor).toBeNull();
  });

  it("a cursor that is not an id is a 400 naming it", async () => {
    const s = await t.signIn();
    const res = await t.app.inject({
      method: "GET",
      url: "/api/calendar-events?cursor=abc",
      headers: s.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^cursor: /);
  });
});
