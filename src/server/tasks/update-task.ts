import { and, eq, isNull } from "drizzle-orm";
import type { updateTaskRequest } from "../../core/contract/tasks.ts";
import type { Db } from "../db/client.ts";
import { tasks } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { forgetFinished, recordFinished } from "../learning/record-evidence.ts";
import { taskColumns } from "./create-task.ts";

/**
 * Replaces a task's fields. Only the owner's live task: a deleted task (a tombstone) is gone
 * for every read and edit, and anyone else's id is a 404. Marked done with `actualMinutes`,
 * the minutes it took are evidence against its estimate (issue 27); opened again, that
 * evidence is forgotten. One transaction.
 */
export async function updateTask(
  db: Db,
  args: {
    userId: string;
    taskId: string;
    input: ReturnType<typeof updateTaskRequest.parse>;
    now: Date;
  },
) {
  const { actualMinutes, ...fields } = args.input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(tasks)
      .set({ ...taskColumns(fields), updatedAt: args.now })
      .where(and(eq(tasks.id, args.taskId), eq(tasks.userId, args.userId), isNull(tasks.deletedAt)))
      .returning();
    if (!row) throw notFound("Task not found");
    if (row.status === "open") await forgetFinished(tx, args.userId, row.id);
    else if (actualMinutes !== undefined)
      await recordFinished(tx, {
        userId: args.userId,
        taskId: row.id,
        actualMinutes,
        source: "tasks",
        now: args.now,
      });
    return row;
  });
}
