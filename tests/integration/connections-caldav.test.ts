import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectionCalendars, externalWrites } from "../../src/server/db/schema.ts";
import { inZone, planTask } from "../support/connected-person.ts";
import { startFaultProxy } from "../support/fault-proxy.ts";
import {
  RADICALE_PASSWORD,
  RADICALE_USER,
  type Radicale,
  startRadicale,
} from "../support/radicale-server.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const NOW = new Date("2026-03-02T06:00:00Z");
let t: TestApp;
let dav: Radicale;

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

beforeAll(async () => {
  [t, dav] = await Promise.all([createTestApp({ now: () => NOW, llm: null }), startRadicale()]);
  await dav.makeCalendar("work", "Work", "#0b57d0");
  await dav.makeCalendar("family", "Family", "#e67c73");
  await dav.makeCalendar("todo", "Todo", "#33b679", "VTODO");
  await dav.put(
    "work",
    "standup.ics",
    event("standup", "Standup", "20260302T100000", "20260302T103000", ["RRULE:FREQ=DAILY;COUNT=5"]),
  );
  await dav.put(
    "work",
    "review.ics",
    event("review", "Design review", "20260303T140000", "20260303T160000"),
  );
  await dav.put(
    "family",
    "school.ics",
    event("school", "School play", "20260304T090000", "20260304T110000"),
  );
});
afterAll(async () => {
  await Promise.all([t.close(), dav.close()]);
});

type Session = Awaited<ReturnType<TestApp["signIn"]>>;
async function connect(s: Session, password = RADICALE_PASSWORD) {
  return t.app.inject({
    method: "POST",
    url: "/api/connections",
    headers: s.headers,
    payload: { kind: "caldav", url: dav.origin, username: RADICALE_USER, password },
  });
}
/** Connects the Radicale account and chooses its "Work" calendar for Sage's blocks. */
async function connectWritingToWork(s: Session) {
  const { connection } = (await connect(s)).json();
  const work = connection.calendars.find((c: { name: string }) => c.name === "Work");
  await t.app.inject({
    method: "PATCH",
    url: `/api/connections/${connection.id}`,
    headers: s.headers,
    payload: { writeCalendarId: work.id },
  });
  return { connection, work };
}

const signedIn = async () => inZone(t, await t.signIn());
const week = (s: Session) =>
  t.app.inject({
    method: "GET",
    url: "/api/calendar-events?from=2026-03-02T00:00:00Z&to=2026-03-09T00:00:00Z",
    headers: s.headers,
  });

