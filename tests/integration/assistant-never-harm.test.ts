import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionCard } from "../../src/core/contract/assistant-actions.ts";
import { type IcsServer, startIcsServer } from "../support/ics-server.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Issue 28 end to end, through HTTP: a negation writes nothing, "all … tomorrow" cancels only
 * that day, a compound request is one proposal whose Yes makes two cards, a proposal writes
 * only on Yes (once), replies that read and change nothing keep the allowance, "undo that"
 * undoes, and a connected (read-only) event is explained rather than "not found".
 */
const ZONE = "Europe/Berlin";
// Sunday 2031-03-02, 10:00 in Berlin
const NOW = DateTime.fromISO("2031-03-02T10:00", { zone: ZONE });
let t: TestApp;
let ics: IcsServer;
beforeAll(async () => {
  let tick = 0;
  [t, ics] = await Promise.all([
    createTestApp({ now: () => NOW.plus({ milliseconds: 10 * tick++ }).toJSDate(), llm: null }),
    startIcsServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), ics.close()]);
});

type Session = Awaited<ReturnType<TestApp["signIn"]>>;
type Reply = {
  response: string;
  calendarChanged: boolean;
  conversationId: string;
  remainingUsage: number;
  actions?: ActionCard[];
};
async function user() {
  const s = await t.signIn();
  await t.app.inject({
    method: "PATCH",
    url: "/api/profile",
    headers: s.headers,
    payload: { timezone: ZONE },
  });
  return s;
}
/** One conversation per person: each message continues it. */
function chat(s: Session) {
  let conversationId: string | undefined;
  return async (message: string) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/chat",
      headers: s.headers,
      payload: { message, ...(conversationId ? { conversationId } : {}) },
    });
    expect(res.statusCode).toBe(200);
    const reply = res.json() as Reply;
    conversationId = reply.conversationId;
    return reply;
  };
}
type Ev = {
  title: string;
  start_time: string;
  end_time: string;
  description: string | null;
  recurrence_by_day: string | null;
  exdates: string[];
};
const events = async (s: Session) =>
  (await t.app.inject({ method: "GET", url: "/api/calendar-events", headers: s.headers })).json()
    .events as Ev[];
const occurrences = async (s: Session) =>
  (
    await t.app.inject({
      method: "GET",
      url: "/api/calendar-events?from=2031-03-01T00:00:00Z&to=2031-03-10T00:00:00Z",
      headers: s.headers,
    })
  )
    .json()
    .occurrences.map((o: { start: string }) => local(o.start)) as string[];
const local = (iso: string) => DateTime.fromISO(iso).setZone(ZONE).toFormat("ccc HH:mm");

describe("the assistant never harms", () => {
  it("a negation writes nothing; keeping the time free is offered and written only on Yes", async () => {
    const s = await user();
    const say = chat(s);
    const no = await say("don't book anything friday at 2");
    expect(no.response).toContain("I won't book anything for Fri, Mar 7, 2:00 PM – 3:00 PM");
    expect(no.response).toContain("nothing has changed");
    expect(no.calendarChanged).toBe(false);
    expect(no.actions).toEqual([
      expect.objectContaining({
        kind: "proposed",
        pending: true,
        items: [expect.objectContaining({ title: "Keep free" })],
      }),
    ]);
    expect(no.remainingUsage).toBe(15); // a question back costs nothing
    expect(await events(s)).toEqual([]);
    for (const text of [
      "no meetings on friday",
      "never schedule anything before 9",
      "please don't cancel the dentist",
    ]) {
      const r = await say(text);
      expect(r.calendarChanged).toBe(false);
      expect(r.response).toContain("Nothing has changed");
    }
    expect(await events(s)).toEqual([]);
  });

  it("'cancel all my standups tomorrow' cancels tomorrow's only; the series stays", async () => {
    const s = await user();
    const say = chat(s);
    await say("add standup every day at 9am for 15 minutes");
    expect(await occurrences(s)).toContain("Mon 09:00");
    const res = await say("cancel all my standups tomorrow");
    expect(res.response).toContain("just this one; the rest of the series stays");
    const after = await occurrences(s);
    expect(after).not.toContain("Mon 09:00");
    expect(after).toContain("Tue 09:00");
    expect(await events(s)).toHaveLength(1);
  });

  it("a compound request is one proposal; Yes runs each step with its own card, once", async () => {
    const s = await user();
    const say = chat(s);
    await say("add dentist tomorrow at 3pm");
    const asked = await say("cancel the dentist and add gym at 7pm");
    expect(asked.calendarChanged).toBe(false);
    expect(asked.remainingUsage).toBe(14); // only the dentist was charged
    expect(asked.actions).toHaveLength(1);
    expect(asked.actions![0]).toMatchObject({
      kind: "proposed",
      pending: true,
      items: [
        { title: "dentist", why: "Cancel" },
        { title: "Gym", why: "Add" },
      ],
    });
    expect((await events(s)).map((e) => e.title)).toEqual(["Dentist"]);

    const yes = await say("yes");
    expect(yes.response).toContain("Cancelled");
    expect(yes.calendarChanged).toBe(true);
    expect(yes.remainingUsage).toBe(13); // the Yes that wrote counts, though "yes" is short
    expect(yes.actions?.map((a) => a.kind)).toEqual(["cancelled", "created"]);
    expect((await events(s)).map((e) => `${e.title} ${local(e.start_time)}`)).toEqual([
      "Gym Sun 19:00",
    ]);
    // a second Yes finds nothing waiting: nothing runs twice
    const again = await say("yes");
    expect(again.calendarChanged).toBe(false);
    expect(await events(s)).toHaveLength(1);
  });

  it("a reading that had to guess is proposed, and written only on Yes", async () => {
    const s = await user();
    const say = chat(s);
    const asked = await say("add yoga every monday wednesday and friday at 6:30am");
    expect(asked.response).toContain("Shall I go ahead?");
    expect(asked.actions?.[0]).toMatchObject({
      kind: "proposed",
      items: [{ title: "Yoga", repeat: "every Monday, Wednesday and Friday", why: "Add" }],
    });
    const declined = await say("no");
    expect(declined.response).toBe("OK — I've left everything as it is.");
    expect(await events(s)).toEqual([]);

    // read again, the card says it was answered
    const history = await t.app.inject({
      method: "GET",
      url: `/api/conversations/${asked.conversationId}`,
      headers: s.headers,
    });
    const cards = (history.json().conversation.messages as { actions?: ActionCard[] }[]).flatMap(
      (m) => m.actions ?? [],
    );
    expect(cards[0]).toMatchObject({ kind: "proposed", pending: false, answer: "no" });

    await say("add yoga every monday wednesday and friday at 6:30am");
    const yes = await say("yes please");
    expect(yes.actions?.[0]).toMatchObject({ kind: "created" });
    const [yoga] = await events(s);
    expect(yoga).toMatchObject({ title: "Yoga", recurrence_by_day: '["MO","WE","FR"]' });
    expect(`${local(yoga!.start_time)}–${local(yoga!.end_time)}`).toBe("Mon 06:30–Mon 07:30");
  });

  it("titles keep no debris; a meeting's topic is its description; 'at 3' at 10:00 is today", async () => {
    const s = await user();
    const say = chat(s);
    await say("set up a meeting with Dana on friday at 2pm, 45 min, about the budget");
    await say("add dentist at 3");
    const list = (await events(s)).map(
      (e) => `${e.title} ${local(e.start_time)}–${local(e.end_time)} ${e.description ?? ""}`,
    );
    expect(list.sort()).toEqual([
      "Dentist Sun 15:00–Sun 16:00 ",
      "Meeting with Dana Fri 14:00–Fri 14:45 About the budget",
    ]);
  });
});

