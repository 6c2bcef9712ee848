import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventDraft } from "../../src/core/calendar/local-event.ts";
import type { ServerEvent } from "../../src/core/contract/calendar.ts";
import { calendarEvents } from "../../src/server/db/schema.ts";
import {
  type EventsTransport,
  occurrencePath,
} from "../../src/web/features/calendar/api/events-api.ts";
import { agenda } from "../../src/web/features/calendar/lib/agenda.ts";
import { CalendarSync, type Locks } from "../../src/web/features/calendar/lib/calendar-sync.ts";
import { queueKey } from "../../src/web/features/calendar/lib/local-store.ts";
import { ApiError } from "../../src/web/lib/api.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The browser's sync engine against the real API: offline edits, reloads, two tabs, lost
 * answers, conflicts — and what ends up on the server.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Net = { online: boolean; calls: string[]; loseNextAnswer?: boolean };

/** Speaks HTTP to the app like the web client's api(): errors become ApiError, no network a TypeError. */
function transport(headers: Record<string, string>, net: Net): EventsTransport {
  async function call<T>(method: string, url: string, payload?: object): Promise<T> {
    if (!net.online) throw new TypeError("Failed to fetch");
    net.calls.push(`${method} ${url.split("?")[0]}`);
    const res = await t.app.inject({ method: method as "GET", url, headers, payload });
    if (net.loseNextAnswer) {
      net.loseNextAnswer = false;
      throw new TypeError("network connection was lost");
    }
    const body = res.body ? res.json() : undefined;
    if (res.statusCode >= 400)
      throw new ApiError(res.statusCode, body.code, body.error, body.details);
    return body as T;
  }
  const at = (id: string) => `/api/calendar-events?eventId=${id}`;
  return {
    list: () =>
      call<{ events: ServerEvent[] }>("GET", "/api/calendar-events").then((r) => r.events),
    create: (id, fields) =>
      call<{ event: ServerEvent }>("POST", "/api/calendar-events", { id, ...fields }).then(
        (r) => r.event,
      ),
    update: (id, fields) =>
      call<{ event: ServerEvent }>("PUT", at(id), fields).then((r) => r.event),
    remove: (id) => call("DELETE", at(id)).then(() => undefined),
    updateOccurrence: (id, where, fields) => call("PUT", occurrencePath(id, where), fields),
    removeOccurrence: (id, where) =>
      call<{ series?: ServerEvent | null }>("DELETE", occurrencePath(id, where)).then(
        (r) => r.series ?? null,
      ),
  };
}

