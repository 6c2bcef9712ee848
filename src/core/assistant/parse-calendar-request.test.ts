import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  parseCalendarRequest,
  parseDuration,
  parsePickReply,
  parseTimeReply,
  parseWhenReply,
} from "./parse-calendar-request.ts";

const zone = "Europe/Berlin";
// Sunday 2026-11-22, 10:00 in Berlin
const ctx = { now: DateTime.fromISO("2026-11-22T10:00", { zone }).toJSDate(), timezone: zone };
const local = (iso: string) => DateTime.fromISO(iso).setZone(zone).toFormat("ccc yyyy-MM-dd HH:mm");

describe("parseDuration", () => {
  it("reads words and numbers", () => {
    expect(parseDuration("for an hour")).toBe(60);
    expect(parseDuration("90 min")).toBe(90);
    expect(parseDuration("3h")).toBe(180);
    expect(parseDuration("1.5 hours")).toBe(90);
    expect(parseDuration("two hours")).toBe(120);
    expect(parseDuration("half an hour")).toBe(30);
    expect(parseDuration("no time here")).toBeUndefined();
    expect(parseDuration("team sync")).toBeUndefined(); // "am" inside a word is not a duration
  });
});

describe("parseCalendarRequest", () => {
  it("add dentist Tuesday 3pm for an hour", () => {
    const call = parseCalendarRequest("add dentist Tuesday 3pm for an hour", ctx);
    expect(call).toMatchObject({ tool: "create_event", title: "Dentist" });
    if (call?.tool !== "create_event") throw new Error();
    expect(local(call.start)).toBe("Tue 2026-11-24 15:00");
    expect(local(call.end)).toBe("Tue 2026-11-24 16:00");
  });

  it("add trip from 9 friday to 5 sunday: a bare hour before a day is the hour of that day; over a day is shown first", () => {
    for (const text of [
      "add trip from 9 friday to 5 sunday",
      "add trip from 9 on friday to 5 on sunday",
    ]) {
      // over a day long: shown before it is written, as the week view's dialog asks
      const said = parseCalendarRequest(text, ctx);
      expect(said).toMatchObject({ tool: "propose", reason: "it lasts 2 days" });
      const call = said?.tool === "propose" ? said.steps[0] : undefined;
      expect(call).toMatchObject({ tool: "create_event", title: "Trip" });
      if (call?.tool !== "create_event") throw new Error(JSON.stringify(call));
      expect(local(call.start)).toBe("Fri 2026-11-27 09:00");
      expect(local(call.end)).toBe("Sun 2026-11-29 17:00");
    }
    // a day or less is written as said
    expect(parseCalendarRequest("add shift friday 8pm to saturday 6am", ctx)).toMatchObject({
      tool: "create_event",
    });
    expect(parseCalendarRequest("add conference monday 9am to tuesday 3pm", ctx)).toMatchObject({
      tool: "propose",
      reason: "it lasts 30 hours",
    });
  });

  it("an event in the past is shown before it is written; one without a name is asked for", () => {
    const past = parseCalendarRequest("add dentist yesterday 3pm", ctx);
    expect(past).toMatchObject({
      tool: "propose",
      reason: "it is in the past",
      steps: [{ tool: "create_event", title: "Dentist" }],
    });
    const nameless = parseCalendarRequest("add  tomorrow at 3pm", ctx);
    expect(nameless).toEqual({
      tool: "clarify",
      question:
        "What should I call it? Say it with its name, for example “add dentist Monday at 3pm”.",
    });
  });

  it("what's on tomorrow?", () => {
    const call = parseCalendarRequest("what's on tomorrow?", ctx);
    if (call?.tool !== "list_events") throw new Error(JSON.stringify(call));
    expect(local(call.from)).toBe("Mon 2026-11-23 00:00");
    expect(local(call.to)).toBe("Tue 2026-11-24 00:00");
  });

  it("move the dentist to Thursday keeps the time", () => {
    const call = parseCalendarRequest("move the dentist to Thursday", ctx);
    expect(call).toMatchObject({
      tool: "update_event",
      match: { title: "dentist" },
      keepTime: true,
    });
    if (call?.tool !== "update_event") throw new Error();
    expect(local(call.start!).startsWith("Thu 2026-11-26")).toBe(true);
  });

  it("cancel the 3pm matches by time", () => {
    const call = parseCalendarRequest("cancel the 3pm", ctx);
    if (call?.tool !== "delete_event") throw new Error(JSON.stringify(call));
    expect(call.match.title).toBeUndefined();
    expect(local(call.match.start!)).toMatch(/15:00$/);
  });

  it("find two hours for deep work this week", () => {
    const call = parseCalendarRequest("find two hours for deep work this week", ctx);
    expect(call).toMatchObject({ tool: "find_free_time", minutes: 120, label: "this week" });
  });

  it("I need to write the report (3h, due Friday) and prepare slides (90 min) — plan it", () => {
    const call = parseCalendarRequest(
      "I need to write the report (3h, due Friday) and prepare slides (90 min) — plan it",
      ctx,
    );
    if (call?.tool !== "add_tasks_and_plan") throw new Error(JSON.stringify(call));
    expect(call.tasks).toHaveLength(2);
    expect(call.tasks[0]).toMatchObject({ title: "Write the report", estimateMinutes: 180 });
    expect(local(call.tasks[0]!.deadline!)).toBe("Fri 2026-11-27 17:00");
    expect(call.tasks[1]).toEqual({ title: "Prepare slides", estimateMinutes: 90 });
  });

  it("tasks without parentheses", () => {
    const call = parseCalendarRequest(
      "I need to: call the bank 30 min, and tidy the inbox 45 min",
      ctx,
    );
    if (call?.tool !== "add_tasks_and_plan") throw new Error(JSON.stringify(call));
    expect(call.tasks.map((t) => [t.title, t.estimateMinutes])).toEqual([
      ["Call the bank", 30],
      ["Tidy the inbox", 45],
    ]);
  });

  it("plain conversation is not a calendar request", () => {
    expect(parseCalendarRequest("I keep procrastinating on my thesis", ctx)).toBeUndefined();
    expect(parseCalendarRequest("how do I stop getting distracted?", ctx)).toBeUndefined();
    expect(parseCalendarRequest("show me my calendar for Friday", ctx)?.tool).toBe("list_events");
  });
});