describe("the assistant never charges for nothing", () => {
  it("small talk, a question back and a 'no' keep the allowance; a change uses one", async () => {
    const s = await user();
    const say = chat(s);
    const thanks = await say("hey, thanks!");
    expect(thanks.response.length).toBeLessThan(40);
    expect(thanks.remainingUsage).toBe(15);
    const which = await say("add dentist on friday");
    expect(which.response).toContain("What time should I put “Dentist”");
    expect(which.remainingUsage).toBe(15);
    const gone = await say("cancel the piano lesson");
    expect(gone.response).toContain("couldn't find");
    expect(gone.remainingUsage).toBe(15);
    const added = await say("add dentist on friday at 3pm");
    expect(added.remainingUsage).toBe(14);
  });

  it("'undo that' undoes the last change", async () => {
    const s = await user();
    const say = chat(s);
    await say("add dentist on friday at 3pm");
    expect(await events(s)).toHaveLength(1);
    const undone = await say("undo that");
    expect(undone.response).toBe("Undone: removed “Dentist”.");
    expect(undone.calendarChanged).toBe(true);
    expect(await events(s)).toEqual([]);
    const nothing = await say("undo that");
    expect(nothing.response).toBe("There's nothing of mine left to undo.");
  });

  it("understands what fell to the generic answer before", async () => {
    const s = await user();
    const say = chat(s);
    const gym = await say("I want to go to the gym every tuesday and thursday at 7am for an hour");
    expect(gym.actions?.[0]).toMatchObject({ kind: "created" });
    await say("add dana meeting tomorrow at 11am");
    const cancelled = await say("actually cancel the dana meeting");
    expect(cancelled.response).toContain("Cancelled “Dana meeting”");
    const remind = await say("remind me to call mom on sunday");
    expect(remind.actions?.[0]).toMatchObject({
      kind: "tasks_added",
      items: [{ title: "Call mom" }],
    });
    await say("add lunch with Sam tomorrow at 1pm");
    const lighten = await say("lighten tomorrow");
    expect(lighten.response).toContain("Which of these could move to another day, or go?");
  });
});

describe("read-only events", () => {
  it("asking to move a connected event names its calendar and offers to plan around it", async () => {
    const s = await user();
    ics.publish(
      "/team.ics",
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Test//EN",
        "X-WR-CALNAME:Work",
        "BEGIN:VEVENT",
        "UID:sync-1@test",
        "DTSTAMP:20310301T000000Z",
        "DTSTART:20310303T090000Z",
        "DTEND:20310303T093000Z",
        "SUMMARY:Team sync",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
      ].join("\r\n"),
    );
    const connected = await t.app.inject({
      method: "POST",
      url: "/api/connections",
      headers: s.headers,
      payload: { kind: "ics", url: ics.url("/team.ics") },
    });
    expect(connected.statusCode).toBe(201);
    const res = await chat(s)("push the team sync back an hour");
    expect(res.response).toContain("is in your connected calendar “Work”");
    expect(res.response).toContain("can read but not change");
    expect(res.response).toContain("plan around it");
    expect(res.response).not.toContain("couldn't find");
    expect(res.calendarChanged).toBe(false);
  });
});