/** A named mutex with the Web Locks API's shape: one holder at a time, FIFO. */
function webLocks(): Locks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name, callback) {
      const prev = tails.get(name) ?? Promise.resolve();
      const run = prev.then(callback, callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

async function setup() {
  const s = await t.signIn();
  const storage = memoryStorage();
  const locks = webLocks();
  const net: Net = { online: true, calls: [] };
  const tab = (n: Net = net) =>
    new CalendarSync({
      userId: s.user.id,
      storage,
      transport: transport(s.headers, n),
      locks,
      isOnline: () => n.online,
      newId: randomUUID,
      retryBaseMs: 60_000,
      zone: "UTC",
    });
  return { s, storage, net, tab };
}

const draft = (title: string, extra: Partial<EventDraft> = {}): EventDraft => ({
  title,
  startTime: "2025-06-02T09:00:00.000Z",
  allDay: false,
  priority: "medium",
  ...extra,
});

const serverTitles = async (userId: string) =>
  (
    await t.db
      .select({ title: calendarEvents.title })
      .from(calendarEvents)
      .where(and(eq(calendarEvents.userId, userId), isNull(calendarEvents.deletedAt)))
  )
    .map((r) => r.title)
    .sort();
const rowCount = async (userId: string) =>
  (await t.db.select().from(calendarEvents).where(eq(calendarEvents.userId, userId))).length;

describe("calendar sync engine against the API", () => {
  it("applies edits locally at once and syncs them when online", async () => {
    const { s, tab } = await setup();
    const engine = tab();
    const event = engine.add(draft("Dentist"))!;
    expect(engine.getState().events.map((e) => e.title)).toEqual(["Dentist"]);
    await engine.sync();
    expect(await serverTitles(s.user.id)).toEqual(["Dentist"]);
    engine.update(event.id, draft("Dentist (moved)"));
    await engine.sync();
    expect(await serverTitles(s.user.id)).toEqual(["Dentist (moved)"]);
    expect(engine.getState()).toMatchObject({ pendingCount: 0, error: null });
    expect(engine.getState().events[0]!.version).toBe(2);
  });

  it("queues offline edits, keeps them across a reload, and replays each exactly once", async () => {
    const { s, storage, net, tab } = await setup();
    const first = tab();
    const kept = first.add(draft("Kept"))!;
    await first.sync();
    net.online = false;
    first.setOnline(false);
    const a = first.add(draft("Offline A"))!;
    first.add(draft("Offline B"));
    first.update(a.id, draft("Offline A, edited"));
    first.remove(kept.id);
    const temp = first.add(draft("Added then deleted"))!;
    first.remove(temp.id);
    await first.sync({ manual: true });
    expect(first.getState().error).toBe("No internet connection");
    expect(first.getState().pendingCount).toBe(6);
    expect(storage.getItem(queueKey(s.user.id))).not.toBeNull();

    // reload: a new engine over the same storage still has the queue
    first.dispose();
    const reloaded = tab();
    expect(reloaded.getState().pendingCount).toBe(6);
    expect(
      reloaded
        .getState()
        .events.map((e) => e.title)
        .sort(),
    ).toEqual(["Offline A, edited", "Offline B"]);
    net.online = true;
    reloaded.setOnline(true);
    await reloaded.sync();
    expect(reloaded.getState()).toMatchObject({ pendingCount: 0, error: null });
    expect(await serverTitles(s.user.id)).toEqual(["Offline A, edited", "Offline B"]);
    // Kept + A + B + the created-then-deleted one: four rows, no duplicates
    expect(await rowCount(s.user.id)).toBe(4);
    expect(
      reloaded
        .getState()
        .events.map((e) => e.title)
        .sort(),
    ).toEqual(["Offline A, edited", "Offline B"]);
  });

  it("lets two tabs replay one queue without sending any item twice", async () => {
    const { s, net, tab } = await setup();
    net.online = false;
    const one = tab();
    const two = tab();
    for (let i = 0; i < 5; i++) one.add(draft(`Event ${i}`));
    net.online = true;
    net.calls.length = 0;
    await Promise.all([one.sync(), two.sync(), one.sync(), two.sync()]);
    expect(net.calls.filter((c) => c.startsWith("POST"))).toHaveLength(5);
    expect(await rowCount(s.user.id)).toBe(5);
    two.reload();
    expect(two.getState().events).toHaveLength(5);
    expect(two.getState().pendingCount).toBe(0);
  });

  it("keeps an item whose answer was lost and resends it harmlessly", async () => {
    const { s, net, tab } = await setup();
    const engine = tab();
    net.online = false;
    engine.add(draft("Once"));
    net.online = true;
    net.loseNextAnswer = true;
    await engine.sync();
    expect(engine.getState().error).toBe("Failed to sync with server");
    expect(engine.getState().pendingCount).toBe(1);
    await engine.sync();
    expect(engine.getState()).toMatchObject({ pendingCount: 0, error: null });
    expect(await rowCount(s.user.id)).toBe(1);
  });

  it("drops a change the server refuses (4xx) and says why", async () => {
    const { s, tab } = await setup();
    const engine = tab();
    engine.add(draft("Backwards", { endTime: "2025-06-02T08:00:00.000Z" }));
    await engine.sync();
    expect(engine.getState().pendingCount).toBe(0);
    expect(engine.getState().notices[0]!.message).toBe(
      "“Backwards” could not be saved: end_time: End time must be after start",
    );
    expect(engine.getState().events).toEqual([]);
    expect(await rowCount(s.user.id)).toBe(0);
  });

  it("a guest's booking deleted or moved in the week view comes back, with where to cancel it", async () => {
    const { s, tab } = await setup();
    await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: s.headers,
      payload: { timezone: "UTC" },
    });
    const made = await t.app.inject({
      method: "POST",
      url: "/api/booking-links",
      headers: s.headers,
      payload: { title: "Intro call", minutes: 30, hostName: "Dana Reyes" },
    });
    const { slug } = made.json().link;
    const [slot] = (await t.app.inject({ method: "GET", url: `/api/book/${slug}` })).json().slots;
    const booked = await t.app.inject({
      method: "POST",
      url: `/api/book/${slug}`,
      payload: { start: slot.start, name: "Grace Guest", email: "grace@example.com" },
    });
    expect(booked.statusCode).toBe(201);
    const engine = tab();
    await engine.sync();
    const [event] = engine.getState().events;
    expect(event).toBeDefined();
    engine.remove(event!.id);
    expect(engine.getState().events).toEqual([]);
    await engine.sync();
    expect(engine.getState().notices[0]!.message).toMatch(
      /could not be deleted: This is Grace Guest's booking through your booking link: cancel it on Booking links/,
    );
    await engine.sync();
    expect(engine.getState().events.map((e) => e.id)).toEqual([event!.id]);
    // moved in the week view, it goes back to its time, with why
    const kept = engine.getState().events[0]!;
    const later = new Date(Date.parse(kept.startTime) + 3_600_000).toISOString();
    engine.update(kept.id, draft(kept.title, { startTime: later }));
    await engine.sync();
    expect(engine.getState().notices.at(-1)!.message).toMatch(
      /could not be saved: This is Grace Guest's booking .* can't tell Grace Guest about a new time/,
    );
    await engine.sync();
    expect(engine.getState().events[0]!.startTime).toBe(kept.startTime);
    // renamed (the host's own business), it is still the guest's booking before and after sync
    expect(kept.bookedBy).toBe("Grace Guest");
    engine.update(
      kept.id,
      draft("Intro call (bring the deck)", { startTime: kept.startTime, endTime: kept.endTime }),
    );
    expect(engine.getState().events[0]!.bookedBy).toBe("Grace Guest");
    await engine.sync();
    expect(engine.getState().events[0]).toMatchObject({
      title: "Intro call (bring the deck)",
      bookedBy: "Grace Guest",
    });
  });

  it("keeps the server's version when an offline edit conflicts with a newer one", async () => {
    const { s, net, tab } = await setup();
    const engine = tab();
    const event = engine.add(draft("Plan"))!;
    await engine.sync();
    net.online = false;
    engine.update(event.id, draft("Plan (laptop)"));
    // meanwhile another device changed it
    await t.app.inject({
      method: "PUT",
      url: `/api/calendar-events?eventId=${event.id}`,
      headers: s.headers,
      payload: { title: "Plan (phone)", start_time: "2025-06-02T09:00:00.000Z", version: 1 },
    });
    net.online = true;
    await engine.sync();
    expect(engine.getState().events.map((e) => e.title)).toEqual(["Plan (phone)"]);
    expect(engine.getState().notices.map((n) => n.message)).toEqual([
      "“Plan (phone)” was changed elsewhere, so the latest version was kept.",
    ]);
    expect(await serverTitles(s.user.id)).toEqual(["Plan (phone)"]);
  });

  it("drops an edit of an event deleted elsewhere, and treats deleting it again as done", async () => {
    const { s, net, tab } = await setup();
    const engine = tab();
    const edited = engine.add(draft("Edited"))!;
    const removed = engine.add(draft("Removed"))!;
    await engine.sync();
    net.online = false;
    engine.update(edited.id, draft("Edited offline"));
    engine.remove(removed.id);
    for (const id of [edited.id, removed.id]) {
      await t.app.inject({
        method: "DELETE",
        url: `/api/calendar-events?eventId=${id}`,
        headers: s.headers,
      });
    }
    net.online = true;
    await engine.sync();
    expect(engine.getState()).toMatchObject({ pendingCount: 0, error: null, events: [] });
    expect(engine.getState().notices.map((n) => n.message)).toEqual([
      "“Edited offline” was deleted elsewhere.",
    ]);
  });

  it("refuses a change this device cannot store, and queues nothing", async () => {
    const { storage, tab } = await setup();
    const engine = tab();
    const full = () => {
      throw new DOMException("quota", "QuotaExceededError");
    };
    const setItem = storage.setItem;
    storage.setItem = full;
    expect(engine.add(draft("Too much"))).toBeNull();
    storage.setItem = setItem;
    expect(engine.getState()).toMatchObject({ pendingCount: 0, events: [] });
    expect(engine.getState().error).toBe(
      "This device's storage is full, so the change was not saved.",
    );
  });

  it("says 'Event not found locally' when editing an event that is no longer here", async () => {
    const { tab } = await setup();
    const engine = tab();
    expect(engine.update(randomUUID(), draft("Ghost"))).toBe(false);
    expect(engine.getState().error).toBe("Event not found locally");
    expect(engine.remove(randomUUID())).toBe(false);
  });

  it("keeps the queue and says 'No valid session' when the session has expired", async () => {
    const { s, tab } = await setup();
    const engine = tab();
    await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: s.cookie, origin: t.config.publicUrl.origin },
    });
    engine.add(draft("After logout"));
    await engine.sync();
    expect(engine.getState().error).toBe("No valid session");
    expect(engine.getState().pendingCount).toBe(1);
  });
});

