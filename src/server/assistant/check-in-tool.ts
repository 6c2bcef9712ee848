import { and, asc, eq, gt, isNull, lt } from "drizzle-orm";
import { DateTime } from "luxon";
import type { CalendarToolCall } from "../../core/assistant/calendar-tools.ts";
import { checkInRequest } from "../../core/contract/today.ts";
import { calendarEvents, checkIns } from "../db/schema.ts";
import { recordCheckIn } from "../today/record-check-in.ts";
import { checkInSnapshot, taskStatus } from "../today/undo-check-in.ts";
import type { ToolOutcome } from "./event-tools.ts";
import type { ToolCtx } from "./find-events.ts";
import { quote } from "./format-when.ts";
import type { UndoStep } from "./record-actions.ts";
import { findRoutine, skipSessionTool } from "./routine-tools.ts";
import { findOpenTask, markTaskDone } from "./task-tools.ts";

type Call = Extract<CalendarToolCall, { tool: "check_in" }>;
type Block = { id: string; start: Date; end: Date; checked: boolean };
const said = (reply: string): ToolOutcome => ({ reply, changed: false, actions: [] });

/** Whose blocks: a task's, or a routine's sessions (issue 29). */
type Owner = { taskId: string } | { routineId: string };

/**
 * Today's blocks of one task or routine (in the person's zone), with whether each has a
 * check-in yet. Only blocks that do not repeat: Sage's plan writes none that do, and a
 * repeating one would need its occurrence said.
 */
async function blocksToday(ctx: ToolCtx, owner: Owner): Promise<Block[]> {
  const day = DateTime.fromJSDate(ctx.now, { zone: ctx.voice.zone }).startOf("day");
  const rows = await ctx.db
    .select({
      id: calendarEvents.id,
      start: calendarEvents.startTime,
      end: calendarEvents.endTime,
      checkIn: checkIns.id,
    })
    .from(calendarEvents)
    .leftJoin(
      checkIns,
      and(eq(checkIns.eventId, calendarEvents.id), isNull(checkIns.occurrenceStart)),
    )
    .where(
      and(
        eq(calendarEvents.userId, ctx.userId),
        "taskId" in owner
          ? eq(calendarEvents.taskId, owner.taskId)
          : eq(calendarEvents.routineId, owner.routineId),
        isNull(calendarEvents.deletedAt),
        isNull(calendarEvents.recurrenceFrequency),
        lt(calendarEvents.startTime, day.plus({ days: 1 }).toJSDate()),
        gt(calendarEvents.endTime, day.toJSDate()),
      ),
    )
    .orderBy(asc(calendarEvents.startTime))
    .limit(50);
  return rows.map((r) => ({
    id: r.id,
    start: r.start,
    end: r.end ?? r.start,
    checked: r.checkIn !== null,
  }));
}

/**
 * The block a check-in means: the one in progress, else the one that ended most recently
 * today; for "skipped", else the next one later today. A block not checked in yet comes first
 * (the morning's block is done, the afternoon's is the one being skipped).
 */
function blockMeant(blocks: Block[], outcome: Call["outcome"], now: Date): Block | undefined {
  const at = now.getTime();
  const started = blocks
    .filter((b) => b.start.getTime() <= at)
    .sort((a, b) => {
      const running = Number(b.end.getTime() > at) - Number(a.end.getTime() > at);
      return running || b.end.getTime() - a.end.getTime();
    });
  const ahead = blocks.filter((b) => b.start.getTime() > at);
  const later = outcome === "skipped" ? ahead : [];
  const open = (list: Block[]) => list.find((b) => !b.checked);
  // one not checked in yet first; else the same order again (a new check-in replaces one)
  return open(started) ?? open(later) ?? started[0] ?? later[0];
}

const OUTCOME_LINE = { done: "Done", skipped: "Skipped" } as const;

/**
 * "I did the report", "I did 30 minutes of the report", "skipped the gym": a check-in of
 * today's block of the one open task the phrase names — or, when no open task has that name,
 * of today's session of the routine it names (issue 29) — recorded as the Today view records
 * it (source "assistant": evidence Sage learns from), with an Undo that puts everything back.
 * Several tasks match → it asks which; none → it says so. No block of it today: "done" marks
 * the task done (as complete_task), the others say there is nothing to check in on. A routine's
 * session skipped before it began is that day's session skipped (as "skip gym today").
 */
