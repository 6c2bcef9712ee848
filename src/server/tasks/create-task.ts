import { randomUUID } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import { type createTaskRequest, TASK_LIMITS } from "../../core/contract/tasks.ts";
import type { Db } from "../db/client.ts";
import { lockUserWrites } from "../db/lock-user-writes.ts";
import { tasks } from "../db/schema.ts";
import { AppError } from "../errors.ts";

type Row = typeof tasks.$inferSelect;
type Input = ReturnType<typeof createTaskRequest.parse>;

export function taskColumns(input: Omit<Input, "id">) {
  return {
    title: input.title,
    estimatedMinutes: input.estimateMinutes,
    deadline: input.deadline ? new Date(input.deadline) : null,
    priority: input.priority,
    energy: input.energy,
    splittable: input.splittable,
    minChunkMinutes: input.minChunkMinutes,
    status: input.status,
  };
}

/**
 * Creates a task under the client's own id. Idempotent: the same id and owner again returns
 * the stored task (`created: false`), never a duplicate and never an overwrite, so a retry
 * after a lost answer or a crash is harmless — even when the task was deleted since: the
 * answer is then its tombstone (`deletedAt` set), and the task stays deleted, as with events.
 * Another user's id → 409. At most TASK_LIMITS.tasksPerUser live tasks, exactly, however
 * many creates run at once (the count and the insert hold the user's lock); tombstones
 * don't count.
 */
export async function createTask(
  db: Db,
  opts: { userId: string; input: Input },
): Promise<{ created: boolean; row: Row }> {
  const { id: clientId, ...fields } = opts.input;
  const id = clientId ?? randomUUID();
  const existing = await findById(db, id);
  if (existing) return replayed(existing, opts.userId);

  const row = await db.transaction(async (tx) => {
    await lockUserWrites(tx, opts.userId);
    await assertRoomForTasks(tx, { userId: opts.userId, adding: 1 });
    const [inserted] = await tx
      .insert(tasks)
      .values({ id, userId: opts.userId, ...taskColumns(fields) })
      .onConflictDoNothing({ target: tasks.id })
      .returning();
    return inserted;
  });
  if (row) return { created: true, row };
  // a concurrent create with the same id won the race
  return replayed((await findById(db, id))!, opts.userId);
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Throws 403 unless `adding` more tasks keep the user's live tasks within
 * TASK_LIMITS.tasksPerUser. Call it in the transaction that inserts them, after
 * lockUserWrites, so concurrent creates take turns and the cap stays exact.
 */
export async function assertRoomForTasks(tx: Tx, opts: { userId: string; adding: number }) {
  const [live] = await tx
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.userId, opts.userId), isNull(tasks.deletedAt)));
  if ((live?.n ?? 0) + opts.adding > TASK_LIMITS.tasksPerUser) {
    throw new AppError(
      403,
      "forbidden",
      `You have ${TASK_LIMITS.tasksPerUser.toLocaleString("en")} tasks, the most Sage keeps. Delete some tasks first.`,
    );
  }
}

async function findById(db: Db, id: string): Promise<Row | undefined> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row;
}

function replayed(row: Row, userId: string) {
  if (row.userId !== userId) {
    throw new AppError(409, "conflict", "A task with this id already exists.");
  }
  return { created: false, row };
}
