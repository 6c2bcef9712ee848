import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { TASK_LIMITS } from "../../core/contract/tasks.ts";
import type { Db } from "../db/client.ts";
import { preparedPerDb } from "../db/prepared.ts";
import { tasks } from "../db/schema.ts";

/** Every live task of a user, in the list's order (`userId` placeholder). */
export const liveTasksQuery = (db: Db) =>
  db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, sql.placeholder("userId")), isNull(tasks.deletedAt)))
    .orderBy(asc(tasks.status), asc(tasks.deadline), asc(tasks.createdAt), asc(tasks.id))
    .limit(TASK_LIMITS.tasksPerUser);
const liveTasks = preparedPerDb((db) => liveTasksQuery(db).prepare("live_tasks"));

/**
 * The user's live tasks (tombstones left out): a user has at most TASK_LIMITS.tasksPerUser,
 * so all fit. One named statement, planned once per pooled connection.
 */
export function listTasks(db: Db, userId: string): Promise<(typeof tasks.$inferSelect)[]> {
  return liveTasks(db).execute({ userId });
}
