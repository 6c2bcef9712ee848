import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { CalendarToolCall } from "../../core/assistant/calendar-tools.ts";
import type { ActionCard } from "../../core/contract/assistant-actions.ts";
import { type Routine, routineInput } from "../../core/contract/routines.ts";
import { minutesOf } from "../../core/routines/routine-rules.ts";
import type { Db } from "../db/client.ts";
import { assistantActions, calendarEvents, routines } from "../db/schema.ts";
import { AppError, describeIssues, notFound } from "../errors.ts";
import { createRoutines } from "../routines/create-routine.ts";
import { listRoutines } from "../routines/list-routines.ts";
import { planAndKeepPlanning } from "../routines/place-routine-sessions.ts";
import { routineColumns, toRoutineDto } from "../routines/routine-dto.ts";
import { skipRoutineDay } from "../routines/skip-routine-session.ts";
import type { ToolOutcome } from "./event-tools.ts";
import type { ToolCtx } from "./find-events.ts";
import { quote } from "./format-when.ts";
import { toCard } from "./record-actions.ts";

/**
 * The assistant's routine tools (issue 29). A routine from chat is proposed on a card first
 * and written only on Yes (acceptAction); skipping a session and changing a routine act at
 * once and say so. Every read and write is scoped to the person's own routines.
 */

const DAY_NAMES = { MO: "Mon", TU: "Tue", WE: "Wed", TH: "Thu", FR: "Fri", SA: "Sat", SU: "Sun" };

/** "3× a week · 60 min · Mon, Wed · 06:00–12:00"; "daily · 20 min · 07:00–21:00". */
export function routineSummary(r: {
  timesPerWeek: number;
  minutes: number;
  days: string[];
  window: { from: string; to: string };
}) {
  const often = r.timesPerWeek === 7 ? "daily" : `${r.timesPerWeek}× a week`;
  const days =
    r.days.length === 7
      ? r.timesPerWeek === 7
        ? ""
        : " · any day"
      : ` · ${r.days.map((d) => DAY_NAMES[d as keyof typeof DAY_NAMES] ?? d).join(", ")}`;
  return `${often} · ${r.minutes} min${days} · ${r.window.from}–${r.window.to}`;
}

/**
 * Proposes the routine on a card, as every proposal is (decision 038): nothing is written and
 * nothing charged until the person says Yes, which runs the same call `confirmed`.
 */
export async function proposeRoutineTool(
  _ctx: ToolCtx,
  call: Extract<CalendarToolCall, { tool: "create_routine" }>,
): Promise<ToolOutcome> {
  const parsed = routineInput.safeParse(call.routine);
  if (!parsed.success)
    return {
      reply: `I can't set that up as it is: ${describeIssues(parsed.error.issues)}.`,
      changed: false,
      actions: [],
      uncharged: true,
    };
  const r = parsed.data;
  return {
    reply: `Shall I keep time for ${quote(r.title)} — ${routineSummary(r)}? I'll find each session a time every week around your events, and move it when something lands on it. Nothing is written yet. Shall I go ahead?`,
    changed: false,
    actions: [
      {
        card: {
          kind: "proposed",
          items: [
            {
              title: r.title,
              start: null,
              end: null,
              repeat: routineSummary(r),
              why: "Add routine",
            },
          ],
          conflicts: [],
        },
        undo: [],
        proposal: [{ tool: "create_routine", routine: r, confirmed: true }],
      },
    ],
    uncharged: true,
  };
}

/** Yes to a routine's proposal: the routine is written and its week placed, with Undo. */
export async function createRoutineTool(
  ctx: ToolCtx,
  call: Extract<CalendarToolCall, { tool: "create_routine" }>,
): Promise<ToolOutcome> {
  const input = routineInput.parse(call.routine);
  const [made] = await createRoutines(ctx.db, { userId: ctx.userId, inputs: [input] });
  const routine = toRoutineDto(made!);
  await replanNow(ctx);
  return {
    reply: `Added ${quote(routine.title)} — ${routineSummary(routine)}. Its sessions are in your week, and they'll move when something lands on them.`,
    changed: true,
    actions: [
      {
        card: {
          kind: "routine_added",
          items: [{ title: routine.title, start: null, end: null, why: routineSummary(routine) }],
          conflicts: [],
        },
        undo: [{ op: "delete_routine", id: routine.id }],
      },
    ],
  };
}