describe("CalDAV (a real Radicale)", () => {
  it("discovers the account from the bare host and lists its event calendars", async () => {
    const s = await signedIn();
    const res = await connect(s);
    expect(res.statusCode).toBe(201);
    const { connection } = res.json();
    expect(connection).toMatchObject({
      kind: "caldav",
      status: "ok",
      eventCount: 3,
      writeCalendarId: null,
    });
    expect(connection.name).toBe(`${RADICALE_USER} at 127.0.0.1`);
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
    expect(res.body).not.toContain(RADICALE_PASSWORD);
  });

  it("busy time comes from several calendars", async () => {
    const s = await signedIn();
    await connect(s);
    const titles = (await week(s)).json().events.map((e: { title: string }) => e.title);
    expect(titles.filter((x: string) => x === "Standup")).toHaveLength(5);
    expect(titles).toContain("Design review");
    expect(titles).toContain("School play");
  });

  it("a wrong password answers 422 with a plain reason, and nothing is stored", async () => {
    const s = await signedIn();
    const res = await connect(s, "wrong password");
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatch(/refused the user name or password/);
    const list = await t.app.inject({ method: "GET", url: "/api/connections", headers: s.headers });
    expect(list.json().connections).toEqual([]);
  });

  it("a later sync takes an outside change incrementally (sync token) and keeps busy choices", async () => {
    const s = await signedIn();
    const { connection } = (await connect(s)).json();
    const family = connection.calendars.find((c: { name: string }) => c.name === "Family");
    await t.app.inject({
      method: "PATCH",
      url: `/api/connections/${connection.id}`,
      headers: s.headers,
      payload: { calendars: [{ id: family.id, busy: false }] },
    });
    const [before] = await t.db
      .select()
      .from(connectionCalendars)
      .where(eq(connectionCalendars.id, family.id));
    expect(before!.syncToken).toMatch(/^http:\/\/radicale.org\/ns\/sync\//);

    await dav.put(
      "family",
      "dentist.ics",
      event("dentist", "Dentist", "20260305T080000", "20260305T090000"),
    );
    await dav.remove("family", "school.ics");
    try {
      const synced = await t.app.inject({
        method: "POST",
        url: `/api/connections/${connection.id}/sync`,
        headers: s.headers,
      });
      expect(synced.json().connection).toMatchObject({ status: "ok", eventCount: 3 });
      expect(
        synced.json().connection.calendars.find((c: { id: string }) => c.id === family.id).busy,
      ).toBe(false);
      const [after] = await t.db
        .select()
        .from(connectionCalendars)
        .where(eq(connectionCalendars.id, family.id));
      expect(after!.syncToken).not.toBe(before!.syncToken);
      const titles = (await week(s)).json().events.map((e: { title: string }) => e.title);
      expect(titles).toContain("Dentist");
      expect(titles).not.toContain("School play");
    } finally {
      await dav.remove("family", "dentist.ics");
      await dav.put(
        "family",
        "school.ics",
        event("school", "School play", "20260304T090000", "20260304T110000"),
      );
    }
  });

  it("server down: status error with a plain sentence, events kept, planning still works", async () => {
    const s = await signedIn();
    const { connection } = (await connect(s)).json();
    await dav.stop();
    try {
      const synced = await t.app.inject({
        method: "POST",
        url: `/api/connections/${connection.id}/sync`,
        headers: s.headers,
      });
      expect(synced.json().connection).toMatchObject({
        status: "error",
        error: "The server refused the connection",
        eventCount: 3,
      });
      await t.app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: s.headers,
        payload: { title: "Write the report", estimateMinutes: 60 },
      });
      const plan = await t.app.inject({
        method: "POST",
        url: "/api/plan",
        headers: s.headers,
        payload: { days: 7 },
      });
      expect(plan.statusCode).toBe(200);
      expect(plan.json().placed.length).toBeGreaterThan(0);
      expect(plan.json().notice).toMatch(/The server refused the connection/);
    } finally {
      await dav.start();
    }
  });
});