describe("occurrence edits through the queue", () => {
  // Standup, daily at 09:00 UTC for six days
  const standup = draft("Standup", {
    startTime: "2025-06-02T09:00:00.000Z",
    endTime: "2025-06-02T09:15:00.000Z",
    recurrence: { frequency: "DAILY", interval: 1, count: 6 },
  });
  const days = (engine: CalendarSync) =>
    agenda(engine.getState().events, {
      from: new Date("2025-06-01T00:00:00Z"),
      to: new Date("2025-06-10T00:00:00Z"),
      zone: "UTC",
    }).flatMap((d) => d.items.map((i) => `${i.start.toISOString().slice(5, 16)} ${i.event.title}`));
  const serverDays = async (s: { headers: Record<string, string> }) =>
    (
      await t.app.inject({
        method: "GET",
        url: "/api/calendar-events?from=2025-06-01T00:00:00Z&to=2025-06-10T00:00:00Z",
        headers: s.headers,
      })
    )
      .json()
      .occurrences.map((o: { start: string }) => o.start.slice(5, 16));

  it("edits one, cancels one and splits the series offline; the server ends up the same", async () => {
    const { s, net, tab } = await setup();
    const engine = tab();
    const series = engine.add(standup)!;
    await engine.sync();
    net.online = false;
    engine.setOnline(false);
    engine.editOccurrence(series.id, "2025-06-03T09:00:00.000Z", "this", {
      ...standup,
      recurrence: undefined,
      startTime: "2025-06-03T14:00:00.000Z",
      endTime: "2025-06-03T14:15:00.000Z",
    });
    engine.removeOccurrence(series.id, "2025-06-04T09:00:00.000Z", "this");
    engine.editOccurrence(series.id, "2025-06-06T09:00:00.000Z", "following", {
      ...standup,
      title: "Standup (new time)",
      startTime: "2025-06-06T10:00:00.000Z",
      endTime: "2025-06-06T10:15:00.000Z",
      recurrence: { frequency: "DAILY", interval: 1, count: 2 },
    });
    const offline = days(engine);
    expect(offline).toEqual([
      "06-02T09:00 Standup",
      "06-03T14:00 Standup",
      "06-05T09:00 Standup",
      "06-06T10:00 Standup (new time)",
      "06-07T10:00 Standup (new time)",
    ]);
    expect(engine.getState().pendingCount).toBe(3);

    net.online = true;
    // the first answer is lost: the resend must not double anything
    net.loseNextAnswer = true;
    engine.setOnline(true);
    await engine.sync();
    await engine.sync();
    expect(engine.getState()).toMatchObject({ pendingCount: 0, error: null, notices: [] });
    expect(days(engine)).toEqual(offline);
    expect(await serverDays(s)).toEqual(offline.map((d) => d.slice(0, 11)));
    // series, override, new series: nothing duplicated
    expect(await serverTitles(s.user.id)).toEqual(["Standup", "Standup", "Standup (new time)"]);
  });

  it("moves the whole series from one occurrence (scope all) and deletes it the same way", async () => {
    const { s, tab } = await setup();
    const engine = tab();
    const series = engine.add(standup)!;
    await engine.sync();
    engine.editOccurrence(series.id, "2025-06-04T09:00:00.000Z", "all", {
      ...standup,
      startTime: "2025-06-04T11:00:00.000Z",
      endTime: "2025-06-04T11:30:00.000Z",
    });
    await engine.sync();
    expect(engine.getState()).toMatchObject({ pendingCount: 0, error: null });
    expect(days(engine)[0]).toBe("06-02T11:00 Standup");
    expect(await serverDays(s)).toHaveLength(6);
    expect((await serverDays(s))[0]).toBe("06-02T11:00");
    engine.removeOccurrence(series.id, "2025-06-05T11:00:00.000Z", "all");
    await engine.sync();
    expect(days(engine)).toEqual([]);
    expect(await serverDays(s)).toEqual([]);
  });
});
