import { and, asc, eq, isNull } from "drizzle-orm";
import { TASK_LIMITS } from "../../core/contract/tasks.ts";
import type { Db } from "../db/client.ts";
import { tasks } from "../db/schema.ts";

/** Every live task of the user: a user has at most TASK_LIMITS.tasksPerUser, so all fit. */
export async function listTasks(db: Db, userId: string) {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, userId), isNull(tasks.deletedAt)))
    .orderBy(asc(tasks.status), asc(tasks.deadline), asc(tasks.createdAt), asc(tasks.id))
    .limit(TASK_LIMITS.tasksPerUser);
}
