import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseFeed } from "../../src/core/calendar/feed-parse.test-support.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  // the feed covers 3 months back to 18 ahead of "now": the series below is in March 2026
  t = await createTestApp({ now: () => new Date("2026-03-20T12:00:00Z") });
});
afterAll(() => t.close());

type Session = Awaited<ReturnType<TestApp["signIn"]>>;
type Listed = {
  event_id: string;
  series_id: string | null;
  occurrence: string | null;
  start: string;
  end: string;
};

// Gym, daily at 09:00 in Paris for eight days, across the change to summer time on Sunday
// 29 March 2026: 08:00Z before it, 07:00Z from it on.
const ZONE = "Europe/Paris";
const gym = {
  title: "Gym",
  start_time: "2026-03-26T08:00:00Z",
  end_time: "2026-03-26T09:00:00Z",
  recurrence_frequency: "DAILY",
  recurrence_count: 8,
};
const WEEK = "from=2026-03-23T00:00:00Z&to=2026-04-06T00:00:00Z";
const local = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toFormat("MM-dd HH:mm");

async function parisUser(): Promise<Session> {
  const s = await t.signIn();
  await t.app.inject({
    method: "PATCH",
    url: "/api/profile",
    headers: s.headers,
    payload: { timezone: ZONE },
  });
  return s;
}
async function createGym(s: Session, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/calendar-events",
    headers: s.headers,
    payload: { ...gym, ...extra },
  });
  expect(res.statusCode).toBe(201);
  return res.json().event as { id: string; version: number };
}
const query = (id: string, occurrence?: string, scope?: string) =>
  `/api/calendar-events?eventId=${id}${occurrence ? `&occurrence=${encodeURIComponent(occurrence)}` : ""}${scope ? `&scope=${scope}` : ""}`;
const put = (s: Session, url: string, body: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url, headers: s.headers, payload: body });
const del = (s: Session, url: string) =>
  t.app.inject({ method: "DELETE", url, headers: s.headers });
