import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_LIMITS } from "../../src/core/booking/booking-limits.ts";
import { expandSeries } from "../../src/core/calendar/external/expand-series.ts";
import { parseCalendar } from "../../src/core/calendar/external/parse-calendar.ts";
import { MIGRATIONS_DIR } from "../../src/server/db/migrate.ts";
import { bookingCells, calendarEvents } from "../../src/server/db/schema.ts";
import { settleReplans } from "../support/settle-replans.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// Issue 31: booking links that guard the person's peak — the host's links, the guest's
// public side, a slot sold exactly once, cancelling.

const ZONE = "Europe/London";
// Monday 2031-03-03, 07:00 in London
const NOW = DateTime.fromISO("2031-03-03T07:00", { zone: ZONE });
let t: TestApp;
/** The app's clock; a test that moves it puts it back. */
let clock = NOW;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock.toJSDate() });
});
afterAll(() => t.close());

type Session = Awaited<ReturnType<TestApp["signIn"]>>;

const settle = () => settleReplans(t, () => NOW.toJSDate());
async function host(): Promise<Session> {
  const s = await t.signIn();
  await t.app.inject({
    method: "PATCH",
    url: "/api/profile",
    headers: s.headers,
    payload: { timezone: ZONE },
  });
  return s;
}
const as = (s: Session, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: s.headers, ...(payload ? { payload } : {}) });
let guests = 0;
/** A guest's request, each from an address of its own unless one is given (limits are per address). */
const guest = (method: "GET" | "POST", url: string, payload?: object, ip?: string) => {
  const n = ++guests;
  const address = ip ?? `10.${Math.floor(n / 250)}.0.${(n % 250) + 1}`;
  return t.app.inject({ method, url, remoteAddress: address, ...(payload ? { payload } : {}) });
};

async function link(s: Session, body: object = {}) {
  const res = await as(s, "POST", "/api/booking-links", {
    title: "Intro call",
    minutes: 30,
    hostName: "Dana Reyes",
    ...body,
  });
  expect(res.statusCode).toBe(201);
  return res.json().link as { id: string; slug: string; url: string };
}
const local = (iso: string) => DateTime.fromISO(iso, { zone: ZONE });
let guestN = 0;
const someone = () => ({ name: "Ana", email: `ana${++guestN}@example.com` });

