import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../src/core/contract/calendar.ts";
import { syncConnection } from "../../src/server/connections/sync-connection.ts";
import { calendarConnections, externalEvents } from "../../src/server/db/schema.ts";
import { type IcsServer, icsFixture, startIcsServer } from "../support/ics-server.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let ics: IcsServer;
beforeAll(async () => {
  [t, ics] = await Promise.all([createTestApp(), startIcsServer()]);
  for (const name of ["google", "outlook", "apple", "thunderbird"])
    ics.publish(`/${name}.ics`, icsFixture(name));
});
afterAll(async () => {
  await Promise.all([t.close(), ics.close()]);
});

type Session = Awaited<ReturnType<TestApp["signIn"]>>;
const connect = (s: Session, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/connections", headers: s.headers, payload });

describe("POST /api/connections (ics)", () => {
  it("connects an address after a first sync and lists it without its secret address", async () => {
    const s = await t.signIn();
    const res = await connect(s, { kind: "ics", url: ics.url("/google.ics") });
    expect(res.statusCode).toBe(201);
    const { connection } = res.json();
    expect(connection).toMatchObject({
      kind: "ics",
      name: "Work",
      status: "ok",
      eventCount: 6,
      writeCalendarId: null,
      calendars: [{ name: "Work", busy: true, writable: false }],
    });
    expect(connection.lastSyncedAt).toEqual(expect.any(String));
    const list = await t.app.inject({ method: "GET", url: "/api/connections", headers: s.headers });
    expect(list.json().connections).toEqual([connection]);
    expect(list.body).not.toContain("google.ics");
    const [row] = await t.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connection.id));
    expect(row!.credentials).not.toContain("google.ics");
  });

  it.each([
    ["a private address", "http://10.1.2.3/cal.ics"],
    ["the cloud metadata address", "http://169.254.169.254/latest/meta-data/"],
    ["IPv6 link-local", "https://[fe80::1]/cal.ics"],
    ["a public host over http", "http://calendar.example.com/cal.ics"],
    ["another scheme", "ftp://calendar.example.com/cal.ics"],
    ["no address at all", "not a url"],
    ["credentials in the address", "https://ada:pw@calendar.example.com/cal.ics"],
  ])("refuses %s with 400", async (_label, url) => {
    const s = await t.signIn();
    const res = await connect(s, { kind: "ics", url });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it("refuses a redirect to the metadata address (checked again after each redirect)", async () => {
    const s = await t.signIn();
    const res = await connect(s, { kind: "ics", url: ics.url("/to-metadata") });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/cannot fetch this address/);
  });

  it("follows up to 3 redirects and refuses a 4th", async () => {
    const s = await t.signIn();
    expect(
      (await connect(s, { kind: "ics", url: ics.url("/redirect/3/apple.ics") })).statusCode,
    ).toBe(201);
    const res = await connect(s, { kind: "ics", url: ics.url("/redirect/4/apple.ics") });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatch(/redirected more than 3 times/);
  });

  it("answers 422 with a plain reason for a 404 and for a page that is not a calendar", async () => {
    const s = await t.signIn();
    const missing = await connect(s, { kind: "ics", url: ics.url("/missing.ics") });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error).toBe(
      "Sage could not read this calendar: the address answered 404",
    );
    const page = await connect(s, { kind: "ics", url: ics.url("/page.html") });
    expect(page.statusCode).toBe(422);
    expect(page.json().error).toBe("This address did not answer with a calendar");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/connections", headers: s.headers })).json()
        .connections,
    ).toEqual([]);
  });

  it("answers 422 for a hostile calendar, quickly", async () => {
    ics.publish(
      "/hostile.ics",
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nSUMMARY:Flood\r\nDTSTART:20200101T000000Z\r\nRRULE:FREQ=SECONDLY\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
    );
    const s = await t.signIn();
    const res = await connect(s, { kind: "ics", url: ics.url("/hostile.ics") });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatch(/"Flood" repeats more often than Sage can follow/);
  });

  it("holds the per-user cap of 10 connections", async () => {
    const s = await t.signIn();
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        connect(s, { kind: "ics", url: ics.url("/thunderbird.ics") }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
  });
});

