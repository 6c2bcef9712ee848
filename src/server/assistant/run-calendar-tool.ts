import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import type { CalendarToolCall, EventMatch } from "../../core/assistant/calendar-tools.ts";
import { seriesOf } from "../../core/calendar/event-series.ts";
import { expandOccurrences } from "../../core/calendar/recurrence.ts";
import { eventFields, type ServerEvent } from "../../core/contract/calendar.ts";
import { taskInput } from "../../core/contract/tasks.ts";
import { toSchedulerProfile } from "../../core/scheduler/from-scheduling-profile.ts";
import { schedule } from "../../core/scheduler/schedule.ts";
import { createEvent } from "../calendar/create-event.ts";
import { deleteEvent } from "../calendar/delete-event.ts";
import { listEvents, userTimeZone } from "../calendar/list-events.ts";
import { updateEvent } from "../calendar/update-event.ts";
import type { Db } from "../db/client.ts";
import { tasks } from "../db/schema.ts";
import { planTasks, storedSchedulingProfile } from "../planning/plan-tasks.ts";

export type ToolOutcome = { reply: string; changed: boolean };
type Ctx = { db: Db; userId: string; now: Date };

const DAY = 86_400_000;

/** "Tue 24 Nov, 15:00–16:00" in the person's zone. */
function when(start: Date | string, end: Date | string | null, zone: string): string {
  const s = DateTime.fromJSDate(new Date(start), { zone });
  const e = end ? DateTime.fromJSDate(new Date(end), { zone }) : undefined;
  return e
    ? `${s.toFormat("ccc d LLL, HH:mm")}–${e.toFormat("HH:mm")}`
    : s.toFormat("ccc d LLL, HH:mm");
}

/** Event titles come from people and models: shown inert, never as Markdown. */
const quote = (title: string) => `“${title.replace(/[\\`*_[\]<>#|]/g, (c) => `\\${c}`)}”`;

/** The user's own upcoming occurrences that a phrase like "the dentist" or "the 3pm" names. */
async function findMatches(ctx: Ctx, match: EventMatch, zone: string) {
  const from = match.on ? new Date(match.on.from) : ctx.now;
  const to = match.on ? new Date(match.on.to) : new Date(ctx.now.getTime() + 60 * DAY);
  const events = await listEvents(ctx.db, {
    userId: ctx.userId,
    from: from.toISOString(),
    to: to.toISOString(),
  });
  const hits: { event: ServerEvent; start: Date; end: Date }[] = [];
  const wanted = match.title?.toLowerCase();
  const at = match.start ? Date.parse(match.start) : undefined;
  for (const event of events) {
    if (wanted && !event.title.toLowerCase().includes(wanted)) continue;
    for (const o of expandOccurrences(seriesOf(event), { from, to, zone, limit: 50 })) {
      if (at !== undefined && Math.abs(o.start.getTime() - at) > 60_000) {
        // "the 3pm" without a day means the next 3pm occurrence on any day
        const local = DateTime.fromJSDate(o.start, { zone });
        const target = DateTime.fromMillis(at, { zone });
        if (local.hour !== target.hour || local.minute !== target.minute) continue;
      }
      hits.push({ event, start: o.start, end: o.end });
      break; // the next occurrence of a series is the one meant
    }
  }
  return hits.sort((a, b) => a.start.getTime() - b.start.getTime());
}

type Hit = Awaited<ReturnType<typeof findMatches>>[number];

/** Exactly one event, or the reply that says why not (none, or several: ask which). */
async function singleMatch(
  ctx: Ctx,
  match: EventMatch,
  zone: string,
  verb: "move" | "cancel",
): Promise<Hit | ToolOutcome> {
  const hits = await findMatches(ctx, match, zone);
  if (hits.length === 1) return hits[0]!;
  if (hits.length === 0) {
    return {
      reply: `I couldn't find ${describeMatch(match, zone)} in your upcoming calendar.`,
      changed: false,
    };
  }
  const list = hits
    .slice(0, 5)
    .map((h) => `- ${quote(h.event.title)}, ${when(h.start, h.end, zone)}`);
  const held = verb === "cancel" ? ", so I haven't cancelled anything" : "";
  return {
    reply: `That matches ${hits.length} events${held}:\n\n${list.join("\n")}\n\nWhich one should I ${verb}?`,
    changed: false,
  };
}