describe("never harm (issue 28)", () => {
  // Wednesday 2026-11-25, 10:00 in Berlin
  const wed = {
    now: DateTime.fromISO("2026-11-25T10:00", { zone }).toJSDate(),
    timezone: zone,
  };
  const parse = (text: string) => parseCalendarRequest(text, wed);

  it("a negation never creates or deletes", () => {
    for (const text of [
      "don't book anything friday at 2",
      "do not schedule anything tomorrow",
      "never schedule anything before 9",
      "no meetings on friday",
      "please don't cancel the dentist",
      "dont add the gym on monday",
    ])
      expect(parse(text)?.tool, text).toBe("negation");
    const call = parse("don't book anything friday at 2");
    if (call?.tool !== "negation") throw new Error();
    expect(local(call.start!)).toBe("Fri 2026-11-27 14:00");
    expect(local(call.end!)).toBe("Fri 2026-11-27 15:00");
    // "no," before a request is not a negation of it
    expect(parse("no, cancel the dentist")?.tool).toBe("delete_event");
  });

  it("a statement about the day is not a booking; a title and a time alone is proposed", () => {
    for (const text of [
      "I slept at 2am",
      "the kids are home at 4",
      "feeling tired since 3pm",
      "work was rough until 6pm",
      "I usually run at 7am",
      "the meeting at 10 went well",
      "sure, at 5 works",
    ])
      expect(parse(text), text).toBeUndefined();
    expect(parse("lunch with Sam tomorrow at noon")).toMatchObject({
      tool: "propose",
      steps: [{ tool: "create_event", title: "Lunch with Sam" }],
    });
    // asked for ("I want to …"), it is a request: written directly
    expect(parse("I want to play tennis sunday at 4pm")?.tool).toBe("create_event");
  });

  it("a refusal or 'now' is never an event; 'don't forget …' is the thing itself", () => {
    for (const text of ["not now", "maybe later", "no thanks", "nope", "gym now", "never mind"])
      expect(parse(text), text).toBeUndefined();
    expect(parse("don't forget my dentist at 3")).toMatchObject({
      tool: "create_event",
      title: "Dentist",
    });
    expect(parse("don't forget to call mom on sunday")).toMatchObject({
      tool: "add_tasks",
      tasks: [{ title: "Call mom" }],
    });
  });

  it("'all' with a day named cancels that day's matches, never the series", () => {
    expect(parse("cancel all my standups tomorrow")).toMatchObject({
      tool: "delete_event",
      match: { title: "standups" },
      scope: "this",
      everyMatch: true,
    });
    // "all" alone would cancel a series: it is shown first
    expect(parse("cancel all my standups")).toMatchObject({
      tool: "propose",
      steps: [{ tool: "delete_event", scope: "all" }],
    });
    // the series said in words is the series
    expect(parse("cancel the whole standup series")).toMatchObject({
      tool: "delete_event",
      scope: "all",
    });
  });

  it("a compound request is split into steps, shown as one proposal", () => {
    const call = parse("cancel the dentist and add gym at 7");
    if (call?.tool !== "propose") throw new Error(JSON.stringify(call));
    expect(call.steps.map((s) => s.tool)).toEqual(["delete_event", "create_event"]);
    expect(call.steps[0]).toMatchObject({ match: { title: "dentist" } });
    expect(call.steps[1]).toMatchObject({ title: "Gym" });
  });

  it("titles keep no connective debris", () => {
    const yoga = parse("add yoga every monday wednesday and friday at 6:30am");
    if (yoga?.tool !== "propose") throw new Error(JSON.stringify(yoga));
    const step = yoga.steps[0]!;
    if (step.tool !== "create_event") throw new Error();
    expect(step.title).toBe("Yoga");
    expect(step.recurrence).toMatchObject({ frequency: "WEEKLY", byDay: ["MO", "WE", "FR"] });
    expect(local(step.start).slice(-5)).toBe("06:30");
    expect(local(step.end).slice(-5)).toBe("07:30");

    const dana = parse("set up a meeting with Dana on friday at 2pm, 45 min, about the budget");
    expect(dana).toMatchObject({
      tool: "create_event",
      title: "Meeting with Dana",
      description: "About the budget",
    });
    if (dana?.tool !== "create_event") throw new Error();
    expect([local(dana.start), local(dana.end)]).toEqual([
      "Fri 2026-11-27 14:00",
      "Fri 2026-11-27 14:45",
    ]);
  });

  it("'also need to …, 90 mins, by next thursday' is a task, not an event", () => {
    const call = parse("also need to prep the board slides, 90 mins, by next thursday");
    if (call?.tool !== "add_tasks_and_plan") throw new Error(JSON.stringify(call));
    expect(call.tasks).toHaveLength(1);
    expect(call.tasks[0]).toMatchObject({ title: "Prep the board slides", estimateMinutes: 90 });
    expect(local(call.tasks[0]!.deadline!)).toBe("Thu 2026-12-03 17:00");
  });

  it("the afternoon rule comes before the roll to tomorrow", () => {
    const call = parse("add dentist at 3");
    if (call?.tool !== "create_event") throw new Error(JSON.stringify(call));
    expect(local(call.start)).toBe("Wed 2026-11-25 15:00");
    // a day said keeps its day
    const thu = parse("add dentist thursday at 3");
    if (thu?.tool !== "create_event") throw new Error();
    expect(local(thu.start)).toBe("Thu 2026-11-26 15:00");
  });

  it("so many of a weekday is a series that ends: '3 sundays of cleaning'", () => {
    for (const said of ["add 3 sundays of cleaning", "add cleaning on the next three sundays"]) {
      const call = parse(said);
      if (call?.tool !== "create_event") throw new Error(JSON.stringify(call));
      expect(call.title).toBe("Cleaning");
      expect(call.recurrence).toEqual({
        frequency: "WEEKLY",
        interval: 1,
        byDay: ["SU"],
        count: 3,
      });
    }
  });

  it("a date that does not exist is asked about, not moved to another day", () => {
    expect(parse("add dentist feb 30 at 3")).toEqual({
      tool: "clarify",
      question: "February has no 30th — which day did you mean?",
    });
    expect(parse("lunch on the 31st of april")).toMatchObject({
      question: "April has no 31st — which day did you mean?",
    });
    // days that exist, and words that only start like a month, are read as before
    expect(parse("add dentist feb 28 at 3")).toMatchObject({ tool: "create_event" });
    // (no day at all: asked when, not about a date)
    expect(parse("add junk removal 31 min")).toEqual({
      tool: "clarify",
      question:
        "When should I put “Junk removal”? Say a day and a time — for example “tomorrow at 12:30”. Or, to let Sage find it a time, say “add task Junk removal 31 min”.",
    });
  });

  it("a task too big for one is asked about, with how to say it in parts", () => {
    const call = parse("add task write book 900 hours");
    expect(call).toMatchObject({ tool: "clarify" });
    if (call?.tool !== "clarify") throw new Error();
    expect(call.question).toContain("“Write book” at 900 hours is more than one task can hold");
    // the example it gives is understood
    const example = /for example: “(.+)”/.exec(call.question)![1]!;
    expect(parse(example)).toMatchObject({
      tool: "add_tasks",
      tasks: [{ title: "Write book part 1", estimateMinutes: 600 }],
    });
  });

  it("a bare 7–11 is the evening for an evening thing, the morning otherwise", () => {
    const dinner = parse("add dinner with sam at 7 friday");
    if (dinner?.tool !== "create_event") throw new Error(JSON.stringify(dinner));
    expect(local(dinner.start)).toBe("Fri 2026-11-27 19:00");
    const drinks = parse("add drinks with the team thursday at 8:30");
    if (drinks?.tool !== "create_event") throw new Error(JSON.stringify(drinks));
    expect(local(drinks.start)).toBe("Thu 2026-11-26 20:30");
    const breakfast = parse("add breakfast with sam at 7 friday");
    if (breakfast?.tool !== "create_event") throw new Error(JSON.stringify(breakfast));
    expect(local(breakfast.start)).toBe("Fri 2026-11-27 07:00");
    // said in full, it is what was said
    const early = parse("add dinner prep friday at 7am");
    if (early?.tool !== "create_event") throw new Error(JSON.stringify(early));
    expect(local(early.start)).toBe("Fri 2026-11-27 07:00");
  });

  it("understands what fell to the generic answer", () => {
    expect(
      parse("I want to go to the gym every tuesday and thursday at 7am for an hour"),
    ).toMatchObject({
      tool: "create_event",
      title: "Gym",
      recurrence: { byDay: ["TU", "TH"] },
    });
    expect(parse("actually cancel the dana meeting")).toMatchObject({
      tool: "delete_event",
      match: { title: "dana meeting" },
    });
    expect(parse("remind me to call mom on sunday")).toMatchObject({
      tool: "add_tasks",
      tasks: [{ title: "Call mom" }],
    });
    expect(parse("undo that")).toEqual({ tool: "undo_last" });
    expect(parse("hey, thanks!")).toEqual({ tool: "small_talk", kind: "thanks" });
    expect(parse("lighten tomorrow")).toMatchObject({ tool: "list_events", label: "tomorrow" });
  });
});

