import { and, eq, isNull } from "drizzle-orm";
import { DateTime } from "luxon";
import type {
  CalendarToolCall,
  EventMatch,
  Recurrence,
} from "../../core/assistant/calendar-tools.ts";
import {
  eventFields,
  type ServerEvent,
  updateOccurrenceRequest,
} from "../../core/contract/calendar.ts";
import { bookedBy } from "../booking/booked-event.ts";
import { createEvent } from "../calendar/create-event.ts";
import { deleteEvent } from "../calendar/delete-event.ts";
import { deleteOccurrence, updateOccurrence } from "../calendar/edit-occurrence.ts";
import { updateEvent } from "../calendar/update-event.ts";
import { listConnectedOccurrences } from "../connections/list-external-occurrences.ts";
import { calendarConnections, calendarEvents, connectionCalendars } from "../db/schema.ts";
import {
  clashesOf,
  findMatches,
  type Hit,
  movingLine,
  type ToolCtx,
  titleMatches,
} from "./find-events.ts";
import { quote, timeOf, when } from "./format-when.ts";
import type { PendingAction } from "./record-actions.ts";

export type ToolOutcome = {
  reply: string;
  changed: boolean;
  actions: PendingAction[];
  /** A question back about the person's own words ("which one?"): it uses no allowance. */
  uncharged?: boolean;
};
const said = (reply: string): ToolOutcome => ({ reply, changed: false, actions: [] });
/** A question back (which event, which part of a series, when to): free, as nothing was done. */
const asked = (reply: string): ToolOutcome => ({ ...said(reply), uncharged: true });

const DAY_NAMES: Record<string, string> = {
  MO: "Monday",
  TU: "Tuesday",
  WE: "Wednesday",
  TH: "Thursday",
  FR: "Friday",
  SA: "Saturday",
  SU: "Sunday",
};

/** "every Monday", "every weekday until Dec 18", "every other Thursday, 6 times". */
export function describeRepeat(r: Recurrence, ctx: ToolCtx): string {
  const other = r.interval === 2 ? "other " : r.interval > 2 ? `${r.interval} ` : "";
  let text: string;
  if (r.frequency === "DAILY")
    text = r.interval > 1 ? `every ${other}day${r.interval > 2 ? "s" : ""}` : "every day";
  else if (r.frequency === "MONTHLY")
    text = `every ${other}month${r.byMonthDay ? ` on day ${r.byMonthDay}` : ""}`;
  else if (r.byDay?.join() === "MO,TU,WE,TH,FR" && r.interval === 1) text = "every weekday";
  else {
    const days = (r.byDay ?? []).map((d) => DAY_NAMES[d] ?? d);
    const list =
      days.length > 1 ? `${days.slice(0, -1).join(", ")} and ${days.at(-1)}` : (days[0] ?? "week");
    text = `every ${other}${list}`;
  }
  if (r.until)
    text += ` until ${DateTime.fromISO(r.until, { zone: ctx.voice.zone }).setLocale(ctx.voice.locale).toLocaleString({ month: "short", day: "numeric" })}`;
  if (r.count) text += `, ${r.count} times`;
  return text;
}