/** The person's routine a title names: the same words, or one starting the other ("runs"). */
export async function findRoutine(ctx: ToolCtx, title: string) {
  const want = title.toLowerCase().replace(/s$/, "");
  const mine = await listRoutines(ctx.db, ctx.userId);
  return (
    mine.find((r) => r.title.toLowerCase() === title.toLowerCase()) ??
    mine.find((r) => {
      const have = r.title.toLowerCase().replace(/s$/, "");
      return have === want || have.startsWith(want) || want.startsWith(have);
    })
  );
}

const noSuchRoutine = (title: string): ToolOutcome => ({
  reply: `You have no routine called ${quote(title)}. Add one in the calendar's Routines, or say, for example, “${title.toLowerCase()} 3 times a week, mornings, an hour”.`,
  changed: false,
  actions: [],
});

/**
 * Re-plans at once so the week shows the change (the living plan would, within seconds), and
 * keeps the plan living from then on: an Undo of this change then re-plans by itself.
 */
async function replanNow(ctx: ToolCtx) {
  await planAndKeepPlanning(ctx.db, {
    userId: ctx.userId,
    now: ctx.now,
    locale: ctx.voice.locale,
  });
}

/**
 * "skip gym today": that day's session goes, and counts for its week (not placed again). The
 * card's Undo takes the skip back and the plan places the session again.
 */
export async function skipSessionTool(
  ctx: ToolCtx,
  call: Extract<CalendarToolCall, { tool: "skip_routine_session" }>,
): Promise<ToolOutcome> {
  const routine = await findRoutine(ctx, call.title);
  // "skip the meeting tomorrow": no routine by that name — an event is cancelled by saying so
  // (with its Undo), never by a guess from "skip"
  if (!routine)
    return {
      reply: `You have no routine called ${quote(call.title)}, so I've left everything as it is. To take an event off your calendar, say, for example, “cancel ${call.title.toLowerCase()} tomorrow”.`,
      changed: false,
      actions: [],
      uncharged: true,
    };
  const zone = ctx.voice.zone;
  const day = DateTime.fromISO(call.date, { zone });
  const today = DateTime.fromJSDate(ctx.now, { zone }).toISODate();
  if (call.date === today && !(await sessionAheadToday(ctx, routine.id, day))) {
    // nothing left to let go today (its window passed, or none was placed): said, not recorded
    return {
      reply: `There's no session of ${quote(routine.title)} left today, so there's nothing to skip. Its next one is in your week as planned.`,
      changed: false,
      actions: [],
      uncharged: true,
    };
  }
  const { removed } = await ctx.db.transaction((tx) =>
    skipRoutineDay(tx, {
      userId: ctx.userId,
      routineId: routine.id,
      date: call.date,
      zone,
      now: ctx.now,
    }),
  );
  await replanNow(ctx);
  const when =
    call.date === DateTime.fromJSDate(ctx.now, { zone }).toISODate()
      ? "today"
      : day.setLocale(ctx.voice.locale).toFormat("cccc");
  const why = "Skipped — it still counts for this week";
  return {
    reply: `Skipped ${quote(routine.title)} ${when} — it still counts for this week, so I won't squeeze it in elsewhere. Rest well.`,
    changed: true,
    actions: [
      {
        card: {
          kind: "routine_skipped",
          items:
            removed.length > 0
              ? removed.map((r) => ({
                  title: routine.title,
                  start: r.start.toISOString(),
                  end: r.end.toISOString(),
                  why,
                }))
              : [{ title: routine.title, start: null, end: null, why: `${why} (${when})` }],
          conflicts: [],
        },
        undo: [{ op: "unskip_routine", id: routine.id, date: call.date }],
      },
    ],
  };
}

/** Whether the routine still has a session to come on `day` (today). */
async function sessionAheadToday(ctx: ToolCtx, routineId: string, day: DateTime) {
  const [ahead] = await ctx.db
    .select({ id: calendarEvents.id })
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.userId, ctx.userId),
        eq(calendarEvents.routineId, routineId),
        isNull(calendarEvents.deletedAt),
        gt(calendarEvents.startTime, ctx.now),
        lt(calendarEvents.startTime, day.plus({ days: 1 }).toJSDate()),
      ),
    )
    .limit(1);
  return ahead !== undefined;
}

/**
 * "move my runs to evenings": the routine's window (or length, times a week) changes; the
 * card's Undo puts it back as it was.
 */
