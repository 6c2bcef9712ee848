import { DateTime } from "luxon";
import { z } from "zod";
import type { CalendarToolCall } from "../../core/assistant/calendar-tools.ts";
import { userTimeZone } from "../calendar/list-events.ts";
import type { Db } from "../db/client.ts";
import { describeIssues } from "../errors.ts";
import type { ToolSpec, ToolUse } from "../integrations/llm/language-model.ts";
import type { PendingAction } from "./record-actions.ts";
import { runCalendarTool } from "./run-calendar-tool.ts";

const iso = z.iso.datetime({ offset: true });
const text = z.string().trim().min(1).max(200);

/** The model's tool arguments, validated before anything runs. */
const ARGS = {
  list_events: z.strictObject({ from: iso, to: iso }),
  find_free_time: z.strictObject({ minutes: z.number().int().min(5).max(600), from: iso, to: iso }),
  create_event: z.strictObject({
    title: text,
    start: iso,
    end: iso,
    repeat: z
      .strictObject({
        frequency: z.enum(["DAILY", "WEEKLY", "MONTHLY"]),
        interval: z.number().int().min(1).max(12).default(1),
        by_day: z
          .array(z.enum(["MO", "TU", "WE", "TH", "FR", "SA", "SU"]))
          .max(7)
          .optional(),
        until: iso.optional(),
        count: z.number().int().min(1).max(500).optional(),
      })
      .optional(),
  }),
  move_event: z.strictObject({
    title: text.optional(),
    current_start: iso.optional(),
    new_start: iso,
    scope: z.enum(["this", "all"]).optional(),
  }),
  cancel_event: z.strictObject({
    title: text.optional(),
    current_start: iso.optional(),
    scope: z.enum(["this", "all"]).optional(),
  }),
  complete_task: z.strictObject({ title: text }),
  add_tasks_and_plan: z.strictObject({
    tasks: z
      .array(
        z.strictObject({
          title: text,
          estimate_minutes: z.number().int().min(5).max(2400),
          deadline: iso.optional(),
        }),
      )
      .min(1)
      .max(10),
  }),
  plan: z.strictObject({ days: z.number().int().min(1).max(28) }),
} as const;

const obj = (properties: Record<string, unknown>, required: string[]) => ({
  type: "object",
  properties,
  required,
  additionalProperties: false,
});
const isoProp = (description: string) => ({ type: "string", format: "date-time", description });

export const CALENDAR_TOOLS: ToolSpec[] = [
  {
    name: "list_events",
    description: "List the user's events between two instants.",
    parameters: obj({ from: isoProp("start, ISO 8601 with offset"), to: isoProp("end") }, [
      "from",
      "to",
    ]),
  },
  {
    name: "find_free_time",
    description:
      "Find free slots of a length in the user's working hours, at their best energy, with buffers.",
    parameters: obj(
      { minutes: { type: "integer" }, from: isoProp("search from"), to: isoProp("search until") },
      ["minutes", "from", "to"],
    ),
  },
  {
    name: "create_event",
    description: "Add an event to the user's calendar.",
    parameters: obj(
      {
        title: { type: "string" },
        start: isoProp("start (the first occurrence for a repeating event)"),
        end: isoProp("end"),
        repeat: obj(
          {
            frequency: { type: "string", enum: ["DAILY", "WEEKLY", "MONTHLY"] },
            interval: { type: "integer", description: "2 = every other" },
            by_day: {
              type: "array",
              items: { type: "string", enum: ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] },
            },
            until: isoProp("last day it may happen"),
            count: { type: "integer" },
          },
          ["frequency"],
        ),
      },
      ["title", "start", "end"],
    ),
  },
  {
    name: "move_event",
    description:
      "Move one upcoming event, found by title and/or its current start, to a new start (the duration is kept).",
    parameters: obj(
      {
        title: { type: "string" },
        current_start: isoProp("its current start"),
        new_start: isoProp("the new start"),
        scope: {
          type: "string",
          enum: ["this", "all"],
          description:
            "for a repeating event: only this occurrence, or the whole series. Leave it out unless the user said which; the tool then asks.",
        },
      },
      ["new_start"],
    ),
  },
  {
    name: "cancel_event",
    description:
      "Cancel one upcoming event found by title and/or start. If several match, nothing is cancelled and they are listed.",
    parameters: obj(
      {
        title: { type: "string" },
        current_start: isoProp("its start"),
        scope: {
          type: "string",
          enum: ["this", "all"],
          description:
            "for a repeating event: only this occurrence, or the whole series. Leave it out unless the user said which; the tool then asks.",
        },
      },
      [],
    ),
  },
  {
    name: "add_tasks_and_plan",
    description:
      "Add tasks (with estimates and optional deadlines) and plan them into the calendar as focus blocks.",
    parameters: obj(
      {
        tasks: {
          type: "array",
          items: obj(
            {
              title: { type: "string" },
              estimate_minutes: { type: "integer" },
              deadline: isoProp("due"),
            },
            ["title", "estimate_minutes"],
          ),
        },
      },
      ["tasks"],
    ),
  },
  {
    name: "complete_task",
    description: "Mark one open task as done (found by its title); its future blocks are freed.",
    parameters: obj({ title: { type: "string" } }, ["title"]),
  },
  {
    name: "plan",
    description: "Re-plan the user's open tasks over the next days.",
    parameters: obj({ days: { type: "integer" } }, ["days"]),
  },
];