describe("parsePickReply", () => {
  it("reads a pick from a list by its place, and nothing else", () => {
    expect(parsePickReply("the second one")).toBe(2);
    expect(parsePickReply("2")).toBe(2);
    expect(parsePickReply("First.")).toBe(1);
    expect(parsePickReply("the last one please")).toBe(-1);
    expect(parsePickReply("number 3")).toBe(3);
    expect(parsePickReply("move the first draft to friday")).toBeUndefined();
    expect(parsePickReply("the one on monday")).toBeUndefined();
  });
});

describe("parseTimeReply", () => {
  it("reads a reply that is only a time, and nothing else", () => {
    expect(parseTimeReply("9am")).toBe("9am");
    expect(parseTimeReply("At 3:30 pm please")).toBe("3:30 pm");
    expect(parseTimeReply("say 10")).toBe("10");
    expect(parseTimeReply("noon.")).toBe("noon");
    expect(parseTimeReply("9 a.m.")).toBe("9 a.m.");
    expect(parseTimeReply("add lunch at 1pm")).toBeUndefined();
    expect(parseTimeReply("tomorrow")).toBeUndefined();
    expect(parseTimeReply("the second one")).toBeUndefined();
  });

  it("asks when of an event named without a day or time, and only of one", () => {
    expect(parseCalendarRequest("add lunch with Sam", ctx)).toEqual({
      tool: "clarify",
      question:
        "When should I put “Lunch with Sam”? Say a day and a time — for example “tomorrow at 12:30”. Or, to let Sage find it a time, say “add task Lunch with Sam 30 min”.",
    });
    // the way out it offers is itself understood
    expect(parseCalendarRequest("add task Lunch with Sam 30 min", ctx)).toMatchObject({
      tool: "add_tasks",
      tasks: [{ title: "Lunch with Sam", estimateMinutes: 30 }],
    });
    // nothing an event could be called, or what Sage cannot do: not asked
    for (const said of ["add it", "make it shorter", "book a flight to Rome", "add 2 hours"])
      expect([said, parseCalendarRequest(said, ctx)?.tool]).not.toEqual([said, "clarify"]);
  });

  it("reads a reply that names only a day or a time, and nothing else", () => {
    expect(parseWhenReply("tomorrow at 1pm", ctx)).toBe("tomorrow at 1pm");
    expect(parseWhenReply("Friday.", ctx)).toBe("Friday");
    expect(parseWhenReply("on monday", ctx)).toBe("on monday");
    expect(parseWhenReply("1pm", ctx)).toBe("1pm");
    expect(parseWhenReply("what's on tomorrow?", ctx)).toBeUndefined();
    expect(parseWhenReply("cancel the gym on friday", ctx)).toBeUndefined();
    expect(parseWhenReply("sure", ctx)).toBeUndefined();
  });
});