async function occurrences(s: Session): Promise<Listed[]> {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/calendar-events?${WEEK}`,
    headers: s.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().occurrences;
}
const times = (list: Listed[]) => list.map((o) => local(o.start));

describe("editing one occurrence (scope=this)", () => {
  it("moves one occurrence after the DST change; the others keep 09:00 local", async () => {
    const s = await parisUser();
    const series = await createGym(s);
    const res = await put(s, query(series.id, "2026-03-30T07:00:00Z", "this"), {
      ...gym,
      recurrence_frequency: null,
      recurrence_count: null,
      title: "Gym (late)",
      start_time: "2026-03-30T16:00:00Z",
      end_time: "2026-03-30T17:00:00Z",
    });
    expect(res.statusCode).toBe(200);
    const { event, series: after } = res.json();
    expect(event).toMatchObject({
      series_id: series.id,
      recurrence_id: "2026-03-30T07:00:00.000Z",
      title: "Gym (late)",
      recurrence_frequency: null,
    });
    expect(after.exdates).toEqual(["2026-03-30T07:00:00.000Z"]);
    expect(after.version).toBe(series.version + 1);

    const list = await occurrences(s);
    expect(times(list)).toEqual([
      "03-26 09:00",
      "03-27 09:00",
      "03-28 09:00",
      "03-29 09:00",
      "03-30 18:00",
      "03-31 09:00",
      "04-01 09:00",
      "04-02 09:00",
    ]);
    expect(list[4]).toEqual({
      event_id: event.id,
      series_id: series.id,
      occurrence: "2026-03-30T07:00:00.000Z",
      start: "2026-03-30T16:00:00.000Z",
      end: "2026-03-30T17:00:00.000Z",
    });
    expect(list[5]).toMatchObject({ event_id: series.id, occurrence: "2026-03-31T07:00:00.000Z" });

    // editing the same occurrence again changes the override, not a second one
    const again = await put(s, query(series.id, "2026-03-30T07:00:00Z", "this"), {
      title: "Gym (later)",
      start_time: "2026-03-30T17:00:00Z",
      end_time: "2026-03-30T18:00:00Z",
    });
    expect(again.json().event.id).toBe(event.id);
    expect(times(await occurrences(s))[4]).toBe("03-30 19:00");
  });

  it("a replayed edit with the client's id answers 200 with the same override", async () => {
    const s = await parisUser();
    const series = await createGym(s);
    const id = randomUUID();
    const body = {
      id,
      version: series.version,
      title: "Gym",
      start_time: "2026-03-27T10:00:00Z",
      end_time: "2026-03-27T11:00:00Z",
    };
    const first = await put(s, query(series.id, "2026-03-27T08:00:00Z", "this"), body);
    const replay = await put(s, query(series.id, "2026-03-27T08:00:00Z", "this"), body);
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().event).toEqual(first.json().event);
    expect((await occurrences(s)).filter((o) => o.event_id === id)).toHaveLength(1);
  });

  it('deletes one occurrence ("cancel tomorrow\'s gym") and leaves the rest', async () => {
    const s = await parisUser();
    const series = await createGym(s);
    const url = query(series.id, "2026-03-29T07:00:00Z", "this");
    expect((await del(s, url)).statusCode).toBe(200);
    expect((await del(s, url)).statusCode).toBe(200); // idempotent
    const list = await occurrences(s);
    expect(list).toHaveLength(7);
    expect(times(list)).not.toContain("03-29 09:00");
    // a cancelled occurrence cannot be edited any more
    const edit = await put(s, url, { title: "Gym", start_time: "2026-03-29T08:00:00Z" });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error).toBe("This occurrence was cancelled.");
  });

  it("deleting an edited occurrence removes its override too", async () => {
    const s = await parisUser();
    const series = await createGym(s);
    const url = query(series.id, "2026-03-31T07:00:00Z", "this");
    await put(s, url, { title: "Moved", start_time: "2026-03-31T15:00:00Z" });
    expect((await del(s, url)).statusCode).toBe(200);
    expect((await occurrences(s)).map((o) => o.start)).not.toContain("2026-03-31T15:00:00.000Z");
    expect(await occurrences(s)).toHaveLength(7);
  });
});

describe("this and following (scope=following)", () => {
  it("ends the old series before the occurrence and starts a new one there", async () => {
    const s = await parisUser();
    const series = await createGym(s);
    // an edit of the 1st April occurrence made earlier: it goes with the part that ends
    await put(s, query(series.id, "2026-04-01T07:00:00Z", "this"), {
      title: "Gym",
      start_time: "2026-04-01T12:00:00Z",
    });
    const id = randomUUID();
    const body = {
      id,
      title: "Gym with Sam",
      start_time: "2026-03-30T16:00:00Z", // 18:00 CEST
      end_time: "2026-03-30T17:00:00Z",
      recurrence_frequency: "DAILY",
      recurrence_count: 4,
    };
    const res = await put(s, query(series.id, "2026-03-30T07:00:00Z", "following"), body);
    expect(res.statusCode).toBe(200);
    expect(res.json().series).toMatchObject({
      id: series.id,
      recurrence_until: "2026-03-30T06:59:59.000Z",
      recurrence_count: null,
    });
    expect(res.json().event).toMatchObject({ id, title: "Gym with Sam" });
    const list = await occurrences(s);
    expect(list.map((o) => `${local(o.start)} ${o.event_id === id ? "new" : "old"}`)).toEqual([
      "03-26 09:00 old",
      "03-27 09:00 old",
      "03-28 09:00 old",
      "03-29 09:00 old",
      "03-30 18:00 new",
      "03-31 18:00 new",
      "04-01 18:00 new",
      "04-02 18:00 new",
    ]);
    // replayed after a lost answer: the same new series, nothing split twice
    const replay = await put(s, query(series.id, "2026-03-30T07:00:00Z", "following"), body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().event.id).toBe(id);
    expect(await occurrences(s)).toHaveLength(8);
  });

  it("deletes this and the following; from the first occurrence, the whole series", async () => {
    const s = await parisUser();
    const series = await createGym(s);
    const url = query(series.id, "2026-03-31T07:00:00Z", "following");
    expect((await del(s, url)).statusCode).toBe(200);
    expect(times(await occurrences(s))).toEqual([
      "03-26 09:00",
      "03-27 09:00",
      "03-28 09:00",
      "03-29 09:00",
      "03-30 09:00",
    ]);
    expect((await del(s, url)).statusCode).toBe(200); // a replay is harmless
    expect((await del(s, query(series.id, gym.start_time, "following"))).statusCode).toBe(200);
    expect(await occurrences(s)).toEqual([]);
  });
});

describe("all occurrences (scope=all)", () => {
  it("dragging one summer occurrence an hour later moves every one an hour later, in local time", async () => {
    const s = await parisUser();
    const series = await createGym(s);
    await del(s, query(series.id, "2026-03-27T08:00:00Z", "this"));
    const res = await put(s, query(series.id, "2026-03-31T07:00:00Z", "all"), {
      ...gym,
      version: series.version + 1,
      start_time: "2026-03-31T08:00:00Z",
      end_time: "2026-03-31T09:30:00Z",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toMatchObject({
      id: series.id,
      start_time: "2026-03-26T09:00:00.000Z",
      end_time: "2026-03-26T10:30:00.000Z",
      exdates: ["2026-03-27T09:00:00.000Z"], // the cancelled one stays cancelled
    });
    expect(times(await occurrences(s))).toEqual([
      "03-26 10:00",
      "03-28 10:00",
      "03-29 10:00",
      "03-30 10:00",
      "03-31 10:00",
      "04-01 10:00",
      "04-02 10:00",
    ]);
    // a stale version is refused with the current series
    const stale = await put(s, query(series.id, "2026-03-31T08:00:00Z", "all"), {
      ...gym,
      version: series.version,
      start_time: "2026-03-31T08:00:00Z",
      end_time: "2026-03-31T09:00:00Z",
    });
    expect(stale.statusCode).toBe(409);
  });

  it("deleting all from an occurrence deletes the series and its overrides", async () => {
    const s = await parisUser();
    const series = await createGym(s);
    await put(s, query(series.id, "2026-03-28T08:00:00Z", "this"), {
      title: "Moved",
      start_time: "2026-03-28T15:00:00Z",
    });
    expect((await del(s, query(series.id, "2026-03-28T08:00:00Z", "all"))).statusCode).toBe(200);
    expect(await occurrences(s)).toEqual([]);
  });

  it("without an occurrence, PUT and DELETE act on the whole series as before", async () => {
    const s = await parisUser();
    const series = await createGym(s);
    await put(s, query(series.id, "2026-03-28T08:00:00Z", "this"), {
      title: "Moved",
      start_time: "2026-03-28T15:00:00Z",
    });
    expect((await del(s, query(series.id))).statusCode).toBe(200);
    expect(await occurrences(s)).toEqual([]);
  });
});

describe("bad occurrences", () => {
  it("answers 400 naming the problem, 404 for someone else's series", async () => {
    const s = await parisUser();
    const series = await createGym(s);
    const body = { title: "x", start_time: "2026-03-30T10:00:00Z" };
    const cases: [string, number, RegExp][] = [
      // 08:00Z on the 30th is 10:00 CEST: the series has no occurrence then
      [query(series.id, "2026-03-30T08:00:00Z", "this"), 400, /is not an occurrence of this event/],
      [query(series.id, "2026-04-05T07:00:00Z", "this"), 400, /is not an occurrence/],
      [query(series.id, "2026-03-30T07:00:00Z"), 400, /scope is required with occurrence/],
      [query(series.id, undefined, "this"), 400, /occurrence is required with scope=this/],
      [
        query(series.id, "2026-03-30T07:00:00Z", "some"),
        400,
        /scope must be this, following or all/,
      ],
      [query(series.id, "tomorrow", "this"), 400, /occurrence must be an ISO 8601/],
    ];
    for (const [url, status, message] of cases) {
      const res = await put(s, url, body);
      expect(res.statusCode, url).toBe(status);
      expect(res.json().error, url).toMatch(message);
      expect((await del(s, url)).statusCode, url).toBe(status);
    }
    const repeating = await put(s, query(series.id, "2026-03-30T07:00:00Z", "this"), {
      ...body,
      recurrence_frequency: "DAILY",
    });
    expect(repeating.json().error).toMatch(/One occurrence cannot repeat/);

    const oneOff = (
      await t.app.inject({
        method: "POST",
        url: "/api/calendar-events",
        headers: s.headers,
        payload: body,
      })
    ).json().event;
    const notRepeating = await put(s, query(oneOff.id, body.start_time, "this"), body);
    expect(notRepeating.statusCode).toBe(400);
    expect(notRepeating.json().error).toMatch(/does not repeat/);

    const other = await parisUser();
    const theirs = await put(other, query(series.id, "2026-03-30T07:00:00Z", "this"), body);
    expect(theirs.statusCode).toBe(404);
    expect((await del(other, query(series.id, "2026-03-30T07:00:00Z", "this"))).statusCode).toBe(
      404,
    );
    expect((await occurrences(s)).filter((o) => o.series_id === series.id)).toHaveLength(8);
  });
});

describe("the id in an occurrence edit's body (issue 24)", () => {
  const moved = {
    title: "Gym moved",
    start_time: "2026-03-30T16:00:00Z",
    end_time: "2026-03-30T17:00:00Z",
  };
  async function unchanged(s: Session, series: { id: string; version: number }) {
    const list = await occurrences(s);
    expect(list.filter((o) => o.event_id === series.id)).toHaveLength(8);
    const all = await t.app.inject({
      method: "GET",
      url: "/api/calendar-events",
      headers: s.headers,
    });
    const row = all.json().events.find((e: { id: string }) => e.id === series.id);
    expect(row).toMatchObject({ version: series.version, title: "Gym", recurrence_until: null });
  }

  it.each(["this", "following", "all"])(
    "scope=%s with the series' own id is refused with 400 naming id, and changes nothing",
    async (scope) => {
      const s = await parisUser();
      const series = await createGym(s);
      const res = await put(s, query(series.id, "2026-03-30T07:00:00Z", scope), {
        ...moved,
        id: series.id,
        ...(scope === "this" ? {} : { recurrence_frequency: "DAILY", recurrence_count: 3 }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^id: /);
      await unchanged(s, series);
    },
  );

  it.each(["this", "following"])(
    "scope=%s with the id of another event of the person's is refused with 400 naming id",
    async (scope) => {
      const s = await parisUser();
      const series = await createGym(s);
      const other = (
        await t.app.inject({
          method: "POST",
          url: "/api/calendar-events",
          headers: s.headers,
          payload: { title: "Dentist", start_time: "2026-03-31T08:00:00Z" },
        })
      ).json().event as { id: string };
      const res = await put(s, query(series.id, "2026-03-30T07:00:00Z", scope), {
        ...moved,
        id: other.id,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^id: /);
      await unchanged(s, series);
      const dentist = (await occurrences(s)).filter((o) => o.event_id === other.id);
      expect(dentist.map((o) => o.start)).toEqual(["2026-03-31T08:00:00.000Z"]);
    },
  );
});

describe("the feed carries exceptions", () => {
  async function feedWithExceptions() {
    const s = await parisUser();
    const series = await createGym(s);
    await del(s, query(series.id, "2026-03-27T08:00:00Z", "this"));
    await put(s, query(series.id, "2026-03-31T07:00:00Z", "this"), {
      title: "Gym (moved)",
      start_time: "2026-03-31T16:00:00Z",
      end_time: "2026-03-31T17:00:00Z",
    });
    const token = await t.app.inject({
      method: "POST",
      url: "/api/calendar-token",
      headers: s.headers,
    });
    const res = await t.app.inject({
      method: "GET",
      url: new URL(token.json().feedUrl).pathname,
    });
    expect(res.statusCode).toBe(200);
    return { body: res.body, series };
  }
  const expected = [
    "2026-03-26T08:00:00.000Z Gym",
    "2026-03-28T08:00:00.000Z Gym",
    "2026-03-29T07:00:00.000Z Gym",
    "2026-03-30T07:00:00.000Z Gym",
    "2026-03-31T16:00:00.000Z Gym (moved)",
    "2026-04-01T07:00:00.000Z Gym",
    "2026-04-02T07:00:00.000Z Gym",
  ];

  it("as EXDATE (local time with TZID) and a RECURRENCE-ID override, read back by ical.js", async () => {
    const { body, series } = await feedWithExceptions();
    expect(body).toContain("EXDATE;TZID=Europe/Paris:20260327T090000\r\n");
    expect(body).toContain("RECURRENCE-ID;TZID=Europe/Paris:20260331T090000\r\n");
    // the overridden occurrence is not also excluded
    expect(body).not.toContain("EXDATE;TZID=Europe/Paris:20260331T090000");
    const { root, events } = parseFeed(body);
    expect(events.map((e) => e.uid)).toEqual([
      `${series.id}@sage.calendar`,
      `${series.id}@sage.calendar`,
    ]);
    // ical.js applies the exceptions itself: relate the override to its series, then expand
    const ICAL = (await import("ical.js")).default;
    const [master, override] = root.getAllSubcomponents("vevent");
    const event = new ICAL.Event(master, { exceptions: [override!] });
    const seen: string[] = [];
    const it = event.iterator();
    for (let next = it.next(); next && seen.length < 10; next = it.next()) {
      const details = event.getOccurrenceDetails(next);
      seen.push(`${details.startDate.toJSDate().toISOString()} ${details.item.summary}`);
    }
    expect(seen).toEqual(expected);
  });

  const python = "/usr/bin/python3";
  const hasParser =
    existsSync(python) &&
    (() => {
      try {
        execFileSync(python, ["-c", "import recurring_ical_events"], { stdio: "ignore" });
        return true;
      } catch {
        return false;
      }
    })();

  it.skipIf(!hasParser)("and python's recurring-ical-events agrees", async () => {
    const { body } = await feedWithExceptions();
    const script = `
import sys, datetime, icalendar, recurring_ical_events
cal = icalendar.Calendar.from_ical(sys.stdin.read())
utc = datetime.timezone.utc
for e in recurring_ical_events.of(cal).between((2026, 3, 1), (2026, 5, 1)):
    print(e["DTSTART"].dt.astimezone(utc).strftime("%Y-%m-%dT%H:%M:%S.000Z"), str(e["SUMMARY"]))
`;
    const out = execFileSync(python, ["-c", script], { input: body, encoding: "utf8" });
    expect(out.trim().split("\n").sort()).toEqual(expected);
  });
});