function describeMatch(match: EventMatch, zone: string): string {
  if (match.title) return quote(match.title);
  if (match.start)
    return `the event at ${DateTime.fromISO(match.start).setZone(zone).toFormat("HH:mm")}`;
  return "that event";
}

const fieldsOf = (e: ServerEvent) => ({
  title: e.title,
  description: e.description,
  start_time: e.start_time,
  end_time: e.end_time,
  all_day: e.all_day,
  location: e.location,
  reminder_minutes: e.reminder_minutes,
  category: e.category,
  priority: e.priority,
  url: e.url,
  recurrence_frequency: e.recurrence_frequency,
  recurrence_interval: e.recurrence_interval,
  recurrence_by_day: e.recurrence_by_day,
  recurrence_by_month_day: e.recurrence_by_month_day,
  recurrence_until: e.recurrence_until,
  recurrence_count: e.recurrence_count,
});

/**
 * Runs one calendar tool for the signed-in user and says exactly what changed. Every tool is
 * scoped to the user's own rows and goes through the same validation as the API, so nothing
 * in a message, a stored profile or an event title can reach anyone else's calendar.
 * A destructive change that matches more than one event asks which one instead.
 */
export async function runCalendarTool(ctx: Ctx, call: CalendarToolCall): Promise<ToolOutcome> {
  const zone = await userTimeZone(ctx.db, ctx.userId);
  switch (call.tool) {
    case "list_events": {
      const from = new Date(call.from);
      const to = new Date(call.to);
      const events = await listEvents(ctx.db, { userId: ctx.userId, from: call.from, to: call.to });
      const items = events
        .flatMap((e) =>
          expandOccurrences(seriesOf(e), { from, to, zone, limit: 50 }).map((o) => ({ e, o })),
        )
        .sort((a, b) => a.o.start.getTime() - b.o.start.getTime());
      if (items.length === 0) {
        return {
          reply: `Nothing is on ${call.label} — it's open for focused work or rest.`,
          changed: false,
        };
      }
      const lines = items
        .slice(0, 30)
        .map(({ e, o }) =>
          e.all_day
            ? `- All day: ${quote(e.title)}`
            : `- ${when(o.start, o.end, zone)} ${quote(e.title)}`,
        );
      return { reply: `Here's what's on ${call.label}:\n\n${lines.join("\n")}`, changed: false };
    }
    case "find_free_time": {
      const stored = await storedSchedulingProfile(ctx.db, ctx.userId);
      const profile = toSchedulerProfile(stored, zone);
      const from = Math.max(Date.parse(call.from), ctx.now.getTime());
      const days = Math.max(1, Math.ceil((Date.parse(call.to) - from) / DAY));
      const events = await listEvents(ctx.db, {
        userId: ctx.userId,
        from: new Date(from).toISOString(),
        to: call.to,
      });
      const busy = events.flatMap((e) =>
        e.all_day
          ? []
          : expandOccurrences(seriesOf(e), {
              from: new Date(from),
              to: new Date(call.to),
              zone,
            }).map((o) => ({ start: o.start.getTime(), end: o.end.getTime() })),
      );
      const options: { start: number; end: number }[] = [];
      for (let i = 0; i < 3; i++) {
        const { placed } = schedule({
          profile: { ...profile, estimatePadding: 1, dailyLoadCapMinutes: 24 * 60 },
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
      const length = call.minutes >= 60 ? `${call.minutes / 60} h` : `${call.minutes} min`;
      if (options.length === 0) {
        return {
          reply: `I couldn't find ${length} free in your working hours ${call.label}. Want me to look further ahead?`,
          changed: false,
        };
      }
      const lines = options
        .sort((a, b) => a.start - b.start)
        .map((o) => `- ${when(new Date(o.start), new Date(o.end), zone)}`);
      return {
        reply: `Here are good ${length} slots ${call.label}, at your best hours and with buffers around your events:\n\n${lines.join("\n")}\n\nSay, for example, “add deep work ${DateTime.fromMillis(options[0]!.start, { zone }).toFormat("cccc h:mma").toLowerCase()} for ${length}” and I'll book it.`,
        changed: false,
      };
    }
    case "create_event": {
      const input = eventFields.parse({
        title: call.title,
        start_time: call.start,
        end_time: call.end,
      });
      const { event } = await createEvent(ctx.db, {
        userId: ctx.userId,
        input,
        source: "assistant",
      });
      return {
        reply: `Added ${quote(event.title)} on ${when(event.start_time, event.end_time, zone)}.`,
        changed: true,
      };
    }
    case "update_event": {
      const hit = await singleMatch(ctx, call.match, zone, "move");
      if ("reply" in hit) return hit;
      const { event, start: oldStart, end: oldEnd } = hit;
      let newStart = DateTime.fromISO(call.start).setZone(zone);
      if (call.keepTime) {
        const old = DateTime.fromJSDate(oldStart, { zone });
        newStart = newStart.set({ hour: old.hour, minute: old.minute, second: 0, millisecond: 0 });
      }
      const duration = oldEnd.getTime() - oldStart.getTime();
      const newEnd = newStart.plus({ milliseconds: duration });
      const input = eventFields.parse({
        ...fieldsOf(event),
        start_time: newStart.toUTC().toISO(),
        end_time: event.end_time ? newEnd.toUTC().toISO() : null,
      });
      await updateEvent(ctx.db, {
        userId: ctx.userId,
        eventId: event.id,
        input: { ...input, version: event.version },
      });
      return {
        reply: `Moved ${quote(event.title)} from ${when(oldStart, null, zone)} to ${when(newStart.toJSDate(), event.end_time ? newEnd.toJSDate() : null, zone)}.`,
        changed: true,
      };
    }
    case "delete_event": {
      const hit = await singleMatch(ctx, call.match, zone, "cancel");
      if ("reply" in hit) return hit;
      const { event, start, end } = hit;
      await deleteEvent(ctx.db, { userId: ctx.userId, eventId: event.id });
      const series = event.recurrence_frequency ? " (the whole repeating series)" : "";
      return {
        reply: `Cancelled ${quote(event.title)}, ${when(start, end, zone)}${series}.`,
        changed: true,
      };
    }
    case "add_tasks_and_plan":
    case "plan": {
      const added: string[] = [];
      if (call.tool === "add_tasks_and_plan") {
        for (const t of call.tasks.slice(0, 10)) {
          const input = taskInput.parse({
            title: t.title,
            estimateMinutes: Math.min(Math.max(t.estimateMinutes, 5), 2400),
            deadline: t.deadline ?? null,
          });
          const [row] = await ctx.db
            .insert(tasks)
            .values({
              userId: ctx.userId,
              title: input.title,
              estimatedMinutes: input.estimateMinutes,
              deadline: input.deadline ? new Date(input.deadline) : null,
              priority: input.deadline ? "high" : "medium",
              energy: input.estimateMinutes >= 60 ? "high" : "medium",
            })
            .returning({ id: tasks.id });
          added.push(row!.id);
        }
      }
      const result = await planTasks(ctx.db, {
        userId: ctx.userId,
        days: call.tool === "plan" ? call.days : 7,
        now: ctx.now,
      });
      const owned = await ctx.db
        .select({ id: tasks.id, title: tasks.title })
        .from(tasks)
        .where(eq(tasks.userId, ctx.userId));
      const titles = new Map(owned.map((r) => [r.id, r.title]));
      const relevant = (id: string) => call.tool === "plan" || added.includes(id);
      const lines = result.placed
        .filter((p) => relevant(p.taskId))
        .map((p) => `- ${when(p.start, p.end, zone)} ${quote(titles.get(p.taskId) ?? "Task")}`);
      const misses = result.unplaced
        .filter((u) => relevant(u.taskId))
        .map((u) => `- ${quote(titles.get(u.taskId) ?? "Task")}: ${u.reason}`);
      const parts = [];
      if (lines.length > 0) {
        parts.push(
          `I've planned ${lines.length === 1 ? "this block" : "these blocks"} at your best hours, with buffers and slack left in each day:\n\n${lines.join("\n")}`,
        );
      }
      if (misses.length > 0) parts.push(`I couldn't fit everything:\n\n${misses.join("\n")}`);
      if (parts.length === 0) parts.push("There's nothing open to plan right now.");
      parts.push(
        "They're in your calendar and the feed. If a block doesn't work out, no problem — I'll find it a new time next plan.",
      );
      return { reply: parts.join("\n\n"), changed: lines.length > 0 };
    }
  }
}
