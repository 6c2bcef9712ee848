import type { JSONSchema7 } from "@ai-sdk/provider";
import type { Tool, ToolSet } from "ai";
import { DateTime } from "luxon";
import { z } from "zod";
import type { CalendarToolCall } from "../../core/assistant/calendar-tools.ts";
import { HHMM, ROUTINE_DAYS } from "../../core/routines/routine-rules.ts";
import { userTimeZone } from "../calendar/list-events.ts";
import type { Db } from "../db/client.ts";
import { describeIssues } from "../errors.ts";
import type { CalendarAccess, LlmMessage } from "../integrations/llm/language-model.ts";
import { findMatches } from "./find-events.ts";
import { answerProposal, offlineCalendarTurn, proposal } from "./offline-calendar-turn.ts";
import type { PendingAction } from "./record-actions.ts";
import { runCalendarTool } from "./run-calendar-tool.ts";

/** A model may change this many events in one turn; more are shown for a Yes first. */
export const MAX_MODEL_CHANGES = 3;
const EVENT_CHANGES = new Set<CalendarToolCall["tool"]>([
  "create_event",
  "update_event",
  "delete_event",
]);

const iso = (description: string) => z.iso.datetime({ offset: true }).describe(description);
const text = z.string().trim().min(1).max(200);
const scope = z
  .enum(["this", "all"])
  .describe(
    "for a repeating event: only this occurrence, or the whole series. Leave it out unless the user said which; the tool then asks.",
  );

/**
 * A tool a model may call: its arguments described and validated by a zod schema (the SDK
 * turns the schema into the JSON Schema the provider is sent, and refuses arguments that do
 * not match it before anything runs), mapped to the calendar's own call.
 */
function calendarTool<S extends z.ZodType>(
  description: string,
  args: S,
  toCall: (args: z.output<S>) => CalendarToolCall | string,
) {
  // what the provider is sent: the JSON Schema of the zod schema's input (made once)
  let json: JSONSchema7 | undefined;
  const jsonOf = () => {
    json ??= z.toJSONSchema(args, { io: "input", target: "draft-7" });
    return json;
  };
  return (run: RunCall, sdk: Pick<typeof import("ai"), "jsonSchema">): Tool<unknown, string> => ({
    description,
    inputSchema: sdk.jsonSchema(jsonOf),
    // validated here rather than by the SDK, so the model reads a short, exact error
    execute: (input) => {
      const parsed = args.safeParse(input);
      return run(
        parsed.success ? toCall(parsed.data) : `Error: ${describeIssues(parsed.error.issues)}`,
      );
    },
  });
}

/** Runs a call (or says what was wrong with it); never throws. */
type RunCall = (call: CalendarToolCall | string) => Promise<string>;