export async function checkInTool(ctx: ToolCtx, call: Call): Promise<ToolOutcome> {
  const found = await findOpenTask(ctx, call.title, {
    held: "I haven't noted anything",
    question: "Which one do you mean?",
  });
  if ("reply" in found) {
    const routine = found.none ? await findRoutine(ctx, call.title) : undefined;
    return routine ? checkInSession(ctx, call, routine) : said(found.reply);
  }
  const { task } = found;
  const block = blockMeant(await blocksToday(ctx, { taskId: task.id }), call.outcome, ctx.now);
  if (!block) {
    if (call.outcome === "done") return markTaskDone(ctx, task);
    return said(
      `There's no block of ${quote(task.title)} today to check in on, so I've left it as it is.`,
    );
  }
  const name = quote(task.title);
  return recordWithUndo(
    ctx,
    call,
    { title: task.title, block, taskId: task.id },
    (taskDone, minutes) =>
      call.outcome === "done"
        ? `Noted — ${name} done.${taskDone ? " That was its last block, so the task is done too." : ""}`
        : call.outcome === "partly"
          ? `Noted ${minutes} minutes on ${name}; the rest gets a new time.`
          : `Skipped ${name}; I'll find it another time.`,
  );
}

/** A check-in of today's session of a routine ("I did the gym", "skipped my run"). */
async function checkInSession(
  ctx: ToolCtx,
  call: Call,
  routine: { id: string; title: string },
): Promise<ToolOutcome> {
  const block = blockMeant(
    await blocksToday(ctx, { routineId: routine.id }),
    call.outcome,
    ctx.now,
  );
  const name = quote(routine.title);
  if (call.outcome === "skipped" && (!block || block.start > ctx.now)) {
    // not begun (or none placed today): the day's session is skipped and counts for the week
    const today = DateTime.fromJSDate(ctx.now, { zone: ctx.voice.zone }).toISODate()!;
    return skipSessionTool(ctx, {
      tool: "skip_routine_session",
      title: routine.title,
      date: today,
    });
  }
  if (!block)
    return said(`There's no session of ${name} today to check in on, so I've left it as it is.`);
  return recordWithUndo(ctx, call, { title: routine.title, block, taskId: null }, (_, minutes) =>
    call.outcome === "done"
      ? `Noted — ${name} done. Nice work.`
      : call.outcome === "partly"
        ? `Noted ${minutes} minutes of ${name}.`
        : `Noted — you let ${name} go today. It still counts for this week; no need to make it up.`,
  );
}

/**
 * Records the check-in of one block with its Undo: how things were is read under the block's
 * row lock (recordCheckIn takes the same lock in its nested transaction), so the Undo puts
 * back exactly what this check-in replaced.
 */
async function recordWithUndo(
  ctx: ToolCtx,
  call: Call,
  what: { title: string; block: Block; taskId: string | null },
  reply: (taskDone: boolean, minutes: number | undefined) => string,
): Promise<ToolOutcome> {
  const { block, taskId } = what;
  if (call.outcome === "partly" && call.minutes === undefined)
    return said(
      `How much of ${quote(what.title)} did you get done? Say, for example, “I did 30 minutes of ${what.title.toLowerCase()}”.`,
    );
  const input = checkInRequest.parse({
    eventId: block.id,
    outcome: call.outcome,
    ...(call.outcome !== "skipped" && call.minutes !== undefined
      ? { minutes: Math.round(call.minutes) }
      : {}),
    source: "assistant",
  });
  const { taskDone, undo } = await ctx.db.transaction(async (tx) => {
    await tx
      .select({ id: calendarEvents.id })
      .from(calendarEvents)
      .where(and(eq(calendarEvents.id, block.id), eq(calendarEvents.userId, ctx.userId)))
      .for("update");
    const before = await checkInSnapshot(tx, { userId: ctx.userId, eventId: block.id, taskId });
    const recorded = await recordCheckIn(tx, { userId: ctx.userId, input, now: ctx.now });
    const steps: UndoStep[] = [
      {
        op: "undo_check_in",
        eventId: block.id,
        taskId,
        at: recorded.checkIn.createdAt,
        before,
        taskStatusAfter: taskId ? await taskStatus(tx, ctx.userId, taskId) : "open",
      },
    ];
    // a skipped block of Sage's that had not begun is off the calendar: Undo brings it back
    const [after] = await tx
      .select({ version: calendarEvents.version, deletedAt: calendarEvents.deletedAt })
      .from(calendarEvents)
      .where(eq(calendarEvents.id, block.id));
    if (after?.deletedAt) steps.push({ op: "restore_event", id: block.id, version: after.version });
    return { ...recorded, undo: steps };
  });

  return {
    reply: reply(taskDone, input.minutes),
    changed: true,
    actions: [
      {
        card: {
          kind: "checked_in",
          items: [
            {
              title: what.title,
              start: block.start.toISOString(),
              end: block.end.toISOString(),
              why:
                call.outcome === "partly"
                  ? `${input.minutes} min done`
                  : OUTCOME_LINE[call.outcome],
            },
          ],
          conflicts: [],
        },
        undo,
      },
    ],
  };
}
