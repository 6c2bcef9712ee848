import { DateTime } from "luxon";
import type { CalendarToolCall } from "../../core/assistant/calendar-tools.ts";
import { seriesOf } from "../../core/calendar/event-series.ts";
import { expandWithExceptions } from "../../core/calendar/occurrences.ts";
import { meetingHours } from "../../core/plan-profile/meeting-hours.ts";
import { toSchedulerProfile } from "../../core/scheduler/from-scheduling-profile.ts";
import { schedule } from "../../core/scheduler/schedule.ts";
import { listEvents } from "../calendar/list-events.ts";
import {
  connectedBusy,
  listConnectedOccurrences,
} from "../connections/list-external-occurrences.ts";
import { readPlanProfile } from "../planning/read-plan-profile.ts";
import { checkInTool } from "./check-in-tool.ts";
import {
  cancelEventTool,
  createEventTool,
  moveEventTool,
  type ToolOutcome,
} from "./event-tools.ts";
import type { ToolCtx } from "./find-events.ts";
import { showFitnessProgramTool } from "./fitness-tools.ts";
import { quote, timeOf, when } from "./format-when.ts";
import {
  createRoutineTool,
  proposeRoutineTool,
  skipSessionTool,
  updateRoutineTool,
} from "./routine-tools.ts";
import { addTasksTool, completeTaskTool, planTool, whatNowTool } from "./task-tools.ts";

export type { ToolOutcome } from "./event-tools.ts";
export type { ToolCtx } from "./find-events.ts";

const DAY = 86_400_000;

/**
 * Runs one calendar tool for the signed-in user and says exactly what changed, with an
 * action card (and its undo) for each change. Every tool is scoped to the user's own rows and
 * goes through the same validation as the API, so nothing in a message, a stored profile or
 * an event title can reach anyone else's calendar. A destructive change that matches more than
 * one event — or a repeating event whose scope was not said — asks instead of guessing.
 */
export async function runCalendarTool(ctx: ToolCtx, call: CalendarToolCall): Promise<ToolOutcome> {
  switch (call.tool) {
    case "list_events":
      return listTool(ctx, call);
    case "find_free_time":
      return freeTimeTool(ctx, call);
    case "create_event":
      return createEventTool(ctx, call);
    case "update_event":
      return moveEventTool(ctx, call);
    case "delete_event":
      return cancelEventTool(ctx, call);
    case "add_tasks":
      return addTasksTool(ctx, call);
    case "add_tasks_and_plan":
    case "plan":
      return planTool(ctx, call);
    case "complete_task":
      return completeTaskTool(ctx, call);
    case "check_in":
      return checkInTool(ctx, call);
    case "what_now":
      return whatNowTool(ctx);
    case "show_fitness_program":
      return showFitnessProgramTool(ctx);
    case "create_routine":
      return call.confirmed ? createRoutineTool(ctx, call) : proposeRoutineTool(ctx, call);
    case "skip_routine_session":
      return skipSessionTool(ctx, call);
    case "update_routine":
      return updateRoutineTool(ctx, call);
  }
}

async function listTool(
  ctx: ToolCtx,
  call: Extract<CalendarToolCall, { tool: "list_events" }>,
): Promise<ToolOutcome> {
  const zone = ctx.voice.zone;
  const from = new Date(call.from);
  const to = new Date(call.to);
  const events = await listEvents(ctx.db, { userId: ctx.userId, from: call.from, to: call.to });
  // connected calendars' occurrences too (read only, titled with their source); what cannot
  // be read is left out rather than failing the answer
  const connected = await listConnectedOccurrences(ctx.db, {
    userId: ctx.userId,
    from,
    to,
  }).catch(() => []);
  const items: { e: { title: string; all_day: boolean }; o: { start: Date; end: Date } }[] = [
    ...events.flatMap((e) =>
      expandWithExceptions(seriesOf(e), { from, to, zone, limit: 50 }).map((o) => ({ e, o })),
    ),
    ...connected.map((o) => ({
      e: { title: `${o.title} (connected calendar)`, all_day: o.allDay },
      o: { start: o.start, end: o.end },
    })),
  ].sort((a, b) => a.o.start.getTime() - b.o.start.getTime());
  // labels carry their own preposition ("on Tuesday", "this week"): never "on on"
  const label = call.label;
  if (items.length === 0)
    return {
      reply: `Nothing is planned ${label} — it's open for focused work or rest.`,
      changed: false,
      actions: [],
    };
  const lines = items
    .slice(0, 30)
    .map(({ e, o }) =>
      e.all_day
        ? `- All day: ${quote(e.title)}`
        : `- ${when(o.start, o.end, ctx.voice)} ${quote(e.title)}`,
    );
  const more = items.length > 30 ? `\n\n…and ${items.length - 30} more.` : "";
  const ask = call.ask ? `\n\n${call.ask}` : "";
  return {
    reply: `Here's what's on ${label.replace(/^on /, "")}:\n\n${lines.join("\n")}${more}${ask}`,
    changed: false,
    actions: [],
  };
}