/** The calendar tools offered to a model, by name. */
export const CALENDAR_TOOLS = {
  list_events: calendarTool(
    "List the user's events between two instants.",
    z.strictObject({ from: iso("start, ISO 8601 with offset"), to: iso("end") }),
    (a) => ({ tool: "list_events", from: a.from, to: a.to, label: "in that period" }),
  ),
  find_free_time: calendarTool(
    "Find free slots of a length in the user's working hours, at their best energy, with buffers.",
    z.strictObject({
      minutes: z.number().int().min(5).max(600),
      from: iso("search from"),
      to: iso("search until"),
    }),
    (a) => ({ tool: "find_free_time", ...a, label: "in that period" }),
  ),
  create_event: calendarTool(
    "Add an event to the user's calendar.",
    z.strictObject({
      title: text,
      start: iso("start (the first occurrence for a repeating event)"),
      end: iso("end"),
      repeat: z
        .strictObject({
          frequency: z.enum(["DAILY", "WEEKLY", "MONTHLY"]),
          interval: z.number().int().min(1).max(12).default(1).describe("2 = every other"),
          by_day: z
            .array(z.enum(["MO", "TU", "WE", "TH", "FR", "SA", "SU"]))
            .max(7)
            .optional(),
          until: iso("last day it may happen").optional(),
          count: z.number().int().min(1).max(500).optional(),
        })
        .optional(),
    }),
    ({ title, start, end, repeat: r }) => ({
      tool: "create_event",
      title,
      start,
      end,
      ...(r
        ? {
            recurrence: {
              frequency: r.frequency,
              interval: r.interval,
              ...(r.by_day ? { byDay: r.by_day } : {}),
              ...(r.until ? { until: r.until } : {}),
              ...(r.count ? { count: r.count } : {}),
            },
          }
        : {}),
    }),
  ),
  move_event: calendarTool(
    "Move one upcoming event, found by title and/or its current start, to a new start (the duration is kept).",
    z.strictObject({
      title: text.optional(),
      current_start: iso("its current start").optional(),
      new_start: iso("the new start"),
      scope: scope.optional(),
    }),
    (a) => ({
      tool: "update_event",
      match: {
        ...(a.title ? { title: a.title } : {}),
        ...(a.current_start ? { start: a.current_start } : {}),
      },
      start: a.new_start,
      keepTime: false,
      ...(a.scope ? { scope: a.scope } : {}),
    }),
  ),
  cancel_event: calendarTool(
    "Cancel one upcoming event found by title and/or start. If several match, nothing is cancelled and they are listed.",
    z.strictObject({
      title: text.optional(),
      current_start: iso("its start").optional(),
      scope: scope.optional(),
    }),
    (a) => {
      if (!a.title && !a.current_start) return "Error: say which event (a title or its start).";
      return {
        tool: "delete_event",
        match: {
          ...(a.title ? { title: a.title } : {}),
          ...(a.current_start ? { start: a.current_start } : {}),
        },
        ...(a.scope ? { scope: a.scope } : {}),
      };
    },
  ),
  add_tasks_and_plan: calendarTool(
    "Add tasks (with estimates and optional deadlines) and plan them into the calendar as focus blocks.",
    z.strictObject({
      tasks: z
        .array(
          z.strictObject({
            title: text,
            estimate_minutes: z.number().int().min(5).max(2400),
            deadline: iso("due").optional(),
          }),
        )
        .min(1)
        .max(10),
    }),
    (a) => ({
      tool: "add_tasks_and_plan",
      tasks: a.tasks.map((t) => ({
        title: t.title,
        estimateMinutes: t.estimate_minutes,
        ...(t.deadline ? { deadline: t.deadline } : {}),
      })),
    }),
  ),
  complete_task: calendarTool(
    "Mark one open task as done (found by its title) when the whole task is finished ('I finished the report', 'the report is done'); its future blocks are freed. For today's planned block of a task, use check_in.",
    z.strictObject({ title: text }),
    (a) => ({ tool: "complete_task", title: a.title }),
  ),
  check_in: calendarTool(
    "Record what the user says about today's planned block of one of their open tasks (found by its title): they did it ('I did the report'), did part of it ('I did 30 minutes of the report'), or skipped it ('skipped the gym', 'didn't get to the gym'). Sage learns their energy hours and estimates from this and plans the rest again. A task finished as a whole is complete_task instead.",
    z.strictObject({
      title: text,
      outcome: z.enum(["done", "partly", "skipped"]),
      minutes: z
        .number()
        .int()
        .min(1)
        .max(24 * 60)
        .optional()
        .describe(
          "minutes of work: required with partly, optional with done (how long it really took), never with skipped",
        ),
    }),
    (a) => {
      if (a.outcome === "partly" && a.minutes === undefined)
        return "Error: partly needs minutes (ask the user how long they worked on it).";
      return {
        tool: "check_in",
        title: a.title,
        outcome: a.outcome,
        ...(a.outcome !== "skipped" && a.minutes !== undefined ? { minutes: a.minutes } : {}),
      };
    },
  ),
  show_fitness_program: calendarTool(
    "Show the fitness program the user saved (its weekly structure and first week) and where to see it whole and add its sessions to their calendar as routines.",
    z.strictObject({}),
    () => ({ tool: "show_fitness_program" }),
  ),
  plan: calendarTool(
    "Re-plan the user's open tasks over the next days.",
    z.strictObject({ days: z.number().int().min(1).max(28) }),
    (a) => ({ tool: "plan", days: a.days }),
  ),
  // routines (issue 29): checked again by the tools against the API's own rules
  create_routine: calendarTool(
    "Propose a routine: something the user does n times a week at no fixed time ('gym 3 times a week, mornings, an hour'). Sage places each week's sessions on different allowed days inside the window. Nothing is written: the user gets a card to say Yes. A fixed time ('every Tuesday at 7am') is create_event with a recurrence instead.",
    z.strictObject({
      title: text,
      minutes: z.number().int().min(5).max(480).describe("length of one session"),
      timesPerWeek: z.number().int().min(1).max(7),
      days: z
        .array(z.enum(ROUTINE_DAYS))
        .min(1)
        .max(7)
        .describe("allowed days (MO…SU); all seven unless the user named some"),
      from: z.string().regex(HHMM).describe("earliest start, HH:MM"),
      to: z.string().regex(HHMM).describe("latest end, HH:MM"),
      energy: z.enum(["low", "medium", "high"]).optional(),
    }),
    (a) => ({
      tool: "create_routine",
      routine: {
        title: a.title,
        minutes: a.minutes,
        timesPerWeek: a.timesPerWeek,
        days: a.days,
        window: { from: a.from, to: a.to },
        ...(a.energy ? { energy: a.energy } : {}),
      },
    }),
  ),
  skip_routine_session: calendarTool(
    "Skip one day's session of one of the user's routines (found by its title): 'skip gym today'. It counts for its week and is not made up elsewhere.",
    z.strictObject({
      title: text,
      date: z.iso.date().describe("the local day of the session to skip, YYYY-MM-DD"),
    }),
    (a) => ({ tool: "skip_routine_session", title: a.title, date: a.date }),
  ),
  update_routine: calendarTool(
    "Change one of the user's routines (found by its title): its window ('move my runs to evenings' → 17:00–21:00), session length or times a week. Its sessions move to fit.",
    z.strictObject({
      title: text,
      from: z.string().regex(HHMM).optional().describe("new earliest start, HH:MM"),
      to: z.string().regex(HHMM).optional().describe("new latest end, HH:MM"),
      minutes: z.number().int().min(5).max(480).optional(),
      timesPerWeek: z.number().int().min(1).max(7).optional(),
    }),
    (a) =>
      (a.from === undefined) !== (a.to === undefined)
        ? "Give both from and to for a new window."
        : {
            tool: "update_routine",
            title: a.title,
            ...(a.from && a.to ? { window: { from: a.from, to: a.to } } : {}),
            ...(a.minutes !== undefined ? { minutes: a.minutes } : {}),
            ...(a.timesPerWeek !== undefined ? { timesPerWeek: a.timesPerWeek } : {}),
          },
  ),
};