export async function updateRoutineTool(
  ctx: ToolCtx,
  call: Extract<CalendarToolCall, { tool: "update_routine" }>,
): Promise<ToolOutcome> {
  const routine = await findRoutine(ctx, call.title);
  if (!routine) return noSuchRoutine(call.title);
  const current = toRoutineDto(routine);
  const window = call.window ?? current.window;
  // a window shorter than the session keeps the session to the window's length
  const span = minutesOf(window.to) - minutesOf(window.from);
  const next = routineInput.safeParse({
    title: current.title,
    minutes: Math.min(call.minutes ?? current.minutes, Math.max(5, span)),
    timesPerWeek: call.timesPerWeek ?? current.timesPerWeek,
    days: current.days,
    window,
    energy: current.energy,
    priority: current.priority,
  });
  if (!next.success)
    return {
      reply: `I can't change ${quote(routine.title)} that way: ${describeIssues(next.error.issues)}.`,
      changed: false,
      actions: [],
    };
  await ctx.db
    .update(routines)
    .set({ ...routineColumns(next.data), updatedAt: ctx.now })
    .where(and(eq(routines.id, routine.id), eq(routines.userId, ctx.userId)));
  await replanNow(ctx);
  const { id: _id, createdAt: _c, updatedAt: _u, ...before } = current;
  return {
    reply: `Done — ${quote(routine.title)} is now ${routineSummary(next.data)}. Its sessions this week have moved to fit.`,
    changed: true,
    actions: [
      {
        card: {
          kind: "routine_changed",
          items: [
            {
              title: current.title,
              start: null,
              end: null,
              why: `${routineSummary(next.data)} (was ${routineSummary(current)})`,
            },
          ],
          conflicts: [],
        },
        undo: [
          {
            op: "revert_routine",
            id: routine.id,
            before,
            after: { ...next.data, energy: current.energy, priority: current.priority },
          },
        ],
      },
    ],
  };
}

/**
 * Yes on a "routine_proposed" card stored before routines were proposed like everything else
 * (stop 37; new proposals are answered in chat, decision 038): the routine is written (within the cap) and its sessions placed;
 * the card becomes "routine_added" with Undo deleting the routine. Idempotent: the card is
 * claimed by its kind, so two Yes clicks add one routine. Another person's card → 404; a card
 * that is not a proposal (or was said No to) → 409.
 */
export async function acceptAction(
  db: Db,
  opts: { userId: string; actionId: string; now: Date; locale: string },
): Promise<{ card: ActionCard; calendarChanged: boolean }> {
  const mine = and(
    eq(assistantActions.id, opts.actionId),
    eq(assistantActions.userId, opts.userId),
  );
  const [row] = await db.select().from(assistantActions).where(mine);
  const card = row && toCard(row);
  if (!row || !card) throw notFound("Action not found");
  if (card.kind === "routine_added") return { card, calendarChanged: false };
  const proposal = (row.undo as { op: string; routine?: unknown }[]).find(
    (s) => s.op === "propose_routine",
  );
  const input = routineInput.safeParse(proposal?.routine);
  if (card.kind !== "routine_proposed" || card.undone || !input.success)
    throw new AppError(409, "conflict", "This card has nothing to say Yes to.");
  // claimed by its kind: a second Yes finds it added
  const [claimed] = await db
    .update(assistantActions)
    .set({ card: sql`jsonb_set(${assistantActions.card}, '{kind}', '"routine_added"')` })
    .where(
      and(
        mine,
        sql`${assistantActions.card}->>'kind' = 'routine_proposed'`,
        isNull(assistantActions.undoneAt),
      ),
    )
    .returning({ id: assistantActions.id });
  if (!claimed) return acceptAction(db, opts);
  let created: Routine;
  try {
    const [made] = await createRoutines(db, { userId: opts.userId, inputs: [input.data] });
    created = toRoutineDto(made!);
  } catch (error) {
    await db
      .update(assistantActions)
      .set({ card: sql`jsonb_set(${assistantActions.card}, '{kind}', '"routine_proposed"')` })
      .where(mine);
    throw error;
  }
  await db
    .update(assistantActions)
    .set({ undo: [{ op: "delete_routine", id: created.id }] })
    .where(mine);
  await planAndKeepPlanning(db, { userId: opts.userId, now: opts.now, locale: opts.locale });
  const [after] = await db.select().from(assistantActions).where(mine);
  return { card: toCard(after!)!, calendarChanged: true };
}