export async function createEventTool(
  ctx: ToolCtx,
  call: Extract<CalendarToolCall, { tool: "create_event" }>,
): Promise<ToolOutcome> {
  const r = call.recurrence;
  const input = eventFields.parse({
    title: call.title,
    start_time: call.start,
    end_time: call.end,
    ...(call.description ? { description: call.description } : {}),
    ...(r
      ? {
          recurrence_frequency: r.frequency,
          recurrence_interval: r.interval,
          recurrence_by_day: r.byDay ?? null,
          recurrence_by_month_day: r.byMonthDay ?? null,
          recurrence_until: r.until ?? null,
          recurrence_count: r.count ?? null,
        }
      : {}),
  });
  const { event } = await createEvent(ctx.db, { userId: ctx.userId, input, source: "assistant" });
  const start = new Date(event.start_time);
  const end = new Date(event.end_time ?? event.start_time);
  const { conflicts, moving } = await clashesOf(ctx, [{ start, end }], new Set([event.id]));
  const repeat = r ? describeRepeat(r, ctx) : undefined;
  const clash = `${
    conflicts.length
      ? ` It overlaps ${conflicts.map((c) => quote(c.title)).join(", ")} — say if you'd like me to move it.`
      : ""
  }${movingLine(moving)}`;
  return {
    reply: `Added ${quote(event.title)}, ${when(start, end, ctx.voice)}${repeat ? `, ${repeat}` : ""}.${clash}`,
    changed: true,
    actions: [
      {
        card: {
          kind: "created",
          items: [
            {
              title: event.title,
              start: event.start_time,
              end: event.end_time,
              ...(repeat ? { repeat } : {}),
            },
          ],
          conflicts,
        },
        undo: [{ op: "delete_event", id: event.id, version: event.version }],
      },
    ],
  };
}

/** Exactly one event, or the reply that says why not (none, or several: ask which). */
async function singleMatch(
  ctx: ToolCtx,
  match: EventMatch,
  verb: "move" | "cancel",
): Promise<Hit | ToolOutcome> {
  const hits = await findMatches(ctx, match);
  if (hits.length === 1) return hits[0]!;
  if (hits.length === 0) {
    const elsewhere = await connectedMatch(ctx, match);
    if (elsewhere) return said(readOnlyReply(elsewhere, verb, ctx));
    return asked(`I couldn't find ${describeMatch(match, ctx)} in your upcoming calendar.`);
  }
  const list = hits
    .slice(0, 5)
    .map((h, i) => `${i + 1}. ${quote(h.event.title)}, ${when(h.start, h.end, ctx.voice)}`);
  const held = verb === "cancel" ? "I haven't cancelled anything" : "I haven't moved anything";
  return asked(
    `That matches ${hits.length} events, so ${held} yet:\n\n${list.join("\n")}\n\n${WHICH_QUESTION} ${verb}? Say “the first”, “the second”…`,
  );
}

function describeMatch(match: EventMatch, ctx: ToolCtx): string {
  if (match.title) return quote(match.title);
  if (match.start) return `an event at ${timeOf(match.start, ctx.voice)}`;
  return "that event";
}

/** The question asked before any change to a repeating event whose scope was not said. */
export const SCOPE_QUESTION = "or the whole series?";
/** Asks which of several matches; the next "the second" answers it (offline-calendar-turn). */
export const WHICH_QUESTION = "Which one should I";

const NO_REPEAT = {
  recurrence_frequency: null,
  recurrence_interval: null,
  recurrence_by_day: null,
  recurrence_by_month_day: null,
  recurrence_until: null,
  recurrence_count: null,
};

/**
 * Moves (to `after`) or cancels (no `after`) ONE occurrence of a repeating event, through
 * the same use case as the calendar's `scope=this` (an override row, the series listing the
 * occurrence in its exdates); the rest of the series is untouched. Undo puts exactly that
 * occurrence back.
 */
