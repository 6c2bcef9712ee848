import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.ts";
import { defineRoute, respond, serialized } from "../http/define-route.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";
import { createTask } from "../tasks/create-task.ts";
import { deleteTask } from "../tasks/delete-task.ts";
import { listTasks } from "../tasks/list-tasks.ts";
import { toTaskDto } from "../tasks/task-dto.ts";
import { updateTask } from "../tasks/update-task.ts";

/** Per user, like calendar writes: a device coming back online replays its queue at once. */
export const TASK_WRITE_RATE_LIMIT = {
  name: "task-write",
  max: 600,
  windowSeconds: 600,
  by: "user" as const,
};

/** Tasks the scheduler places. Only the owner sees or changes them (others get 404). */
export function registerTaskRoutes(app: FastifyInstance, ctx: AppContext): void {
  const write = { preHandler: [rateLimit(ctx.db, TASK_WRITE_RATE_LIMIT)] };

  // a list answered again is the same object, its JSON written once
  defineRoute(app, ctx, "listTasks", async ({ user }) =>
    serialized(await listTasks(ctx.db, user.id)),
  );

  defineRoute(
    app,
    ctx,
    "createTask",
    async ({ user, body }) => {
      const { created, row } = await createTask(ctx.db, { userId: user.id, input: body });
      return respond(created ? 201 : 200, { task: toTaskDto(row) });
    },
    write,
  );

  defineRoute(
    app,
    ctx,
    "updateTask",
    async ({ user, params, body }) => ({
      task: toTaskDto(
        await updateTask(ctx.db, {
          userId: user.id,
          taskId: params.id,
          input: body,
          now: ctx.now(),
        }),
      ),
    }),
    write,
  );

  defineRoute(
    app,
    ctx,
    "deleteTask",
    async ({ user, params }) => {
      await deleteTask(ctx.db, { userId: user.id, taskId: params.id, now: ctx.now() });
      return respond(204);
    },
    write,
  );
}
