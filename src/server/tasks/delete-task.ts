import { and, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { calendarEvents, tasks } from "../db/schema.ts";
import { notFound } from "../errors.ts";

/** The database or a transaction on it. */
type Executor = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/** How long a deleted task's tombstone keeps a replayed create from bringing it back. */
export const TASK_TOMBSTONE_DAYS = 30;
/** Old tombstones purged per delete: more than the one each delete adds, so they never pile up. */
const PURGE_PER_DELETE = 100;

/**
 * What a task becomes when deleted: a tombstone (deleted_at) that keeps its id, so a
 * replayed create of that id answers with the tombstone instead of bringing the task back.
 * Its title — the person's own words — goes at once.
 */
/**
 * Takes a task's planned blocks that have not started off the calendar (tombstones, version
 * bumped so synced copies follow); blocks that started, or that the person took over
 * (source user), stay. Answers what it removed, with the version after, for an undo.
 */
export function removeFutureTaskBlocks(
  db: Executor,
  opts: { userId: string; taskId: string; now: Date },
): Promise<{ id: string; version: number }[]> {
  return db
    .update(calendarEvents)
    .set({
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
      version: sql`${calendarEvents.version} + 1`,
    })
    .where(
      and(
        eq(calendarEvents.userId, opts.userId),
        eq(calendarEvents.taskId, opts.taskId),
        eq(calendarEvents.source, "assistant"),
        isNull(calendarEvents.deletedAt),
        gt(calendarEvents.startTime, opts.now),
      ),
    )
    .returning({ id: calendarEvents.id, version: calendarEvents.version });
}

export const taskTombstone = () => ({ deletedAt: sql`now()`, updatedAt: sql`now()`, title: "" });

/**
 * Deletes a task, leaving a tombstone, and in the same transaction the blocks the assistant
 * planned for it that have not started yet (tombstones too, so synced devices and the feed
 * drop them). Blocks that have started or passed, and blocks the user took over, stay as
 * ordinary events: they are history. Idempotent: deleting a deleted task succeeds again.
 * Another user's task or an unknown id → 404, and nothing changes. Purges up to 100 of the
 * user's tombstones older than TASK_TOMBSTONE_DAYS on the way.
 */
export async function deleteTask(
  db: Db,
  opts: { userId: string; taskId: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [task] = await tx
      .select({ id: tasks.id, deletedAt: tasks.deletedAt })
      .from(tasks)
      .where(and(eq(tasks.id, opts.taskId), eq(tasks.userId, opts.userId)))
      .for("update");
    if (!task) throw notFound("Task not found");
    if (task.deletedAt) return;
    await removeFutureTaskBlocks(tx, { userId: opts.userId, taskId: task.id, now: opts.now });
    await tx.update(tasks).set(taskTombstone()).where(eq(tasks.id, task.id));
    await purgeOldTaskTombstones(tx, opts.userId);
  });
}

/**
 * Removes up to 100 of the user's tombstones older than TASK_TOMBSTONE_DAYS (bounded work per
 * call, served by tasks_user_tombstones_idx). A purged task's past blocks keep their place in
 * the calendar; their task_id is cleared (ON DELETE SET NULL), as before tombstones.
 */
export async function purgeOldTaskTombstones(db: Executor, userId: string): Promise<void> {
  const old = db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        lt(tasks.deletedAt, sql`now() - make_interval(days => ${TASK_TOMBSTONE_DAYS})`),
      ),
    )
    .limit(PURGE_PER_DELETE);
  await db.delete(tasks).where(and(eq(tasks.userId, userId), inArray(tasks.id, old)));
}
