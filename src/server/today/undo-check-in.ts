import { and, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { SIGNAL_KINDS, SIGNAL_SOURCES } from "../../core/contract/insights.ts";
import { TASK_LEVELS, TASK_STATUSES } from "../../core/contract/tasks.ts";
import { CHECK_IN_OUTCOMES } from "../../core/contract/today.ts";
import type { Db } from "../db/client.ts";
import { checkIns, tasks, workSignals } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { checkInKey, finishedKey, untouchedKey } from "../learning/record-evidence.ts";
import { requestReplan } from "../planning/replan-worker.ts";

const int = z.number().int().nullable();
/** One piece of evidence as it was stored (work_signals), to put back exactly. */
const storedSignal = z.object({
  key: z.string().max(200),
  kind: z.enum(SIGNAL_KINDS),
  source: z.enum(SIGNAL_SOURCES),
  energy: z.enum(TASK_LEVELS),
  taskId: z.uuid().nullable(),
  weekday: int,
  minute: int,
  lengthMinutes: int,
  minutes: int,
  toWeekday: int,
  toMinute: int,
  estimateMinutes: int,
  actualMinutes: int,
  createdAt: z.string(),
});

/**
 * The Undo of a check-in the assistant recorded (a block that does not repeat): everything
 * recordCheckIn changed besides the block itself (a removed block is its own restore_event
 * step). `at` is the check-in's instant: a later check-in of the block replaced it, and Undo
 * then refuses rather than take back what the person said since. `before` is how things were:
 * the block's earlier check-in (or none), the evidence under the keys a check-in writes or
 * forgets, and the task's status.
 */
export const undoCheckInStep = z.object({
  op: z.literal("undo_check_in"),
  eventId: z.uuid(),
  /** Null for a routine's session: there is no task status to put back. */
  taskId: z.uuid().nullable(),
  at: z.iso.datetime({ offset: true }),
  before: z.object({
    checkIn: z
      .object({
        outcome: z.enum(CHECK_IN_OUTCOMES),
        minutes: int,
        plannedMinutes: z.number().int(),
        closedTask: z.boolean(),
        createdAt: z.string(),
      })
      .nullable(),
    keys: z.array(z.string().max(200)).max(3),
    signals: z.array(storedSignal).max(3),
    taskStatus: z.enum(TASK_STATUSES),
  }),
  /** The task's status right after the check-in: Undo puts it back only if the check-in moved it. */
  taskStatusAfter: z.enum(TASK_STATUSES),
});
export type UndoCheckInStep = z.infer<typeof undoCheckInStep>;
type Before = UndoCheckInStep["before"];

const CHANGED_SINCE = "This has been changed since, so I've left it as it is now.";

/** How a block's check-in state is now, before the assistant checks it in (its Undo). */
export async function checkInSnapshot(
  db: Db,
  opts: { userId: string; eventId: string; taskId: string | null },
): Promise<Before> {
  const keys = [checkInKey(opts.eventId, null), untouchedKey(opts.eventId)];
  if (opts.taskId) keys.push(finishedKey(opts.taskId));
  const [previous] = await db
    .select()
    .from(checkIns)
    .where(
      and(
        eq(checkIns.userId, opts.userId),
        eq(checkIns.eventId, opts.eventId),
        isNull(checkIns.occurrenceStart),
      ),
    );
  const signals = await db
    .select()
    .from(workSignals)
    .where(and(eq(workSignals.userId, opts.userId), inArray(workSignals.key, keys)));
  return {
    checkIn: previous
      ? {
          outcome: previous.outcome,
          minutes: previous.minutes,
          plannedMinutes: previous.plannedMinutes,
          closedTask: previous.closedTask,
          createdAt: previous.createdAt.toISOString(),
        }
      : null,
    keys,
    signals: signals.map(({ id: _id, userId: _u, createdAt, ...rest }) => ({
      ...rest,
      createdAt: createdAt.toISOString(),
    })),
    taskStatus: opts.taskId ? await taskStatus(db, opts.userId, opts.taskId) : "open",
  };
}

export async function taskStatus(db: Db, userId: string, taskId: string) {
  const [task] = await db
    .select({ status: tasks.status })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)));
  return task?.status ?? "open";
}

/**
 * Puts a check-in back as it was, in the caller's transaction: the block's earlier check-in
 * (or none), the evidence, and the task's status when the check-in changed it. A block checked
 * in again since, or a task deleted since, is a 409 and nothing is touched (the transaction
 * rolls back). The plan rests on check-ins, so Sage re-plans.
 */
export async function undoCheckIn(db: Db, userId: string, step: UndoCheckInStep): Promise<void> {
  const mine = and(
    eq(checkIns.userId, userId),
    eq(checkIns.eventId, step.eventId),
    isNull(checkIns.occurrenceStart),
  );
  const [current] = await db.select({ createdAt: checkIns.createdAt }).from(checkIns).where(mine);
  if (!current || current.createdAt.getTime() !== Date.parse(step.at))
    throw new AppError(409, "conflict", CHANGED_SINCE);
  const { before } = step;
  if (before.checkIn) {
    await db
      .update(checkIns)
      .set({ ...before.checkIn, createdAt: new Date(before.checkIn.createdAt) })
      .where(mine);
  } else {
    await db.delete(checkIns).where(mine);
  }
  // the evidence exactly as it was: what the check-in wrote goes, what it forgot comes back
  await db
    .delete(workSignals)
    .where(and(eq(workSignals.userId, userId), inArray(workSignals.key, before.keys)));
  if (before.signals.length > 0)
    await db
      .insert(workSignals)
      .values(before.signals.map((s) => ({ ...s, userId, createdAt: new Date(s.createdAt) })));
  if (step.taskId && before.taskStatus !== step.taskStatusAfter) {
    const back = await db
      .update(tasks)
      .set({ status: before.taskStatus, updatedAt: new Date() })
      .where(
        and(
          eq(tasks.id, step.taskId),
          eq(tasks.userId, userId),
          eq(tasks.status, step.taskStatusAfter),
          isNull(tasks.deletedAt),
        ),
      )
      .returning({ id: tasks.id });
    if (back.length === 0) throw new AppError(409, "conflict", CHANGED_SINCE);
  }
  await requestReplan(db, userId);
}