describe("writing Sage's blocks into the write calendar (Radicale)", () => {
  it("creates blocks with a stable UID, never touches other events, and lets a moved block become the person's", async () => {
    const s = await signedIn();
    const { connection } = (await connect(s)).json();
    const work = connection.calendars.find((c: { name: string }) => c.name === "Work");
    const standupBefore = await (
      await dav.request("GET", `/${RADICALE_USER}/work/standup.ics`)
    ).text();
    const patched = await t.app.inject({
      method: "PATCH",
      url: `/api/connections/${connection.id}`,
      headers: s.headers,
      payload: { writeCalendarId: work.id },
    });
    expect(patched.json().connection.writeCalendarId).toBe(work.id);
    const task = (
      await t.app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: s.headers,
        payload: { title: "Write the proposal", estimateMinutes: 180, priority: "high" },
      })
    ).json().task;
    const plan = await t.app.inject({
      method: "POST",
      url: "/api/plan",
      headers: s.headers,
      payload: { days: 7 },
    });
    const placed = plan.json().placed as { eventId: string; start: string; end: string }[];
    expect(placed.length).toBeGreaterThan(1);

    // each block is in Radicale under sage-block-<event id>
    for (const b of placed) {
      const res = await dav.request("GET", `/${RADICALE_USER}/work/sage-block-${b.eventId}.ics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain(`UID:sage-block-${b.eventId}`);
      expect(text).toContain("SUMMARY:Write the proposal");
      expect(text).toContain(`DTSTART:${b.start.replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`);
    }
    expect(await (await dav.request("GET", `/${RADICALE_USER}/work/standup.ics`)).text()).toBe(
      standupBefore,
    );

    // after a sync the written blocks are not listed a second time as connected events
    await t.app.inject({
      method: "POST",
      url: `/api/connections/${connection.id}/sync`,
      headers: s.headers,
    });
    const listed = (await week(s))
      .json()
      .events.filter((e: { title: string }) => e.title === "Write the proposal");
    expect(listed.every((e: { source: string }) => e.source === "assistant")).toBe(true);

    // the person moves one block in their own calendar: at the next sync it is theirs
    const moved = placed[0]!;
    const href = `/${RADICALE_USER}/work/sage-block-${moved.eventId}.ics`;
    const original = await (await dav.request("GET", href)).text();
    const theirs = original
      .replace(/DTSTART:\d{8}T\d{6}Z/, "DTSTART:20260306T150000Z")
      .replace(/DTEND:\d{8}T\d{6}Z/, "DTEND:20260306T160000Z");
    expect((await dav.request("PUT", href, theirs)).status).toBeLessThan(300);
    await t.app.inject({
      method: "POST",
      url: `/api/connections/${connection.id}/sync`,
      headers: s.headers,
    });
    const events = (await week(s)).json().events as {
      id: string;
      source: string;
      start_time: string;
    }[];
    expect(events.find((e) => e.id === moved.eventId)).toMatchObject({
      source: "user",
      start_time: "2026-03-06T15:00:00.000Z",
    });

    // the task is done: Sage removes its own remaining blocks, never the one now theirs
    await t.app.inject({
      method: "PUT",
      url: `/api/tasks/${task.id}`,
      headers: s.headers,
      payload: {
        title: "Write the proposal",
        estimateMinutes: 180,
        priority: "high",
        status: "done",
      },
    });
    await t.app.inject({
      method: "POST",
      url: `/api/connections/${connection.id}/sync`,
      headers: s.headers,
    });
    expect((await dav.request("GET", href)).status).toBe(200);
    for (const b of placed.slice(1)) {
      expect(
        (await dav.request("GET", `/${RADICALE_USER}/work/sage-block-${b.eventId}.ics`)).status,
      ).toBe(404);
    }
    expect(await (await dav.request("GET", `/${RADICALE_USER}/work/standup.ics`)).text()).toBe(
      standupBefore,
    );
  });
});

describe("Undo plan with a write calendar (Radicale)", () => {
  it("takes the undone plan's blocks out of the written calendar at once", async () => {
    const s = await signedIn();
    await connectWritingToWork(s);
    await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: s.headers,
      payload: { title: "Draft the budget", estimateMinutes: 120, priority: "high" },
    });
    const plan = (
      await t.app.inject({
        method: "POST",
        url: "/api/plan",
        headers: s.headers,
        payload: { days: 7 },
      })
    ).json();
    const hrefs = (plan.placed as { eventId: string }[]).map(
      (b) => `/${RADICALE_USER}/work/sage-block-${b.eventId}.ics`,
    );
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect((await dav.request("GET", href)).status).toBe(200);

    const undone = await t.app.inject({
      method: "POST",
      url: "/api/plan/undo",
      headers: s.headers,
      payload: plan.changes,
    });
    expect(undone.statusCode).toBe(200);
    // no sync in between: the undo itself brings the write calendar along
    for (const href of hrefs) expect((await dav.request("GET", href)).status).toBe(404);
  });
});

describe("the assistant with a write calendar (Radicale)", () => {
  it("puts the blocks it plans there at once, and its Undo takes them out again", async () => {
    const s = await signedIn();
    await connectWritingToWork(s);
    const said = await t.app.inject({
      method: "POST",
      url: "/api/chat",
      headers: s.headers,
      payload: { message: "plan my week: write the report 2h due Friday" },
    });
    expect(said.statusCode, said.body).toBe(200);
    const blocks = (
      await t.app.inject({
        method: "GET",
        url: "/api/calendar-events",
        headers: s.headers,
      })
    )
      .json()
      .events.filter((e: { source: string }) => e.source === "assistant") as { id: string }[];
    expect(blocks.length).toBeGreaterThan(0);
    const hrefs = blocks.map((b) => `/${RADICALE_USER}/work/sage-block-${b.id}.ics`);
    // no sync in between: the turn itself brought the write calendar along
    for (const href of hrefs) expect((await dav.request("GET", href)).status).toBe(200);

    const plan = (said.json().actions as { id: string; kind: string }[]).find(
      (a) => a.kind === "planned",
    );
    expect(plan).toBeDefined();
    const undone = await t.app.inject({
      method: "POST",
      url: `/api/assistant/actions/${plan!.id}/undo`,
      headers: s.headers,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    for (const href of hrefs) expect((await dav.request("GET", href)).status).toBe(404);
  });
});

describe("a deleted task's blocks", () => {
  it("are taken out of the written calendar when an Undo deletes the task", async () => {
    const s = await signedIn();
    const { connection } = await connectWritingToWork(s);
    const chat = await t.app.inject({
      method: "POST",
      url: "/api/chat",
      headers: s.headers,
      payload: { message: "add tasks: draft the budget 2h" },
    });
    const card = chat.json().actions[0] as { id: string };
    const plan = await t.app.inject({
      method: "POST",
      url: "/api/plan",
      headers: s.headers,
      payload: { days: 7 },
    });
    const hrefs = (plan.json().placed as { eventId: string }[]).map(
      (b) => `/${RADICALE_USER}/work/sage-block-${b.eventId}.ics`,
    );
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect((await dav.request("GET", href)).status).toBe(200);

    // Undo of the added task leaves its tombstone; the plan's blocks belong to the plan
    const undone = await t.app.inject({
      method: "POST",
      url: `/api/assistant/actions/${card.id}/undo`,
      headers: s.headers,
    });
    expect(undone.statusCode).toBe(200);
    await t.app.inject({
      method: "POST",
      url: `/api/connections/${connection.id}/sync`,
      headers: s.headers,
    });
    for (const href of hrefs) expect((await dav.request("GET", href)).status).toBe(404);
  });
});

describe("a server failing a DELETE", () => {
  it("keeps Sage's record of the block and deletes it at the next sync, never orphaning it", async () => {
    const proxy = await startFaultProxy(dav.origin);
    try {
      const s = await signedIn();
      const created = await t.app.inject({
        method: "POST",
        url: "/api/connections",
        headers: s.headers,
        payload: {
          kind: "caldav",
          url: proxy.origin,
          username: RADICALE_USER,
          password: RADICALE_PASSWORD,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { connection } = created.json();
      const work = connection.calendars.find((c: { name: string }) => c.name === "Work");
      await t.app.inject({
        method: "PATCH",
        url: `/api/connections/${connection.id}`,
        headers: s.headers,
        payload: { writeCalendarId: work.id },
      });
      const { task, placed } = await planTask(t, s, "Renew the passport", 60);
      const href = `/${RADICALE_USER}/work/sage-block-${placed[0]!.eventId}.ics`;
      expect((await dav.request("GET", href)).status).toBe(200);
      const writes = () =>
        t.db.select().from(externalWrites).where(eq(externalWrites.connectionId, connection.id));
      expect(await writes()).toHaveLength(placed.length);

      // the task goes, and the sync's push deletes its blocks: the server answers 503 to each
      proxy.failWhen((req) => (req.method === "DELETE" ? 503 : undefined));
      await t.app.inject({ method: "DELETE", url: `/api/tasks/${task.id}`, headers: s.headers });
      await t.app.inject({
        method: "POST",
        url: `/api/connections/${connection.id}/sync`,
        headers: s.headers,
      });
      expect(proxy.log.filter((l) => l.method === "DELETE" && l.status === 503).length).toBe(
        placed.length,
      );
      expect((await dav.request("GET", href)).status).toBe(200);
      expect(await writes()).toHaveLength(placed.length);

      // the server is well again: the next sync deletes it and only then forgets it
      proxy.failWhen(undefined);
      await t.app.inject({
        method: "POST",
        url: `/api/connections/${connection.id}/sync`,
        headers: s.headers,
      });
      expect((await dav.request("GET", href)).status).toBe(404);
      expect(await writes()).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});

describe("a 412 on a written block", () => {
  it("re-reads it, and a block the person changed is never deleted by Sage", async () => {
    const s = await signedIn();
    await connectWritingToWork(s);
    const task = (
      await t.app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: s.headers,
        payload: { title: "Prepare the offsite", estimateMinutes: 180, priority: "high" },
      })
    ).json().task;
    const placed = (
      await t.app.inject({
        method: "POST",
        url: "/api/plan",
        headers: s.headers,
        payload: { days: 7 },
      })
    ).json().placed as { eventId: string }[];
    expect(placed.length).toBeGreaterThan(1);
    const hrefOf = (id: string) => `/${RADICALE_USER}/work/sage-block-${id}.ics`;

    // the person renames one block in their calendar; Sage has not synced since
    const edited = hrefOf(placed[0]!.eventId);
    const text = await (await dav.request("GET", edited)).text();
    expect(
      (
        await dav.request(
          "PUT",
          edited,
          text.replace("SUMMARY:Prepare the offsite", "SUMMARY:Offsite prep with Sam"),
        )
      ).status,
    ).toBeLessThan(300);

    // the task is deleted: Sage removes its blocks (If-Match), the changed one answers 412
    await t.app.inject({ method: "DELETE", url: `/api/tasks/${task.id}`, headers: s.headers });
    await t.app.inject({
      method: "POST",
      url: "/api/plan",
      headers: s.headers,
      payload: { days: 7 },
    });
    const kept = await dav.request("GET", edited);
    expect(kept.status).toBe(200);
    expect(await kept.text()).toContain("SUMMARY:Offsite prep with Sam");
    for (const b of placed.slice(1))
      expect((await dav.request("GET", hrefOf(b.eventId))).status).toBe(404);
  });
});

describe("disconnecting a write calendar", () => {
  async function plannedInto() {
    const s = await signedIn();
    const { connection } = await connectWritingToWork(s);
    await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: s.headers,
      payload: { title: "Plan the retreat", estimateMinutes: 60 },
    });
    const placed = (
      await t.app.inject({
        method: "POST",
        url: "/api/plan",
        headers: s.headers,
        payload: { days: 7 },
      })
    ).json().placed as { eventId: string }[];
    expect(placed.length).toBeGreaterThan(0);
    return {
      s,
      id: connection.id as string,
      hrefs: placed.map((b) => `/${RADICALE_USER}/work/sage-block-${b.eventId}.ics`),
    };
  }

  it("keeps the written blocks by default, and removes only them with ?removeBlocks=1", async () => {
    const kept = await plannedInto();
    expect(
      (
        await t.app.inject({
          method: "DELETE",
          url: `/api/connections/${kept.id}`,
          headers: kept.s.headers,
        })
      ).statusCode,
    ).toBe(204);
    for (const href of kept.hrefs) expect((await dav.request("GET", href)).status).toBe(200);

    const removed = await plannedInto();
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/connections/${removed.id}?removeBlocks=1`,
      headers: removed.s.headers,
    });
    expect(res.statusCode).toBe(204);
    for (const href of removed.hrefs) expect((await dav.request("GET", href)).status).toBe(404);
    for (const href of kept.hrefs) expect((await dav.request("GET", href)).status).toBe(200);
    expect((await dav.request("GET", `/${RADICALE_USER}/work/standup.ics`)).status).toBe(200);
  });
});