async function changeOneOccurrence(
  ctx: ToolCtx,
  hit: Hit,
  after?: { start: Date; end: Date },
): Promise<ToolOutcome> {
  const { event } = hit;
  const target = {
    userId: ctx.userId,
    eventId: event.id,
    occurrence: hit.start.toISOString(),
    scope: "this" as const,
  };
  const hasEnd = event.end_time !== null;
  const before = { start: hit.start.toISOString(), end: hasEnd ? hit.end.toISOString() : null };
  if (!after) {
    const series = await deleteOccurrence(ctx.db, target);
    return {
      reply: `Cancelled ${quote(event.title)}, ${when(hit.start, hit.end, ctx.voice)} — just this one; the rest of the series stays.`,
      changed: true,
      actions: [
        {
          card: {
            kind: "cancelled",
            items: [{ title: event.title, ...before, repeat: "this occurrence only" }],
            conflicts: [],
          },
          undo: [
            {
              op: "restore_occurrence",
              seriesId: event.id,
              seriesVersion: series?.version ?? event.version,
              occurrence: target.occurrence,
            },
          ],
        },
      ],
    };
  }
  const input = eventFields.parse({
    ...fieldsOf(event),
    ...NO_REPEAT,
    start_time: after.start.toISOString(),
    end_time: hasEnd ? after.end.toISOString() : null,
  });
  const { event: moved, series } = await updateOccurrence(ctx.db, {
    ...target,
    input: { ...input, version: undefined, id: undefined },
  });
  const { conflicts, moving } = await clashesOf(ctx, [after], new Set([moved.id]));
  const clash = `${
    conflicts.length ? ` It now overlaps ${conflicts.map((c) => quote(c.title)).join(", ")}.` : ""
  }${movingLine(moving)}`;
  return {
    reply: `Moved ${quote(event.title)} from ${when(hit.start, hit.end, ctx.voice)} to ${when(after.start, hasEnd ? after.end : null, ctx.voice)} — just this one; the rest of the series stays.${clash}`,
    changed: true,
    actions: [
      {
        card: {
          kind: "moved",
          items: [
            {
              title: event.title,
              start: after.start.toISOString(),
              end: hasEnd ? after.end.toISOString() : null,
              before,
              repeat: "this occurrence only",
            },
          ],
          conflicts,
        },
        undo: [
          {
            op: "restore_occurrence",
            seriesId: series.id,
            seriesVersion: series.version,
            occurrence: target.occurrence,
            override: { id: moved.id, version: moved.version },
          },
        ],
      },
    ],
  };
}

function askScope(ctx: ToolCtx, hit: Hit, verb: "move" | "cancel"): ToolOutcome {
  const day = DateTime.fromJSDate(hit.start, { zone: ctx.voice.zone });
  const today = DateTime.fromJSDate(ctx.now, { zone: ctx.voice.zone });
  const which = day.hasSame(today, "day")
    ? "today's"
    : day.hasSame(today.plus({ days: 1 }), "day")
      ? "tomorrow's"
      : `the one on ${when(hit.start, null, ctx.voice)}`;
  return asked(
    `${quote(hit.event.title)} repeats. Should I ${verb} just ${which}, ${SCOPE_QUESTION}`,
  );
}

