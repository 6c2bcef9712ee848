import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { TASK_LIMITS, type Task } from "../../core/contract/tasks.ts";
import { PerUserCache } from "../cache/per-user-cache.ts";
import type { Db } from "../db/client.ts";
import { preparedPerDb } from "../db/prepared.ts";
import { tasks, taskVersions } from "../db/schema.ts";
import { toTaskDto } from "./task-dto.ts";

/**
 * Every live task of a user, in the list's order, each row with the user's task-list
 * version (task_versions, 0 before their first task) read in the same snapshot; the
 * sub-select depends on the parameter only, so PostgreSQL runs it once (`userId`).
 */
export const liveTasksQuery = (db: Db) =>
  db
    .select({
      version: sql<number>`coalesce((select v."version" from "task_versions" v
        where v."user_id" = ${sql.placeholder("userId")}), 0)`.mapWith(Number),
      task: tasks,
    })
    .from(tasks)
    .where(and(eq(tasks.userId, sql.placeholder("userId")), isNull(tasks.deletedAt)))
    .orderBy(asc(tasks.status), asc(tasks.deadline), asc(tasks.createdAt), asc(tasks.id))
    .limit(TASK_LIMITS.tasksPerUser);
const liveTasks = preparedPerDb((db) => liveTasksQuery(db).prepare("live_tasks"));

/** What a cached task list is checked against: the version's primary-key row (`userId`). */
const taskVersion = preparedPerDb((db) =>
  db
    .select({ version: taskVersions.version })
    .from(taskVersions)
    .where(eq(taskVersions.userId, sql.placeholder("userId")))
    .prepare("task_version"),
);

export type TaskList = { tasks: Task[] };

/** Task lists held per process and database: 1,000 tasks (the cap) take ~0.9 MB. */
export const TASK_LIST_CACHE_BYTES = 16 * 1024 * 1024;
const taskLists = preparedPerDb(
  () =>
    new PerUserCache<{ version: number }, TaskList>(
      TASK_LIST_CACHE_BYTES,
      // a task's objects and, once served, its JSON
      (list) => 100 + list.tasks.length * 900,
    ),
);

/**
 * The user's live tasks (tombstones left out; at most TASK_LIMITS.tasksPerUser, so all
 * fit). A list this process answered before is checked with one primary-key row — the
 * task-list version, bumped by a trigger in the transaction of every change to the user's
 * tasks, through any instance — and answered again as it is; otherwise one statement reads
 * the rows and their version. The list returned is shared: callers must not change it.
 */
export async function listTasks(db: Db, userId: string): Promise<TaskList> {
  const cache = taskLists(db);
  if (cache.stampOf(userId)) {
    const [row] = await taskVersion(db).execute({ userId });
    const hit = cache.get(userId, { version: row?.version ?? 0 });
    if (hit) return hit;
  }
  const rows = await liveTasks(db).execute({ userId });
  const list = { tasks: rows.map((row) => toTaskDto(row.task)) };
  // no row carries the version of an empty list: not held (there is nothing to save)
  if (rows[0]) cache.set(userId, { version: rows[0].version }, list);
  return list;
}