async function freeTimeTool(
  ctx: ToolCtx,
  call: Extract<CalendarToolCall, { tool: "find_free_time" }>,
): Promise<ToolOutcome> {
  const zone = ctx.voice.zone;
  // offered times keep to "no meetings before / after" as well as the working hours
  const { answer, stated } = await readPlanProfile(ctx.db, ctx.userId);
  const profile = meetingHours(
    toSchedulerProfile(answer.profile, { timezone: zone, strategies: stated?.strategies ?? [] }),
    answer.profile,
  );
  const from = Math.max(Date.parse(call.from), ctx.now.getTime());
  const days = Math.max(1, Math.ceil((Date.parse(call.to) - from) / DAY));
  const events = await listEvents(ctx.db, {
    userId: ctx.userId,
    from: new Date(from).toISOString(),
    to: call.to,
  });
  const connected = await connectedBusy(ctx.db, {
    userId: ctx.userId,
    from: new Date(from),
    to: new Date(call.to),
  });
  const busy = connected.busy.concat(
    ...events.map((e) =>
      e.all_day
        ? []
        : expandWithExceptions(seriesOf(e), {
            from: new Date(from),
            to: new Date(call.to),
            zone,
          }).map((o) => ({
            start: o.start.getTime(),
            end: o.end.getTime(),
          })),
    ),
  );
  const options: { start: number; end: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const { placed } = schedule({
      profile: {
        ...profile,
        estimatePadding: 1,
        paddingByEnergy: undefined,
        dailyLoadCapMinutes: 24 * 60,
      },
      busy: [
        ...busy,
        ...options.map((o) => ({ start: o.start - 3 * 3_600_000, end: o.end + 3 * 3_600_000 })),
      ],
      tasks: [
        {
          id: "slot",
          title: "slot",
          estimatedMinutes: call.minutes,
          priority: "high",
          energy: "high",
          splittable: false,
          minChunkMinutes: call.minutes,
        },
      ],
      locked: [],
      now: from,
      horizonDays: days,
    });
    const slot = placed[0];
    if (!slot || slot.end > Date.parse(call.to)) break;
    options.push(slot);
  }
  const length =
    call.minutes >= 60 && call.minutes % 30 === 0
      ? `${call.minutes / 60} h`
      : `${call.minutes} min`;
  const label = call.label;
  if (options.length === 0) {
    return {
      reply: `I couldn't find ${length} free in your working hours ${label}. Want me to look further ahead?`,
      changed: false,
      actions: [],
    };
  }
  const lines = options
    .sort((a, b) => a.start - b.start)
    .map((o) => `- ${when(o.start, o.end, ctx.voice)}`);
  const first = DateTime.fromMillis(options[0]!.start, { zone }).setLocale(ctx.voice.locale);
  const example = `${first.toFormat("cccc")} ${timeOf(options[0]!.start, ctx.voice)}`;
  return {
    reply: `Here are ${length} slots ${label}, in your working hours and with buffers around your events:\n\n${lines.join("\n")}\n\nSay, for example, “add deep work ${example} for ${length}” and I'll book it.`,
    changed: false,
    actions: [],
  };
}