export async function moveEventTool(
  ctx: ToolCtx,
  call: Extract<CalendarToolCall, { tool: "update_event" }>,
): Promise<ToolOutcome> {
  const hit = await singleMatch(ctx, call.match, "move");
  if ("reply" in hit) return hit;
  const { event, start: oldStart, end: oldEnd } = hit;
  if (event.recurrence_frequency && call.scope === undefined) return askScope(ctx, hit, "move");
  const zone = ctx.voice.zone;
  const old = DateTime.fromJSDate(oldStart, { zone });
  let newStart: DateTime;
  if (call.shiftMinutes !== undefined) newStart = old.plus({ minutes: call.shiftMinutes });
  else if (!call.start)
    return asked(
      `When should I move ${quote(event.title)} (now ${when(oldStart, oldEnd, ctx.voice)}) to?`,
    );
  else {
    const target = DateTime.fromISO(call.start).setZone(zone);
    newStart = call.sameDay
      ? old.set({ hour: target.hour, minute: target.minute, second: 0, millisecond: 0 })
      : call.keepTime
        ? target.set({ hour: old.hour, minute: old.minute, second: 0, millisecond: 0 })
        : target;
  }
  const delta = newStart.toMillis() - oldStart.getTime();
  if (delta === 0)
    return said(`${quote(event.title)} is already at ${when(oldStart, oldEnd, ctx.voice)}.`);
  if (event.recurrence_frequency && call.scope === "this") {
    return changeOneOccurrence(ctx, hit, {
      start: new Date(oldStart.getTime() + delta),
      end: new Date(oldEnd.getTime() + delta),
    });
  }
  let updated: ServerEvent;
  let seriesBefore:
    | { exdates: string[]; overrides: { id: string; recurrenceId: string }[] }
    | undefined;
  if (event.recurrence_frequency) {
    // the whole series, as the calendar's scope=all moves it: by the wall-clock shift the
    // named occurrence made, its cancelled and edited occurrences with it
    seriesBefore = { exdates: event.exdates, overrides: await overridesOf(ctx, event.id) };
    const input = updateOccurrenceRequest.parse({
      ...fieldsOf(event),
      start_time: new Date(oldStart.getTime() + delta).toISOString(),
      end_time: event.end_time ? new Date(oldEnd.getTime() + delta).toISOString() : null,
      version: event.version,
    });
    ({ series: updated } = await updateOccurrence(ctx.db, {
      userId: ctx.userId,
      eventId: event.id,
      occurrence: oldStart.toISOString(),
      scope: "all",
      input,
    }));
  } else {
    const booked = await bookedBy(ctx.db, {
      userId: ctx.userId,
      eventId: event.id,
      change: "move",
    });
    if (booked) return { reply: `${quote(event.title)}: ${booked}`, changed: false, actions: [] };
    const input = eventFields.parse({
      ...fieldsOf(event),
      start_time: new Date(Date.parse(event.start_time) + delta).toISOString(),
      end_time: event.end_time ? new Date(Date.parse(event.end_time) + delta).toISOString() : null,
    });
    updated = await updateEvent(ctx.db, {
      userId: ctx.userId,
      eventId: event.id,
      input: { ...input, version: event.version },
      via: "assistant",
    });
  }
  const after = {
    start: new Date(oldStart.getTime() + delta),
    end: new Date(oldEnd.getTime() + delta),
  };
  const { conflicts, moving } = await clashesOf(ctx, [after], new Set([event.id]));
  const series = event.recurrence_frequency ? " (the whole series)" : "";
  const clash = `${
    conflicts.length ? ` It now overlaps ${conflicts.map((c) => quote(c.title)).join(", ")}.` : ""
  }${movingLine(moving)}`;
  return {
    reply: `Moved ${quote(event.title)}${series} from ${when(oldStart, oldEnd, ctx.voice)} to ${when(after.start, event.end_time ? after.end : null, ctx.voice)}.${clash}`,
    changed: true,
    actions: [
      {
        card: {
          kind: "moved",
          items: [
            {
              title: event.title,
              start: after.start.toISOString(),
              end: event.end_time ? after.end.toISOString() : null,
              before: {
                start: oldStart.toISOString(),
                end: event.end_time ? oldEnd.toISOString() : null,
              },
              ...(event.recurrence_frequency ? { repeat: "the whole series" } : {}),
            },
          ],
          conflicts,
        },
        undo: [
          {
            op: "revert_event",
            id: event.id,
            version: updated.version,
            before: {
              startTime: event.start_time,
              endTime: event.end_time,
              // the assistant finds only Sage's own events (listEvents), never connected ones
              source: event.source === "assistant" ? "assistant" : "user",
              ...seriesBefore,
            },
          },
        ],
      },
    ],
  };
}

export async function cancelEventTool(
  ctx: ToolCtx,
  call: Extract<CalendarToolCall, { tool: "delete_event" }>,
): Promise<ToolOutcome> {
  if (call.everyMatch) return cancelEveryMatch(ctx, call);
  const hit = await singleMatch(ctx, call.match, "cancel");
  if ("reply" in hit) return hit;
  const { event, start, end } = hit;
  if (event.recurrence_frequency && call.scope !== "all") {
    return call.scope === "this" ? changeOneOccurrence(ctx, hit) : askScope(ctx, hit, "cancel");
  }
  const booked = await bookedBy(ctx.db, { userId: ctx.userId, eventId: event.id });
  if (booked) return { reply: `${quote(event.title)}: ${booked}`, changed: false, actions: [] };
  await deleteEvent(ctx.db, { userId: ctx.userId, eventId: event.id });
  const series = event.recurrence_frequency ? " — the whole repeating series" : "";
  return {
    reply: `Cancelled ${quote(event.title)}, ${when(start, end, ctx.voice)}${series}.`,
    changed: true,
    actions: [
      {
        card: {
          kind: "cancelled",
          items: [
            {
              title: event.title,
              start: start.toISOString(),
              end: event.end_time ? end.toISOString() : null,
              ...(event.recurrence_frequency ? { repeat: "the whole series" } : {}),
            },
          ],
          conflicts: [],
        },
        // a delete bumps the version once (delete-event.ts)
        undo: [{ op: "restore_event", id: event.id, version: event.version + 1 }],
      },
    ],
  };
}

