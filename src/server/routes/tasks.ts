import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { idParam } from "../../core/contract/chat.ts";
import { createTaskRequest, taskInput } from "../../core/contract/tasks.ts";
import { currentUser } from "../auth/authenticate.ts";
import type { AppContext } from "../context.ts";
import { tasks } from "../db/schema.ts";
import { notFound, parseInput } from "../errors.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";
import { createTask, taskColumns } from "../tasks/create-task.ts";
import { deleteTask } from "../tasks/delete-task.ts";
import { listTasks } from "../tasks/list-tasks.ts";

type Row = typeof tasks.$inferSelect;

export const toTaskDto = (row: Row) => ({
  id: row.id,
  title: row.title,
  estimateMinutes: row.estimatedMinutes,
  deadline: row.deadline?.toISOString() ?? null,
  priority: row.priority,
  energy: row.energy,
  splittable: row.splittable,
  minChunkMinutes: row.minChunkMinutes,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  /** Set only on a replayed create of a deleted task: the tombstone answers, nothing returns. */
  deletedAt: row.deletedAt?.toISOString() ?? null,
});

/** Per user, like calendar writes: a device coming back online replays its queue at once. */
export const TASK_WRITE_RATE_LIMIT = {
  name: "task-write",
  max: 600,
  windowSeconds: 600,
  by: "user" as const,
};

/** Tasks the scheduler places. Only the owner sees or changes them (others get 404). */
export function registerTaskRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: ctx.requireUser };
  const write = { preHandler: [ctx.requireUser, rateLimit(ctx.db, TASK_WRITE_RATE_LIMIT)] };
  // a deleted task (a tombstone) is gone for every read and edit: only a replayed create sees it
  const owned = (id: string, userId: string) =>
    and(eq(tasks.id, id), eq(tasks.userId, userId), isNull(tasks.deletedAt));

  /** Every live task of the user: a user has at most TASK_LIMITS.tasksPerUser, so all fit. */
  app.get("/api/tasks", auth, async (request) => {
    const rows = await listTasks(ctx.db, currentUser(request).id);
    return { tasks: rows.map(toTaskDto) };
  });

  app.post("/api/tasks", write, async (request, reply) => {
    const input = parseInput(createTaskRequest, request.body);
    const { created, row } = await createTask(ctx.db, { userId: currentUser(request).id, input });
    return reply.code(created ? 201 : 200).send({ task: toTaskDto(row) });
  });

  app.put("/api/tasks/:id", write, async (request) => {
    const user = currentUser(request);
    const { id } = parseInput(idParam, request.params);
    const input = parseInput(taskInput, request.body);
    const [row] = await ctx.db
      .update(tasks)
      .set({ ...taskColumns(input), updatedAt: ctx.now() })
      .where(owned(id, user.id))
      .returning();
    if (!row) throw notFound("Task not found");
    return { task: toTaskDto(row) };
  });

  app.delete("/api/tasks/:id", write, async (request, reply) => {
    const user = currentUser(request);
    const { id } = parseInput(idParam, request.params);
    await deleteTask(ctx.db, { userId: user.id, taskId: id, now: ctx.now() });
    return reply.code(204).send();
  });
}