describe("syncing an ics connection", () => {
  it("asks with If-None-Match and keeps what it has on 304; takes a change on 200", async () => {
    const s = await t.signIn();
    ics.publish("/changing.ics", icsFixture("apple"));
    const { connection } = (
      await connect(s, { kind: "ics", url: ics.url("/changing.ics") })
    ).json();
    expect(connection.eventCount).toBe(2);
    const sync = () =>
      t.app.inject({
        method: "POST",
        url: `/api/connections/${connection.id}/sync`,
        headers: s.headers,
      });

    const before = ics.requests.length;
    const unchanged = await sync();
    expect(unchanged.json().connection).toMatchObject({ status: "ok", eventCount: 2 });
    const conditional = ics.requests.slice(before).find((r) => r.path === "/changing.ics")!;
    expect(conditional.ifNoneMatch).toMatch(/^"/);

    ics.publish("/changing.ics", icsFixture("google"));
    expect((await sync()).json().connection).toMatchObject({ status: "ok", eventCount: 6 });
  });

  it("a week read after a sync shows the change (expanded occurrences are kept per connection version)", async () => {
    const s = await t.signIn();
    const calendar = (start: string) =>
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "BEGIN:VEVENT",
        "UID:weekly-review@example.com",
        `DTSTART:${start}`,
        "DURATION:PT1H",
        "RRULE:FREQ=WEEKLY",
        "SUMMARY:Weekly review",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
      ].join("\r\n");
    ics.publish("/moving.ics", calendar("20260105T090000Z"));
    const { connection } = (await connect(s, { kind: "ics", url: ics.url("/moving.ics") })).json();
    const week = async (from: string, to: string) =>
      (
        await t.app.inject({
          method: "GET",
          url: `/api/calendar-events?from=${from}&to=${to}`,
          headers: s.headers,
        })
      ).json().events as { title: string; start_time: string }[];
    const monday = ["2026-03-02T00:00:00.000Z", "2026-03-09T00:00:00.000Z"] as const;
    expect((await week(...monday)).map((e) => e.start_time)).toEqual(["2026-03-02T09:00:00.000Z"]);
    // the same days, a window starting mid-morning: cut to it, not to whole days
    expect(await week("2026-03-02T10:00:00.000Z", "2026-03-09T00:00:00.000Z")).toEqual([]);
    ics.publish("/moving.ics", calendar("20260106T140000Z"));
    const res = await t.app.inject({
      method: "POST",
      url: `/api/connections/${connection.id}/sync`,
      headers: s.headers,
    });
    expect(res.json().connection.status).toBe("ok");
    expect((await week(...monday)).map((e) => e.start_time)).toEqual(["2026-03-03T14:00:00.000Z"]);
  });

  it("a failing address sets status error with a plain sentence and keeps the last events", async () => {
    const s = await t.signIn();
    ics.publish("/flaky.ics", icsFixture("outlook"));
    const { connection } = (await connect(s, { kind: "ics", url: ics.url("/flaky.ics") })).json();
    ics.unpublish("/flaky.ics");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/connections/${connection.id}/sync`,
      headers: s.headers,
    });
    expect(res.json().connection).toMatchObject({
      status: "error",
      error: "The address answered 404",
      eventCount: 3,
    });
    const stored = await t.db
      .select()
      .from(externalEvents)
      .where(eq(externalEvents.connectionId, connection.id));
    expect(stored).toHaveLength(3);
  });

  it("never syncs one connection twice at once (a claimed lease)", async () => {
    const s = await t.signIn();
    ics.publish("/slow.ics", icsFixture("apple"));
    const { connection } = (await connect(s, { kind: "ics", url: ics.url("/slow.ics") })).json();
    ics.setDelay(300);
    try {
      const before = ics.requests.filter((r) => r.path === "/slow.ics").length;
      const deps = { db: t.db, config: t.config, now: () => new Date() };
      const ran = await Promise.all([
        syncConnection(deps, connection.id),
        syncConnection(deps, connection.id),
      ]);
      expect(ran.sort()).toEqual([false, true]);
      expect(ics.requests.filter((r) => r.path === "/slow.ics").length - before).toBe(1);
    } finally {
      ics.setDelay(0);
    }
  });
});

describe("far-future dates in a connected calendar (issue 24)", () => {
  const farCalendar = (extra: string[]) =>
    [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "BEGIN:VEVENT",
      "UID:standup@example.com",
      "DTSTART:20260302T090000Z",
      "DURATION:PT30M",
      "RRULE:FREQ=WEEKLY;UNTIL=99991231T000000Z",
      "SUMMARY:Standup until the end of time",
      "END:VEVENT",
      ...extra,
      "END:VCALENDAR",
      "",
    ].join("\r\n");
  const beyond = [
    "BEGIN:VEVENT",
    "UID:far@example.com",
    "DTSTART:99991231T090000Z",
    "DTEND:99991231T100000Z",
    "SUMMARY:Beyond the bound",
    "END:VEVENT",
    "BEGIN:VEVENT",
    "UID:ancient@example.com",
    "DTSTART:00010101T090000Z",
    "DTEND:00010101T100000Z",
    "SUMMARY:Before the bound",
    "END:VEVENT",
  ];
  const week = async (s: Session) =>
    (
      await t.app.inject({
        method: "GET",
        url: "/api/calendar-events?from=2026-03-09T00:00:00Z&to=2026-03-16T00:00:00Z",
        headers: s.headers,
      })
    ).json().events as { title: string; start_time: string }[];

  it("a first connect with UNTIL=9999 and a DTSTART in 9999 (and year 1) succeeds, kept up to the year bound", async () => {
    const s = await t.signIn();
    ics.publish("/far-first.ics", farCalendar(beyond));
    const res = await connect(s, { kind: "ics", url: ics.url("/far-first.ics") });
    expect(res.statusCode).toBe(201);
    expect(res.json().connection).toMatchObject({ status: "ok", eventCount: 3 });
    expect((await week(s)).map((e) => e.title)).toEqual(["Standup until the end of time"]);
    const rows = await t.db
      .select()
      .from(externalEvents)
      .where(eq(externalEvents.connectionId, res.json().connection.id));
    for (const row of rows) {
      expect(row.firstStart.getUTCFullYear()).toBeGreaterThanOrEqual(LIMITS.minYear);
      expect((row.lastEnd ?? row.firstStart).getUTCFullYear()).toBeLessThanOrEqual(
        LIMITS.maxYear + 1,
      );
    }
  });

  it("a later sync that brings a far-future date stays ok, and so do the syncs after it", async () => {
    const s = await t.signIn();
    ics.publish("/far-later.ics", icsFixture("outlook"));
    const { connection } = (
      await connect(s, { kind: "ics", url: ics.url("/far-later.ics") })
    ).json();
    ics.publish("/far-later.ics", farCalendar(beyond));
    const sync = () =>
      t.app.inject({
        method: "POST",
        url: `/api/connections/${connection.id}/sync`,
        headers: s.headers,
      });
    const first = await sync();
    expect(first.statusCode).toBe(200);
    expect(first.json().connection).toMatchObject({ status: "ok", eventCount: 3 });
    ics.publish("/far-later.ics", farCalendar([]));
    expect((await sync()).json().connection).toMatchObject({ status: "ok", eventCount: 1 });
    expect((await week(s)).map((e) => e.title)).toEqual(["Standup until the end of time"]);
  });
});

describe("PATCH and DELETE /api/connections/:id", () => {
  it("changes busy and name; refuses a write calendar Sage cannot write to", async () => {
    const s = await t.signIn();
    const { connection } = (await connect(s, { kind: "ics", url: ics.url("/apple.ics") })).json();
    const calendarId = connection.calendars[0].id;
    const patched = await t.app.inject({
      method: "PATCH",
      url: `/api/connections/${connection.id}`,
      headers: s.headers,
      payload: { name: "Piano", calendars: [{ id: calendarId, busy: false }] },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().connection).toMatchObject({
      name: "Piano",
      calendars: [{ id: calendarId, busy: false }],
    });
    const write = await t.app.inject({
      method: "PATCH",
      url: `/api/connections/${connection.id}`,
      headers: s.headers,
      payload: { writeCalendarId: calendarId },
    });
    expect(write.statusCode).toBe(400);
  });

  it("another user's connection is a 404 for every call", async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const { connection } = (
      await connect(owner, { kind: "ics", url: ics.url("/apple.ics") })
    ).json();
    const url = `/api/connections/${connection.id}`;
    for (const [method, path, payload] of [
      ["PATCH", url, { name: "Mine" }],
      ["POST", `${url}/sync`, undefined],
      ["DELETE", url, undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: path,
        headers: other.headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (
        await t.app.inject({ method: "GET", url: "/api/connections", headers: other.headers })
      ).json().connections,
    ).toEqual([]);
  });

  it("DELETE removes the connection and its events", async () => {
    const s = await t.signIn();
    const { connection } = (await connect(s, { kind: "ics", url: ics.url("/apple.ics") })).json();
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/connections/${connection.id}`,
      headers: s.headers,
    });
    expect(res.statusCode).toBe(204);
    const stored = await t.db
      .select()
      .from(externalEvents)
      .where(eq(externalEvents.connectionId, connection.id));
    expect(stored).toEqual([]);
  });
});

