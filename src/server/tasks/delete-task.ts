import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { calendarEvents, tasks } from "../db/schema.ts";
import { notFound } from "../errors.ts";

/**
 * Deletes a task and, in the same transaction, the blocks the assistant planned for it that
 * have not started yet (tombstones, so synced devices and the feed drop them). Blocks that
 * have started or passed, and blocks the user took over, stay as ordinary events: they are
 * history. Another user's task or an unknown id → 404, and nothing changes.
 */
export async function deleteTask(
  db: Db,
  opts: { userId: string; taskId: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [task] = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.id, opts.taskId), eq(tasks.userId, opts.userId)))
      .for("update");
    if (!task) throw notFound("Task not found");
    // before the task goes: its delete clears task_id on every block (ON DELETE SET NULL)
    await tx
      .update(calendarEvents)
      .set({
        deletedAt: sql`now()`,
        updatedAt: sql`now()`,
        version: sql`${calendarEvents.version} + 1`,
      })
      .where(
        and(
          eq(calendarEvents.userId, opts.userId),
          eq(calendarEvents.taskId, task.id),
          eq(calendarEvents.source, "assistant"),
          isNull(calendarEvents.deletedAt),
          gt(calendarEvents.startTime, opts.now),
        ),
      );
    await tx.delete(tasks).where(eq(tasks.id, task.id));
  });
}