describe("what the person does in their own calendar wins (Radicale)", () => {
  const sync = (s: Session, id: string) =>
    t.app.inject({ method: "POST", url: `/api/connections/${id}/sync`, headers: s.headers });
  const proposal = async (s: Session) =>
    ((await week(s)).json().events as { id: string; title: string; source: string }[]).filter(
      (e) => e.title === "Draft the budget",
    );
  const eventCount = async (s: Session) =>
    (await t.app.inject({ method: "GET", url: "/api/connections", headers: s.headers })).json()
      .connections[0].eventCount as number;

  it("Sage's blocks never come back as connected busy time, nor count as the person's events", async () => {
    const s = await signedIn();
    const { connection } = await connectWritingToWork(s);
    const before = await eventCount(s);
    const plan = await planTask(t, s, "Draft the budget");
    expect(plan.placed.length).toBeGreaterThan(1);
    await sync(s, connection.id);
    expect(await eventCount(s)).toBe(before);
    expect((await proposal(s)).map((e) => e.source)).toEqual(plan.placed.map(() => "assistant"));

    // undone: Sage takes its blocks out of Radicale at once; the copies the last sync stored
    // are not shown as the person's busy time before the next sync
    const undo = await t.app.inject({
      method: "POST",
      url: "/api/plan/undo",
      headers: s.headers,
      payload: plan.changes,
    });
    expect(undo.statusCode).toBe(200);
    expect(await proposal(s)).toEqual([]);
  });

  it("a block the person deletes in their calendar is gone from Sage after the next sync", async () => {
    const s = await signedIn();
    const { connection } = await connectWritingToWork(s);
    const { task, placed } = await planTask(t, s, "Draft the budget");
    await sync(s, connection.id); // the written blocks are listed
    const [deleted, ...kept] = placed;
    const href = `/${RADICALE_USER}/work/sage-block-${deleted!.eventId}.ics`;
    expect((await dav.request("DELETE", href)).status).toBeLessThan(300);

    await sync(s, connection.id);
    const left = (await proposal(s)).map((e) => e.id);
    expect(left).not.toContain(deleted!.eventId);
    expect(left.sort()).toEqual(kept.map((b) => b.eventId).sort());
    // the task stays open, to be planned again; Sage never writes the deleted block back
    const tasks = (
      await t.app.inject({ method: "GET", url: "/api/tasks", headers: s.headers })
    ).json().tasks as { id: string; status: string }[];
    expect(tasks.find((x) => x.id === task.id)?.status).toBe("open");
    await sync(s, connection.id);
    expect((await dav.request("GET", href)).status).toBe(404);

    // said once, without blame, with the task to drop; dismissed, it goes (and only the owner's)
    const notes = async (who: Session) =>
      (await t.app.inject({ method: "GET", url: "/api/plan/notes", headers: who.headers })).json()
        .notes as { id: string; text: string; taskId: string | null }[];
    const [note, ...more] = await notes(s);
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      text: "You removed “Draft the budget” from your calendar; I'll find it another time — or tell me to drop it.",
      taskId: task.id,
    });
    const other = await signedIn();
    const dismiss = (who: Session) =>
      t.app.inject({
        method: "POST",
        url: `/api/plan/notes/${note!.id}/dismiss`,
        headers: who.headers,
      });
    expect((await dismiss(other)).statusCode).toBe(404);
    expect(await notes(other)).toEqual([]);
    expect((await dismiss(s)).statusCode).toBe(204);
    expect((await dismiss(s)).statusCode).toBe(204);
    expect(await notes(s)).toEqual([]);
  });
});

describe("one bad event in a CalDAV calendar (Radicale)", () => {
  it("is left out and said; the rest is read, and the connection stays ok", async () => {
    await dav.makeCalendar("mixed", "Mixed", "#8e24aa");
    await dav.put(
      "mixed",
      "flood.ics",
      event("flood", "Flood", "20200101T000000", "20200101T000100", ["RRULE:FREQ=SECONDLY"]),
    );
    await dav.put(
      "mixed",
      "lunch.ics",
      event("lunch", "Lunch", "20260305T120000", "20260305T130000"),
    );
    const s = await signedIn();
    const res = await connect(s);
    expect(res.statusCode).toBe(201);
    expect(res.json().connection).toMatchObject({
      status: "ok",
      unreadable: { count: 1, titles: ["Flood"] },
    });
    const titles = ((await week(s)).json().events as { title: string }[]).map((e) => e.title);
    expect(titles).toContain("Lunch");
    expect(titles).not.toContain("Flood");
  });
});