function toCall(name: string, args: unknown): CalendarToolCall | string {
  if (!(name in ARGS)) return `Error: there is no tool named ${name}.`;
  const parsed = ARGS[name as keyof typeof ARGS].safeParse(args);
  if (!parsed.success) return `Error: ${describeIssues(parsed.error.issues)}`;
  const a = parsed.data as Record<string, unknown>;
  switch (name) {
    case "list_events":
      return {
        tool: "list_events",
        from: a.from as string,
        to: a.to as string,
        label: "in that period",
      };
    case "find_free_time":
      return {
        tool: "find_free_time",
        minutes: a.minutes as number,
        from: a.from as string,
        to: a.to as string,
        label: "in that period",
      };
    case "create_event": {
      const r = a.repeat as
        | {
            frequency: "DAILY" | "WEEKLY" | "MONTHLY";
            interval: number;
            by_day?: string[];
            until?: string;
            count?: number;
          }
        | undefined;
      return {
        tool: "create_event",
        title: a.title as string,
        start: a.start as string,
        end: a.end as string,
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
      };
    }
    case "complete_task":
      return { tool: "complete_task", title: a.title as string };
    case "move_event":
      return {
        tool: "update_event",
        match: {
          ...(a.title ? { title: a.title as string } : {}),
          ...(a.current_start ? { start: a.current_start as string } : {}),
        },
        start: a.new_start as string,
        keepTime: false,
        ...(a.scope ? { scope: a.scope as "this" | "all" } : {}),
      };
    case "cancel_event":
      if (!a.title && !a.current_start) return "Error: say which event (a title or its start).";
      return {
        tool: "delete_event",
        match: {
          ...(a.title ? { title: a.title as string } : {}),
          ...(a.current_start ? { start: a.current_start as string } : {}),
        },
        ...(a.scope ? { scope: a.scope as "this" | "all" } : {}),
      };
    case "add_tasks_and_plan":
      return {
        tool: "add_tasks_and_plan",
        tasks: (a.tasks as { title: string; estimate_minutes: number; deadline?: string }[]).map(
          (t) => ({
            title: t.title,
            estimateMinutes: t.estimate_minutes,
            ...(t.deadline ? { deadline: t.deadline } : {}),
          }),
        ),
      };
    default:
      return { tool: "plan", days: a.days as number };
  }
}

/**
 * The calendar tools for a real model, bound to one user. Only the user's own calendar can
 * be touched, through the same validation as the API; `changed` reports whether it was.
 */
export async function calendarToolUse(db: Db, opts: { userId: string; now: Date; locale: string }) {
  const zone = await userTimeZone(db, opts.userId);
  const state: { changed: boolean; actions: PendingAction[] } = { changed: false, actions: [] };
  const voice = { zone, locale: opts.locale };
  const toolUse: ToolUse = {
    tools: CALENDAR_TOOLS,
    maxSteps: 4,
    run: async (name, args) => {
      const call = toCall(name, args);
      if (typeof call === "string") return call;
      try {
        const outcome = await runCalendarTool(
          { db, userId: opts.userId, now: opts.now, voice },
          call,
        );
        if (outcome.changed) state.changed = true;
        state.actions.push(...outcome.actions);
        return outcome.reply;
      } catch (err) {
        return `Error: ${(err as Error).message}`;
      }
    },
  };
  const nowLine = `Now: ${DateTime.fromJSDate(opts.now, { zone }).toFormat("cccc d LLLL yyyy, HH:mm")} (${zone}). Use the calendar tools to read or change the calendar, and say exactly what changed.`;
  return { toolUse, nowLine, state };
}