/** The live edited occurrences of a series, with the occurrence each replaces. */
async function overridesOf(ctx: ToolCtx, seriesId: string) {
  const rows = await ctx.db
    .select({ id: calendarEvents.id, recurrenceId: calendarEvents.recurrenceId })
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.seriesId, seriesId),
        eq(calendarEvents.userId, ctx.userId),
        isNull(calendarEvents.deletedAt),
      ),
    );
  return rows.map((o) => ({ id: o.id, recurrenceId: o.recurrenceId!.toISOString() }));
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
 * "cancel all my standups tomorrow": every match on the day named, each one occurrence only
 * (a series keeps its other days), each with its own card. At most 10.
 */
async function cancelEveryMatch(
  ctx: ToolCtx,
  call: Extract<CalendarToolCall, { tool: "delete_event" }>,
): Promise<ToolOutcome> {
  const hits = (await findMatches(ctx, call.match)).slice(0, 10);
  if (hits.length === 0) return singleMatch(ctx, call.match, "cancel") as Promise<ToolOutcome>;
  const replies: string[] = [];
  const actions: PendingAction[] = [];
  for (const hit of hits) {
    if (hit.event.recurrence_frequency) {
      const out = await changeOneOccurrence(ctx, hit);
      replies.push(out.reply);
      actions.push(...out.actions);
      continue;
    }
    const out = await cancelEventTool(ctx, {
      tool: "delete_event",
      match: {
        ...(call.match.title ? { title: call.match.title } : {}),
        start: hit.start.toISOString(),
      },
    });
    replies.push(out.reply);
    actions.push(...out.actions);
  }
  return { reply: replies.join("\n"), changed: actions.length > 0, actions };
}

type Elsewhere = { title: string; start: Date; end: Date; calendar: string };

/**
 * An event of a connected (read-only) calendar that the words name, when none of Sage's own
 * does: the assistant can say where it lives instead of "couldn't find".
 */
async function connectedMatch(ctx: ToolCtx, match: EventMatch): Promise<Elsewhere | undefined> {
  if (!match.title) return undefined;
  const from = match.on ? new Date(match.on.from) : ctx.now;
  const to = match.on ? new Date(match.on.to) : new Date(ctx.now.getTime() + 14 * 86_400_000);
  const occurrences = await listConnectedOccurrences(ctx.db, {
    userId: ctx.userId,
    from,
    to,
  }).catch(() => []);
  const hit = occurrences.find((o) => titleMatches(o.title, match.title!));
  if (!hit) return undefined;
  const [row] = await ctx.db
    .select({ calendar: connectionCalendars.name, connection: calendarConnections.name })
    .from(connectionCalendars)
    .innerJoin(calendarConnections, eq(connectionCalendars.connectionId, calendarConnections.id))
    .where(
      and(eq(connectionCalendars.id, hit.calendarId), eq(connectionCalendars.userId, ctx.userId)),
    );
  const name =
    row && row.calendar !== row.connection ? `${row.connection} — ${row.calendar}` : row?.calendar;
  return {
    title: hit.title,
    start: hit.start,
    end: hit.end,
    calendar: name ?? "a connected calendar",
  };
}

function readOnlyReply(e: Elsewhere, verb: "move" | "cancel", ctx: ToolCtx): string {
  return `${quote(e.title)} (${when(e.start, e.end, ctx.voice)}) is in your connected calendar ${quote(e.calendar)}, which Sage can read but not change, so I haven't ${verb === "move" ? "moved" : "cancelled"} it. Open it in that calendar to ${verb} it — Sage picks up the change on its next sync. Meanwhile I plan around it as it is: say “plan my week” and I'll fit your tasks around it.`;
}
