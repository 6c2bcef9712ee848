import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { idParam } from "../../core/contract/chat.ts";
import { taskInput } from "../../core/contract/tasks.ts";
import { currentUser } from "../auth/authenticate.ts";
import type { AppContext } from "../context.ts";
import { tasks } from "../db/schema.ts";
import { notFound, parseInput } from "../errors.ts";
import { deleteTask } from "../tasks/delete-task.ts";

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
});

function toColumns(input: ReturnType<typeof taskInput.parse>) {
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

/** Tasks the scheduler places. Only the owner sees or changes them (others get 404). */
export function registerTaskRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: ctx.requireUser };
  const owned = (id: string, userId: string) => and(eq(tasks.id, id), eq(tasks.userId, userId));

  app.get("/api/tasks", auth, async (request) => {
    const user = currentUser(request);
    const rows = await ctx.db
      .select()
      .from(tasks)
      .where(eq(tasks.userId, user.id))
      .orderBy(asc(tasks.status), asc(tasks.deadline), asc(tasks.createdAt))
      .limit(500);
    return { tasks: rows.map(toTaskDto) };
  });

  app.post("/api/tasks", auth, async (request, reply) => {
    const user = currentUser(request);
    const input = parseInput(taskInput, request.body);
    const [row] = await ctx.db
      .insert(tasks)
      .values({ userId: user.id, ...toColumns(input) })
      .returning();
    return reply.code(201).send({ task: toTaskDto(row!) });
  });

  app.put("/api/tasks/:id", auth, async (request) => {
    const user = currentUser(request);
    const { id } = parseInput(idParam, request.params);
    const input = parseInput(taskInput, request.body);
    const [row] = await ctx.db
      .update(tasks)
      .set({ ...toColumns(input), updatedAt: ctx.now() })
      .where(owned(id, user.id))
      .returning();
    if (!row) throw notFound("Task not found");
    return { task: toTaskDto(row) };
  });

  app.delete("/api/tasks/:id", auth, async (request, reply) => {
    const user = currentUser(request);
    const { id } = parseInput(idParam, request.params);
    await deleteTask(ctx.db, { userId: user.id, taskId: id, now: ctx.now() });
    return reply.code(204).send();
  });
}
