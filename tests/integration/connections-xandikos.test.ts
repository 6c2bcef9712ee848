import { spawnSync } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectionCalendars } from "../../src/server/db/schema.ts";
import { inZone } from "../support/connected-person.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import {
  startXandikos,
  XANDIKOS_PASSWORD,
  XANDIKOS_USER,
  type Xandikos,
} from "../support/xandikos-server.ts";

// The Radicale suite (connections-caldav.test.ts) run against a second, independent CalDAV
// server: Xandikos, git-backed, whose sync tokens are commit ids and whose ETags are blob ids.

const NOW = new Date("2026-03-02T06:00:00Z"); // Monday 07:00 in Berlin
let t: TestApp;
let dav: Xandikos;

const event = (uid: string, summary: string, start: string, end: string, extra: string[] = []) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//test//EN",
    "BEGIN:VEVENT",
    `UID:${uid}`,
    "DTSTAMP:20260101T000000Z",
    `DTSTART;TZID=Europe/Berlin:${start}`,
    `DTEND;TZID=Europe/Berlin:${end}`,
    `SUMMARY:${summary}`,
    ...extra,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");

const REVIEW = event("review", "Design review", "20260303T140000", "20260303T160000");
/** Mon, Wed, Fri at 10:00 Berlin; Wednesday 4 March is off. */
const TEAM_SYNC = event("team-sync", "Team sync", "20260302T100000", "20260302T110000", [
  "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR",
  "EXDATE;TZID=Europe/Berlin:20260304T100000",
]);
const SCHOOL = event("school", "School play", "20260304T090000", "20260304T110000");

beforeAll(async () => {
  [t, dav] = await Promise.all([createTestApp({ now: () => NOW, llm: null }), startXandikos()]);
  await dav.makeCalendar("work", "Work", "#0b57d0");
  await dav.makeCalendar("family", "Family", "#e67c73");
  await dav.put("work", "review.ics", REVIEW);
  await dav.put("work", "team-sync.ics", TEAM_SYNC);
  await dav.put("family", "school.ics", SCHOOL);
});
afterAll(async () => {
  await Promise.all([t?.close(), dav?.close()]);
});

type Session = Awaited<ReturnType<TestApp["signIn"]>>;
type Listed = { id: string; title: string; source: string; start_time: string; end_time: string };

const signedIn = async () => inZone(t, await t.signIn());
const connect = (s: Session) =>
  t.app.inject({
    method: "POST",
    url: "/api/connections",
    headers: s.headers,
    payload: {
      kind: "caldav",
      url: dav.origin,
      username: XANDIKOS_USER,
      password: XANDIKOS_PASSWORD,
    },
  });
const sync = (s: Session, id: string) =>
  t.app.inject({ method: "POST", url: `/api/connections/${id}/sync`, headers: s.headers });
const week = async (s: Session) =>
  (
    await t.app.inject({
      method: "GET",
      url: "/api/calendar-events?from=2026-03-02T00:00:00Z&to=2026-03-09T00:00:00Z",
      headers: s.headers,
    })
  ).json().events as Listed[];
