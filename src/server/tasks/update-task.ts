import { and, eq, isNull } from "drizzle-orm";
import type { taskInput } from "../../core/contract/tasks.ts";
import type { Db } from "../db/client.ts";
import { tasks } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { taskColumns } from "./create-task.ts";

/**
 * Replaces a task's fields. Only the owner's live task: a deleted task (a tombstone) is gone
 * for every read and edit, and anyone else's id is a 404.
 */
export async function updateTask(
  db: Db,
  args: { userId: string; taskId: string; input: ReturnType<typeof taskInput.parse>; now: Date },
) {
  const [row] = await db
    .update(tasks)
    .set({ ...taskColumns(args.input), updatedAt: args.now })
    .where(and(eq(tasks.id, args.taskId), eq(tasks.userId, args.userId), isNull(tasks.deletedAt)))
    .returning();
  if (!row) throw notFound("Task not found");
  return row;
}