/**
 * The person's calendar for one chat turn, bound to that person: the tools a model may call,
 * and the built-in assistant's own understanding of plain requests. Only their own calendar
 * can be touched, through the same validation as the API; `state` says what changed, with an
 * action card (and its undo) for each change.
 */
export async function calendarAccess(db: Db, opts: { userId: string; now: Date; locale: string }) {
  const zone = await userTimeZone(db, opts.userId);
  const state: { changed: boolean; actions: PendingAction[] } = { changed: false, actions: [] };
  const voice = { zone, locale: opts.locale };
  const ctx = { db, userId: opts.userId, now: opts.now, voice };
  // the model's changes to events this turn, and those held back for the person's Yes
  let eventChanges = 0;
  const heldBack: CalendarToolCall[] = [];
  /** Shows `steps` on the turn's one proposal card (a newer one replaces it). */
  const propose = (steps: CalendarToolCall[], reason: string) => {
    const offered = proposal(ctx, steps, reason);
    state.actions = state.actions.filter((a) => !a.proposal);
    state.actions.push(...offered.actions);
    return offered.reply;
  };
  const run: RunCall = async (call) => {
    if (typeof call === "string") return call;
    let toRun: CalendarToolCall = call;
    // a model's change goes through the same proposal card as the built-in assistant's
    // uncertain readings — shown, and done only on Yes (issue 28) — when it would change a
    // whole series, touch more than MAX_MODEL_CHANGES events in one turn, or rests on a
    // reference that names several events
    if ((call.tool === "delete_event" || call.tool === "update_event") && call.scope === "all")
      return propose([call], "it would change a whole series");
    // as the built-in reading does: an event already over is shown before it is written
    if (
      call.tool === "create_event" &&
      !call.recurrence &&
      Date.parse(call.end) <= ctx.now.getTime()
    )
      return propose([call], "it is in the past");
    if (EVENT_CHANGES.has(call.tool)) {
      if (eventChanges >= MAX_MODEL_CHANGES) {
        heldBack.push(call);
        return propose(heldBack, `more than ${MAX_MODEL_CHANGES} changes at once`);
      }
      if (call.tool === "delete_event" || call.tool === "update_event") {
        const change = call;
        const hits = await findMatches(ctx, change.match).catch(() => []);
        const said = change.match.start ? Date.parse(change.match.start) : undefined;
        // the model named the exact start of one of them: that one, and no question
        const exact = said === undefined ? undefined : hits.find((h) => h.start.getTime() === said);
        const pinned = (hit: (typeof hits)[number]) =>
          ({
            ...change,
            // by its own start and day: what runs is exactly what was shown
            match: {
              ...change.match,
              start: hit.start.toISOString(),
              on: { from: hit.start.toISOString(), to: hit.end.toISOString() },
            },
          }) as CalendarToolCall;
        if (exact && hits.length > 1) toRun = pinned(exact);
        else if (hits.length > 1 && !(call.tool === "delete_event" && call.everyMatch))
          // several, none named exactly: the nearest is proposed
          return propose(
            [pinned(hits[0]!)],
            `“${call.match.title ?? "that"}” names ${hits.length} events`,
          );
      }
      eventChanges++;
    }
    try {
      const outcome = await runCalendarTool(ctx, toRun);
      if (outcome.changed) state.changed = true;
      state.actions.push(...outcome.actions);
      return outcome.reply;
    } catch (err) {
      return `Error: ${(err as Error).message}`;
    }
  };
  // the SDK is loaded when a model first asks for the tools (the built-in assistant never does)
  const tools = async (): Promise<ToolSet> => {
    const sdk = await import("ai");
    return Object.fromEntries(
      Object.entries(CALENDAR_TOOLS).map(([name, bind]) => [name, bind(run, sdk)]),
    );
  };
  const access: CalendarAccess = {
    tools,
    maxSteps: 4,
    instructions: `Now: ${DateTime.fromJSDate(opts.now, { zone }).toFormat("cccc d LLLL yyyy, HH:mm")} (${zone}). Use the calendar tools to read or change the calendar, and say exactly what changed. A change to a whole series is shown to the person as a proposal they confirm with Yes: say so, and don't call the tool again.`,
    act: async (message: string, history: LlmMessage[]) => {
      const acted = await offlineCalendarTurn(db, {
        userId: opts.userId,
        message,
        now: opts.now,
        locale: opts.locale,
        history,
        zone,
      });
      if (!acted) return undefined;
      if (acted.changed) state.changed = true;
      state.actions.push(...acted.actions);
      return { text: acted.reply, ...(acted.uncharged ? { uncharged: true } : {}) };
    },
  };
  /** A Yes or No to the proposal of the conversation's last reply, before any model is asked. */
  const answer = async (message: string, conversationId: string | undefined) => {
    const answered = await answerProposal(db, {
      userId: opts.userId,
      conversationId,
      message,
      now: opts.now,
      locale: opts.locale,
      zone,
    });
    if (!answered) return undefined;
    if (answered.changed) state.changed = true;
    state.actions.push(...answered.actions);
    return answered;
  };
  return { access, state, answer };
}