describe("booking links", () => {
  it("creates with defaults, lists, changes and deletes the person's own links only", async () => {
    const s = await host();
    const other = await host();
    const made = await link(s);
    expect(made.url).toBe(`/book/${made.slug}`);
    expect(made.slug).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(made).toMatchObject({
      horizonDays: 14,
      noticeMinutes: 240,
      allowPeak: false,
      bufferBeforeMinutes: 10,
      paused: false,
      days: null,
      hours: null,
    });
    expect((await as(s, "GET", "/api/booking-links")).json().links).toHaveLength(1);
    expect((await as(other, "GET", "/api/booking-links")).json().links).toHaveLength(0);
    // another person's link is not found, and stays as it was
    expect(
      (await as(other, "PUT", `/api/booking-links/${made.id}`, { title: "Mine" })).statusCode,
    ).toBe(404);
    expect((await as(other, "DELETE", `/api/booking-links/${made.id}`)).statusCode).toBe(404);
    const changed = await as(s, "PUT", `/api/booking-links/${made.id}`, {
      paused: true,
      days: [3, 2, 2],
    });
    expect(changed.json().link).toMatchObject({ title: "Intro call", paused: true, days: [2, 3] });
    expect((await as(s, "DELETE", `/api/booking-links/${made.id}`)).statusCode).toBe(204);
    expect((await as(s, "GET", "/api/booking-links")).json().links).toHaveLength(0);
    // its page says it is gone
    const gone = await guest("GET", `/api/book/${made.slug}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toMatch(/doesn't exist, or its owner deleted it/);
  });

  it("refuses what does not fit together with a clear 400", async () => {
    const s = await host();
    const bad = async (body: object) => {
      const res = await as(s, "POST", "/api/booking-links", {
        title: "Call",
        minutes: 30,
        ...body,
      });
      expect(res.statusCode).toBe(400);
      return res.json().error as string;
    };
    expect(await bad({ minutes: 7 })).toMatch(/minutes/);
    expect(await bad({ hours: { from: "10:00", to: "10:15" } })).toMatch(
      /hours: is shorter than one meeting/,
    );
    expect(await bad({ hours: { from: "12:00", to: "09:00" } })).toMatch(
      /hours: must end after it starts/,
    );
    expect(await bad({ days: [0] })).toMatch(/days/);
    expect(await bad({ horizonDays: 400 })).toMatch(/horizonDays/);
    expect(await bad({ title: "" })).toMatch(/title/);
    const made = await link(s, { hours: { from: "13:00", to: "14:00" } });
    const longer = await as(s, "PUT", `/api/booking-links/${made.id}`, { minutes: 90 });
    expect(longer.statusCode).toBe(400);
    expect(longer.json().error).toMatch(/hours: is shorter than one meeting/);
  });

  it("offers times outside the peak, around the host's events, and shows guests nothing else", async () => {
    const s = await host();
    const made = await link(s);
    // the host's own meeting Tuesday 14:00–15:00, with a private title
    const meeting = {
      id: crypto.randomUUID(),
      title: "Secret board meeting",
      start_time: local("2031-03-04T14:00").toUTC().toISO(),
      end_time: local("2031-03-04T15:00").toUTC().toISO(),
      all_day: false,
    };
    expect((await as(s, "POST", "/api/calendar-events", meeting)).statusCode).toBe(201);
    const res = await guest(
      "GET",
      `/api/book/${made.slug}?from=${encodeURIComponent(local("2031-03-04T00:00").toISO()!)}&to=${encodeURIComponent(local("2031-03-05T00:00").toISO()!)}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      "hostName",
      "hostZone",
      "minutes",
      "slots",
      "status",
      "title",
    ]);
    expect(body).toMatchObject({
      title: "Intro call",
      minutes: 30,
      hostName: "Dana Reyes",
      hostZone: ZONE,
      status: "open",
    });
    expect(res.body).not.toMatch(/Secret|@/);
    const times = body.slots.map((x: { start: string }) => local(x.start).toFormat("HH:mm"));
    expect(times[0]).toBe("12:00"); // 9–12 is the peak
    expect(times).toContain("13:15");
    expect(times).not.toContain("13:30"); // would end at the meeting, without its buffer
    expect(times).not.toContain("14:30");
    expect(times).toContain("15:15");
    expect(times.at(-1)).toBe("16:30");
  });

  it("books an offered slot: 201 with an .ics, an event on the host's calendar; 409 when gone", async () => {
    const s = await host();
    const made = await link(s);
    const [first] = (await guest("GET", `/api/book/${made.slug}`)).json().slots;
    const res = await guest("POST", `/api/book/${made.slug}`, {
      start: first.start,
      ...someone(),
      note: "About the <b>budget</b> https://evil.example",
      zone: "America/New_York",
    });
    expect(res.statusCode).toBe(201);
    const { booking, ics } = res.json();
    expect(booking).toMatchObject({
      start: first.start,
      end: first.end,
      status: "confirmed",
      hostName: "Dana Reyes",
    });
    const [series] = parseCalendar(ics).series;
    const [o] = expandSeries(series!, {
      from: new Date(Date.UTC(2031, 0, 1)),
      to: new Date(Date.UTC(2032, 0, 1)),
      personZone: "UTC",
      addresses: [],
    });
    expect(o).toMatchObject({ title: "Intro call with Dana Reyes", start: new Date(first.start) });
    // on the host's calendar, with who booked it
    const events = (await as(s, "GET", "/api/calendar-events")).json().events;
    const event = events.find((e: { title: string }) => e.title === "Intro call with Ana");
    expect(event).toMatchObject({ start_time: first.start, source: "user" });
    expect(event.description).toMatch(/ana\d+@example\.com/);
    // the host's bookings list it; the slot is no longer offered; booking it again is a 409
    const list = (await as(s, "GET", "/api/bookings")).json().bookings;
    expect(list).toMatchObject([{ id: booking.id, name: "Ana", guestZone: "America/New_York" }]);
    const again = (await guest("GET", `/api/book/${made.slug}`)).json().slots;
    expect(again.some((x: { start: string }) => x.start === first.start)).toBe(false);
    const second = await guest("POST", `/api/book/${made.slug}`, {
      start: first.start,
      ...someone(),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatch(/just booked by someone else/);
    // the guest can see it again with their key, nobody without it
    const url = `/api/book/${made.slug}/bookings/${booking.id}`;
    expect((await guest("GET", `${url}?key=${booking.key}`)).json().booking.status).toBe(
      "confirmed",
    );
    expect((await guest("GET", `${url}?key=${"x".repeat(32)}`)).statusCode).toBe(404);
  });

  it("refuses a start it does not offer, a missing name, a bad e-mail and an unknown link", async () => {
    const s = await host();
    const made = await link(s);
    const peak = local("2031-03-04T10:00").toUTC().toISO();
    const off = await guest("POST", `/api/book/${made.slug}`, { start: peak, ...someone() });
    expect(off.statusCode).toBe(400);
    expect(off.json().error).toMatch(/not one this link offers/);
    const [first] = (await guest("GET", `/api/book/${made.slug}`)).json().slots;
    const noName = await guest("POST", `/api/book/${made.slug}`, {
      start: first.start,
      name: " ",
      email: "a@example.com",
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error).toMatch(/name/);
    const badMail = await guest("POST", `/api/book/${made.slug}`, {
      start: first.start,
      name: "Ana",
      email: "ana@",
    });
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json().error).toMatch(/e-mail/);
    const long = await guest("POST", `/api/book/${made.slug}`, {
      start: first.start,
      ...someone(),
      note: "x".repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect((await guest("GET", `/api/book/${"a".repeat(22)}`)).statusCode).toBe(404);
    // nothing was written by any of these
    const [cells] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookingCells)
      .where(eq(bookingCells.userId, s.user.id));
    expect(Number(cells!.n)).toBe(0);
  });

  it("books a time offered a moment ago whose start has just passed, not one long past", async () => {
    const s = await host();
    const made = await link(s, {
      allowPeak: true,
      noticeMinutes: 0,
      days: [1, 2, 3, 4, 5, 6, 7],
      hours: { from: "00:00", to: "24:00" },
    });
    const [first] = (await guest("GET", `/api/book/${made.slug}`)).json().slots;
    expect(first.start).toBe(NOW.toUTC().toISO());
    try {
      clock = NOW.plus({ minutes: BOOKING_LIMITS.bookingGraceMinutes + 1 });
      const late = await guest("POST", `/api/book/${made.slug}`, {
        start: first.start,
        ...someone(),
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().error).toMatch(/not one this link offers/);
      // the guest picked it, then typed their name while the clock passed its start
      clock = NOW.plus({ minutes: 2 });
      const booked = await guest("POST", `/api/book/${made.slug}`, {
        start: first.start,
        ...someone(),
      });
      expect(booked.statusCode).toBe(201);
    } finally {
      clock = NOW;
    }
  });

  it("a paused link offers nothing and books nothing", async () => {
    const s = await host();
    const made = await link(s);
    const [first] = (await guest("GET", `/api/book/${made.slug}`)).json().slots;
    await as(s, "PUT", `/api/booking-links/${made.id}`, { paused: true });
    const page = (await guest("GET", `/api/book/${made.slug}`)).json();
    expect(page).toMatchObject({ status: "paused", slots: [] });
    expect(
      (await guest("POST", `/api/book/${made.slug}`, { start: first.start, ...someone() }))
        .statusCode,
    ).toBe(409);
  });

  it("sells a slot exactly once when 20 guests press at the same moment", async () => {
    const s = await host();
    const made = await link(s);
    const [first] = (await guest("GET", `/api/book/${made.slug}`)).json().slots;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        guest(
          "POST",
          `/api/book/${made.slug}`,
          { start: first.start, ...someone() },
          `198.51.100.${i + 1}`,
        ),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const events = (await as(s, "GET", "/api/calendar-events")).json().events;
    expect(
      events.filter((e: { title: string }) => e.title.startsWith("Intro call with")),
    ).toHaveLength(1);
  });

  it("two links of one host never sell overlapping times", async () => {
    const s = await host();
    const a = await link(s, { minutes: 60 });
    const b = await link(s, {
      title: "Quick chat",
      minutes: 15,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
    });
    const [first] = (await guest("GET", `/api/book/${a.slug}`)).json().slots;
    expect(
      (await guest("POST", `/api/book/${a.slug}`, { start: first.start, ...someone() })).statusCode,
    ).toBe(201);
    const inside = new Date(Date.parse(first.start) + 15 * 60_000).toISOString();
    const res = await guest("POST", `/api/book/${b.slug}`, { start: inside, ...someone() });
    expect(res.statusCode).toBe(409);
  });

  it("the host cancels: the event goes, the time is free again, the guest sees it cancelled", async () => {
    const s = await host();
    const other = await host();
    const made = await link(s);
    const [first] = (await guest("GET", `/api/book/${made.slug}`)).json().slots;
    const { booking } = (
      await guest("POST", `/api/book/${made.slug}`, { start: first.start, ...someone() })
    ).json();
    expect((await as(other, "POST", `/api/bookings/${booking.id}/cancel`)).statusCode).toBe(404);
    const cancelled = await as(s, "POST", `/api/bookings/${booking.id}/cancel`);
    expect(cancelled.json().booking.status).toBe("cancelled");
    const [event] = await t.db
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.userId, s.user.id));
    expect(event?.deletedAt).not.toBeNull();
    const url = `/api/book/${made.slug}/bookings/${booking.id}?key=${booking.key}`;
    expect((await guest("GET", url)).json().booking.status).toBe("cancelled");
    const slots = (await guest("GET", `/api/book/${made.slug}`)).json().slots;
    expect(slots[0].start).toBe(first.start);
    // cancelling twice is the same answer
    expect((await as(s, "POST", `/api/bookings/${booking.id}/cancel`)).statusCode).toBe(200);
  });

  it("events booked before booked_by existed get their guest's name (migration 0028), cancelled ones not", async () => {
    const s = await host();
    const made = await link(s);
    const offered = async () =>
      ((await guest("GET", `/api/book/${made.slug}`)).json().slots as { start: string }[])[0]!;
    const book = async (name: string) => {
      const res = await guest("POST", `/api/book/${made.slug}`, {
        start: (await offered()).start,
        name,
        email: `${name.toLowerCase()}${++guestN}@example.com`,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().booking as { id: string };
    };
    await book("Kept");
    const gone = await book("Gone");
    expect((await as(s, "POST", `/api/bookings/${gone.id}/cancel`)).statusCode).toBe(200);
    const hers = eq(calendarEvents.userId, s.user.id);
    await t.db.update(calendarEvents).set({ bookedBy: null }).where(hers);
    const migration = readFileSync(path.join(MIGRATIONS_DIR, "0028_event_booked_by.sql"), "utf8");
    const backfill = migration.split("--> statement-breakpoint")[1]!;
    await t.db.execute(sql.raw(backfill));
    const rows = await t.db
      .select({ bookedBy: calendarEvents.bookedBy, deletedAt: calendarEvents.deletedAt })
      .from(calendarEvents)
      .where(hers);
    expect(rows.filter((r) => r.deletedAt === null).map((r) => r.bookedBy)).toEqual(["Kept"]);
    expect(rows.filter((r) => r.deletedAt !== null).map((r) => r.bookedBy)).toEqual(
      rows.filter((r) => r.deletedAt !== null).map(() => null),
    );
  });

  it("a booked event is cancelled as a booking, not deleted or moved as an event: the week view and chat say where", async () => {
    const s = await host();
    const made = await link(s);
    const [first] = (await guest("GET", `/api/book/${made.slug}`)).json().slots;
    const { booking } = (
      await guest("POST", `/api/book/${made.slug}`, {
        start: first.start,
        name: "Grace Guest",
        email: `grace${++guestN}@example.com`,
      })
    ).json();
    const [stored] = await t.db
      .select({ id: calendarEvents.id })
      .from(calendarEvents)
      .where(eq(calendarEvents.userId, s.user.id));
    const eventId = stored!.id;
    const deleted = await as(s, "DELETE", `/api/calendar-events?eventId=${eventId}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error).toMatch(/Grace Guest's booking .* cancel it on Booking links/);
    const chat = await as(s, "POST", "/api/chat", { message: "cancel the intro call with Grace" });
    expect(chat.statusCode).toBe(200);
    expect(chat.json().response).toMatch(/Grace Guest's booking .* cancel it on Booking links/);
    expect(chat.json().calendarChanged).toBe(false);
    // nor moved: the guest's page and saved invitation would keep the old time (Sage sends no
    // email); a title edit is the host's own business
    const current = (await as(s, "GET", "/api/calendar-events"))
      .json()
      .events.find((e: { id: string }) => e.id === eventId);
    // the event says whose booking it is, so the week view can keep its time fixed up front
    expect(current.booked_by).toBe("Grace Guest");
    const later = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString();
    const moved = await as(s, "PUT", `/api/calendar-events?eventId=${eventId}`, {
      title: current.title,
      start_time: later(current.start_time),
      end_time: later(current.end_time),
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error).toMatch(
      /Grace Guest's booking .* can't tell Grace Guest about a new time\. To change it, cancel it on Booking links/,
    );
    const moveChat = await as(s, "POST", "/api/chat", {
      message: "move the intro call with Grace to 1 hour later",
    });
    expect(moveChat.statusCode).toBe(200);
    expect(moveChat.json().response).toMatch(/can't tell Grace Guest about a new time/);
    expect(moveChat.json().calendarChanged).toBe(false);
    const renamed = await as(s, "PUT", `/api/calendar-events?eventId=${eventId}`, {
      title: "Intro call with Grace (bring the deck)",
      start_time: current.start_time,
      end_time: current.end_time,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().event.booked_by).toBe("Grace Guest");
    // the host's other events are nobody's booking
    const own = await as(s, "POST", "/api/calendar-events", {
      title: "Lunch",
      start_time: later(current.start_time),
    });
    expect(own.json().event).not.toHaveProperty("booked_by");
    // nothing else happened: the event stands where it was, the guest's page says confirmed,
    // the time stays sold
    const [event] = await t.db.select().from(calendarEvents).where(eq(calendarEvents.id, eventId));
    expect(event?.deletedAt).toBeNull();
    expect(event?.startTime.toISOString()).toBe(current.start_time);
    const url = `/api/book/${made.slug}/bookings/${booking.id}?key=${booking.key}`;
    expect((await guest("GET", url)).json().booking.status).toBe("confirmed");
    expect((await guest("GET", url)).json().booking.start).toBe(current.start_time);
    // cancelled as a booking, its event may go (already gone) and the week view says nothing more
    await as(s, "POST", `/api/bookings/${booking.id}/cancel`);
    expect((await guest("GET", url)).json().booking.status).toBe("cancelled");
  });

  it("a booking over one of Sage's blocks moves the block (the living plan)", async () => {
    const s = await host();
    await as(s, "POST", "/api/tasks", {
      title: "Write the report",
      estimateMinutes: 40,
      energy: "medium",
    });
    expect((await as(s, "POST", "/api/plan", { days: 5 })).statusCode).toBe(200);
    const before = (await as(s, "GET", "/api/calendar-events"))
      .json()
      .events.find((e: { task_id: string | null }) => e.task_id !== null);
    // a link that may take any hour: the block's own time is offered (blocks of tasks not due
    // soon are the plan's to move)
    const made = await link(s, { allowPeak: true, noticeMinutes: 0 });
    const slots = (await guest("GET", `/api/book/${made.slug}`)).json().slots;
    // a slot that overlaps the block
    const over = slots.find(
      (x: { start: string; end: string }) =>
        Date.parse(x.start) < Date.parse(before.end_time) &&
        Date.parse(before.start_time) < Date.parse(x.end),
    );
    expect(over).toBeDefined();
    const res = await guest("POST", `/api/book/${made.slug}`, { start: over.start, ...someone() });
    expect(res.statusCode).toBe(201);
    await settle();
    const after = (await as(s, "GET", "/api/calendar-events"))
      .json()
      .events.find((e: { task_id: string | null }) => e.task_id !== null);
    const booked = res.json().booking;
    expect(
      Date.parse(after.start_time) >= Date.parse(booked.end) ||
        Date.parse(after.end_time) <= Date.parse(booked.start),
    ).toBe(true);
  });

  it("rate-limits bookings by the guest's e-mail without closing the link to others", async () => {
    const s = await host();
    const made = await link(s, { allowPeak: true, noticeMinutes: 0 });
    const slots = (await guest("GET", `/api/book/${made.slug}`)).json().slots;
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await guest(
        "POST",
        `/api/book/${made.slug}`,
        { start: slots[i * 4].start, name: "Spam", email: "same@example.com" },
        `192.0.2.${i + 1}`,
      );
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 5).every((c) => c === 201)).toBe(true);
    expect(codes[5]).toBe(429);
    const fine = await guest(
      "POST",
      `/api/book/${made.slug}`,
      { start: slots[30].start, ...someone() },
      "192.0.2.99",
    );
    expect(fine.statusCode).toBe(201);
  });

  it("links and bookings are the host's: in the export (without the guest's key), gone with the account", async () => {
    const s = await host();
    const made = await link(s);
    const [first] = (await guest("GET", `/api/book/${made.slug}`)).json().slots;
    await guest("POST", `/api/book/${made.slug}`, { start: first.start, ...someone() });
    const exported = (await as(s, "GET", "/api/account/export")).json().data;
    expect(exported.bookingLinks).toMatchObject([{ id: made.id, title: "Intro call" }]);
    expect(exported.bookings).toMatchObject([{ guestName: "Ana" }]);
    expect(exported.bookings[0].keyHash).toBeUndefined();
    expect((await as(s, "DELETE", "/api/account", { confirm: true })).statusCode).toBe(204);
    expect(
      await t.db.select().from(bookingCells).where(eq(bookingCells.userId, s.user.id)),
    ).toEqual([]);
    expect((await guest("GET", `/api/book/${made.slug}`)).statusCode).toBe(404);
  });
});