describe("connections in the account's export and deletion", () => {
  it("the export lists connections without their address or credentials; deleting the account removes them", async () => {
    const s = await t.signIn();
    const { connection } = (await connect(s, { kind: "ics", url: ics.url("/apple.ics") })).json();
    const exported = await t.app.inject({
      method: "GET",
      url: "/api/account/export",
      headers: s.headers,
    });
    expect(exported.json().data.connectedCalendars).toEqual([
      expect.objectContaining({ id: connection.id, kind: "ics", eventCount: 2 }),
    ]);
    expect(exported.body).not.toContain("apple.ics");
    expect(exported.body).not.toContain("v1.");
    const deleted = await t.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: s.headers,
      payload: { confirm: true },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(
      await t.db
        .select()
        .from(calendarConnections)
        .where(eq(calendarConnections.id, connection.id)),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(externalEvents)
        .where(eq(externalEvents.connectionId, connection.id)),
    ).toEqual([]);
  });
});

describe("one bad event never blinds Sage (issue 25)", () => {
  const calendar = (...events: string[][]) =>
    [
      "BEGIN:VCALENDAR",
      ...events.flatMap((lines, i) => ["BEGIN:VEVENT", `UID:ev-${i}`, ...lines, "END:VEVENT"]),
      "END:VCALENDAR",
    ].join("\r\n");
  const good = (day: number, title: string) => [
    `DTSTART:202603${String(day).padStart(2, "0")}T090000Z`,
    `DTEND:202603${String(day).padStart(2, "0")}T100000Z`,
    `SUMMARY:${title}`,
  ];
  const badDate = ["DTSTART:2026112T09", "SUMMARY:Broken date"];
  const flood = ["DTSTART:20200101T000000Z", "RRULE:FREQ=SECONDLY", "SUMMARY:Flood"];
  const sync = (s: Session, id: string) =>
    t.app.inject({ method: "POST", url: `/api/connections/${id}/sync`, headers: s.headers });

  it("a calendar with unreadable events connects, says which, and keeps the rest", async () => {
    ics.publish("/mixed.ics", calendar(good(17, "Real meeting"), badDate, flood));
    const s = await t.signIn();
    const res = await connect(s, { kind: "ics", url: ics.url("/mixed.ics") });
    expect(res.statusCode).toBe(201);
    expect(res.json().connection).toMatchObject({
      status: "ok",
      eventCount: 1,
      unreadable: { count: 2, titles: ["Broken date", "Flood"] },
    });
  });

  it("a connection whose calendar gains a bad event keeps following its real changes", async () => {
    ics.publish("/later.ics", calendar(good(17, "Standup")));
    const s = await t.signIn();
    const { connection } = (await connect(s, { kind: "ics", url: ics.url("/later.ics") })).json();
    expect(connection.unreadable).toBeUndefined();
    ics.publish("/later.ics", calendar(good(18, "Standup moved"), badDate, flood));
    const synced = (await sync(s, connection.id)).json().connection;
    expect(synced).toMatchObject({
      status: "ok",
      eventCount: 1,
      unreadable: { count: 2, titles: ["Broken date", "Flood"] },
    });
    const week = await t.app.inject({
      method: "GET",
      url: "/api/calendar-events?from=2026-03-16T00:00:00Z&to=2026-03-20T00:00:00Z",
      headers: s.headers,
    });
    expect(week.json().events.map((e: { title: string }) => e.title)).toEqual(["Standup moved"]);
    // mended: the note goes
    ics.publish("/later.ics", calendar(good(18, "Standup moved")));
    expect((await sync(s, connection.id)).json().connection.unreadable).toBeUndefined();
  });

  it("a calendar none of whose events can be read is refused in plain words", async () => {
    ics.publish("/none.ics", calendar(badDate));
    const s = await t.signIn();
    const res = await connect(s, { kind: "ics", url: ics.url("/none.ics") });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe("The calendar's only event could not be read");
  });
});