const plan = async (s: Session, title: string, estimateMinutes: number) => {
  const task = (
    await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: s.headers,
      payload: { title, estimateMinutes, priority: "high" },
    })
  ).json().task as { id: string };
  const res = await t.app.inject({
    method: "POST",
    url: "/api/plan",
    headers: s.headers,
    payload: { days: 7 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { task, placed: res.json().placed as { eventId: string; start: string; end: string }[] };
};

/** Connects the Xandikos account and chooses its "Work" calendar for Sage's blocks. */
async function connectWritingToWork(s: Session) {
  const { connection } = (await connect(s)).json();
  const work = connection.calendars.find((c: { name: string }) => c.name === "Work");
  const patched = await t.app.inject({
    method: "PATCH",
    url: `/api/connections/${connection.id}`,
    headers: s.headers,
    payload: { writeCalendarId: work.id },
  });
  expect(patched.json().connection.writeCalendarId).toBe(work.id);
  return { id: connection.id as string, work };
}

/** python's icalendar (Debian's python3-icalendar) reads a written block: its UTC start/end. */
function readWithPython(ics: string): { start: string; end: string } {
  const run = spawnSync(
    "/usr/bin/python3",
    [
      "-c",
      [
        "import sys, json, icalendar",
        "from datetime import timezone",
        "cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())",
        "ev = [c for c in cal.walk('VEVENT')]",
        "assert len(ev) == 1, len(ev)",
        "iso = lambda p: ev[0].decoded(p).astimezone(timezone.utc).strftime('%Y-%m-%dT%H:%M:%S.000Z')",
        "print(json.dumps({'start': iso('DTSTART'), 'end': iso('DTEND')}))",
      ].join("\n"),
    ],
    { input: ics, encoding: "utf8" },
  );
  if (run.status !== 0) throw new Error(`python icalendar: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

const overlaps = (a: { start: string; end: string }, b: Listed) =>
  new Date(a.start) < new Date(b.end_time) && new Date(b.start_time) < new Date(a.end);

describe("CalDAV (a real Xandikos)", () => {
  it("discovers the account from the bare host and lists its event calendars", async () => {
    const s = await signedIn();
    const res = await connect(s);
    expect(res.statusCode, res.body).toBe(201);
    const { connection } = res.json();
    expect(connection).toMatchObject({
      kind: "caldav",
      status: "ok",
      eventCount: 3,
      writeCalendarId: null,
    });
    expect(connection.name).toBe(`${XANDIKOS_USER} at 127.0.0.1`);
    expect(
      connection.calendars.map(
        (c: { name: string; color?: string; busy: boolean; writable: boolean }) => [
          c.name,
          c.color,
          c.busy,
          c.writable,
        ],
      ),
    ).toEqual([
      ["Family", "#e67c73", true, true],
      ["Work", "#0b57d0", true, true],
    ]);
    expect(res.body).not.toContain(XANDIKOS_PASSWORD);
  });

  it("a timed event and a weekly series with an EXDATE in Berlin are busy time, and planned around", async () => {
    const s = await signedIn();
    await connect(s);
    const events = await week(s);
    const at = (title: string) =>
      events
        .filter((e) => e.title === title)
        .map((e) => [e.start_time, e.end_time])
        .sort();
    expect(at("Design review")).toEqual([["2026-03-03T13:00:00.000Z", "2026-03-03T15:00:00.000Z"]]);
    // Monday and Friday; the Wednesday is excluded
    expect(at("Team sync")).toEqual([
      ["2026-03-02T09:00:00.000Z", "2026-03-02T10:00:00.000Z"],
      ["2026-03-06T09:00:00.000Z", "2026-03-06T10:00:00.000Z"],
    ]);
    expect(at("School play")).toEqual([["2026-03-04T08:00:00.000Z", "2026-03-04T10:00:00.000Z"]]);

    const { placed } = await plan(s, "Write the report", 16 * 60);
    expect(placed.length).toBeGreaterThan(1);
    const busy = events.filter((e) => e.source !== "assistant");
    for (const b of placed) expect(busy.filter((e) => overlaps(b, e))).toEqual([]);
  });

  it("a later sync takes a changed and a deleted event incrementally (CTag and ETags)", async () => {
    const s = await signedIn();
    const { connection } = (await connect(s)).json();
    const work = connection.calendars.find((c: { name: string }) => c.name === "Work");
    const family = connection.calendars.find((c: { name: string }) => c.name === "Family");
    const stored = async (id: string) =>
      (await t.db.select().from(connectionCalendars).where(eq(connectionCalendars.id, id)))[0]!;
    const before = { work: await stored(work.id), family: await stored(family.id) };
    // Xandikos's sync token is the collection's git commit id, not a URI as RFC 6578 §4
    // (DAV:sync-token, "Value: URI") asks; Radicale answers http://radicale.org/ns/sync/….
    // Sage keeps it as opaque text.
    expect(before.work.syncToken).toMatch(/^[0-9a-f]{40}$/);
    expect(before.work.ctag).toMatch(/^[0-9a-f]{40}$/);

    const reportsBefore = dav.syncReports();
    await dav.put(
      "work",
      "review.ics",
      event("review", "Design review (moved)", "20260305T140000", "20260305T153000"),
    );
    await dav.remove("family", "school.ics");
    await dav.put(
      "family",
      "dentist.ics",
      event("dentist", "Dentist", "20260305T080000", "20260305T090000"),
    );
    try {
      const synced = await sync(s, connection.id);
      expect(synced.json().connection).toMatchObject({ status: "ok", eventCount: 3 });
      // Xandikos does support the sync-collection REPORT, but lists it in
      // DAV:supported-report-set without the DAV:report element RFC 3253 §3.1.5 requires
      // (<supported-report><sync-collection/></supported-report>), so tsdav, reading
      // supported-report/report, finds no report and Sage takes its documented fallback:
      // the CTag says the calendar changed, and the listing's ETags say what changed.
      expect(dav.syncReports() - reportsBefore).toBe(0);
      expect((await stored(work.id)).ctag).not.toBe(before.work.ctag);
      expect((await stored(family.id)).ctag).not.toBe(before.family.ctag);
      const events = await week(s);
      const titles = events.map((e) => e.title);
      expect(titles).not.toContain("Design review");
      expect(titles).not.toContain("School play");
      expect(events.find((e) => e.title === "Design review (moved)")).toMatchObject({
        start_time: "2026-03-05T13:00:00.000Z",
        end_time: "2026-03-05T14:30:00.000Z",
      });
      expect(titles).toContain("Dentist");
      expect(titles.filter((x) => x === "Team sync")).toHaveLength(2);
    } finally {
      await dav.put("work", "review.ics", REVIEW);
      await dav.remove("family", "dentist.ics");
      await dav.put("family", "school.ics", SCHOOL);
    }
  });
});

describe("writing Sage's blocks into the write calendar (Xandikos)", () => {
  it("creates each block under sage-block-<id>.ics, readable by python's icalendar, and touches nothing else", async () => {
    const s = await signedIn();
    const untouched = async () =>
      Promise.all(
        ["review.ics", "team-sync.ics"].map(async (f) => {
          const res = await dav.request("GET", dav.href("work", f));
          return `${res.headers.get("etag")}\n${await res.text()}`;
        }),
      );
    const before = await untouched();
    const { id } = await connectWritingToWork(s);
    const { placed } = await plan(s, "Write the proposal", 180);
    expect(placed.length).toBeGreaterThan(1);

    // Xandikos stores its own re-serialization of what was PUT (properties reordered) yet
    // answers the PUT with a strong ETag, which RFC 4791 §5.3.4 ties to the stored resource
    // being octet-equal to the body. Sage compares what it wrote by start|end|title, never
    // by bytes, so its ETag checks still hold; python reads the stored text.
    for (const b of placed) {
      const res = await dav.request("GET", dav.href("work", `sage-block-${b.eventId}.ics`));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
      const text = await res.text();
      expect(text).toContain(`UID:sage-block-${b.eventId}`);
      expect(text).toContain("SUMMARY:Write the proposal");
      expect(readWithPython(text)).toEqual({ start: b.start, end: b.end });
    }

    // after a sync the written blocks are Sage's, never the person's busy time
    const count = async () =>
      (await t.app.inject({ method: "GET", url: "/api/connections", headers: s.headers })).json()
        .connections[0].eventCount as number;
    expect((await sync(s, id)).json().connection.status).toBe("ok");
    expect(await count()).toBe(3);
    const listed = (await week(s)).filter((e) => e.title === "Write the proposal");
    expect(listed.map((e) => e.source)).toEqual(placed.map(() => "assistant"));
    expect(await untouched()).toEqual(before);
  });

  it("a block the person moves in Xandikos becomes theirs at the next sync", async () => {
    const s = await signedIn();
    const { id } = await connectWritingToWork(s);
    const { placed } = await plan(s, "Draft the budget", 180);
    expect(placed.length).toBeGreaterThan(1);
    const [moved, ...rest] = placed;
    const href = dav.href("work", `sage-block-${moved!.eventId}.ics`);
    const original = await (await dav.request("GET", href)).text();
    const theirs = original
      .replace(/DTSTART:\d{8}T\d{6}Z/, "DTSTART:20260306T150000Z")
      .replace(/DTEND:\d{8}T\d{6}Z/, "DTEND:20260306T160000Z");
    expect((await dav.request("PUT", href, theirs)).status).toBeLessThan(300);

    await sync(s, id);
    const events = await week(s);
    expect(events.find((e) => e.id === moved!.eventId)).toMatchObject({
      source: "user",
      start_time: "2026-03-06T15:00:00.000Z",
      end_time: "2026-03-06T16:00:00.000Z",
    });
    for (const b of rest)
      expect(events.find((e) => e.id === b.eventId)).toMatchObject({ source: "assistant" });
    // Sage never writes over what is now theirs
    await sync(s, id);
    expect(await (await dav.request("GET", href)).text()).toBe(theirs);
  });

  it("a block the person deletes in Xandikos is gone from Sage after the next sync", async () => {
    const s = await signedIn();
    const { id } = await connectWritingToWork(s);
    const { task, placed } = await plan(s, "Prepare the offsite", 180);
    expect(placed.length).toBeGreaterThan(1);
    await sync(s, id); // the written blocks are listed
    const [deleted, ...kept] = placed;
    const href = dav.href("work", `sage-block-${deleted!.eventId}.ics`);
    expect((await dav.request("DELETE", href)).status).toBeLessThan(300);

    await sync(s, id);
    const left = (await week(s)).filter((e) => e.title === "Prepare the offsite").map((e) => e.id);
    expect(left).not.toContain(deleted!.eventId);
    expect(left.sort()).toEqual(kept.map((b) => b.eventId).sort());
    const tasks = (
      await t.app.inject({ method: "GET", url: "/api/tasks", headers: s.headers })
    ).json().tasks as { id: string; status: string }[];
    expect(tasks.find((x) => x.id === task.id)?.status).toBe("open");
    await sync(s, id);
    expect((await dav.request("GET", href)).status).toBe(404);
  });
});

describe("If-Match on the blocks Sage wrote (Xandikos)", () => {
  it("removes a done task's blocks, but a block the person renamed answers 412 and is kept", async () => {
    const s = await signedIn();
    await connectWritingToWork(s);
    const { task, placed } = await plan(s, "Plan the retreat", 180);
    expect(placed.length).toBeGreaterThan(1);
    const hrefOf = (id: string) => dav.href("work", `sage-block-${id}.ics`);

    // the person renames one block in Xandikos; Sage has not synced since
    const edited = hrefOf(placed[0]!.eventId);
    const text = await (await dav.request("GET", edited)).text();
    const renamed = text.replace("SUMMARY:Plan the retreat", "SUMMARY:Retreat with Sam");
    expect((await dav.request("PUT", edited, renamed)).status).toBeLessThan(300);

    // the task is deleted: Sage removes its blocks with If-Match, the renamed one answers 412
    await t.app.inject({ method: "DELETE", url: `/api/tasks/${task.id}`, headers: s.headers });
    await t.app.inject({
      method: "POST",
      url: "/api/plan",
      headers: s.headers,
      payload: { days: 7 },
    });
    const kept = await dav.request("GET", edited);
    expect(kept.status).toBe(200);
    expect(await kept.text()).toBe(renamed);
    for (const b of placed.slice(1))
      expect((await dav.request("GET", hrefOf(b.eventId))).status).toBe(404);
  });
});
