import type { FastifyInstance, FastifyRequest } from "fastify";
import { localeFrom } from "../assistant/format-when.ts";
import { pushAllBlocks } from "../connections/refresh-connections.ts";
import type { AppContext } from "../context.ts";
import { defineRoute, respond } from "../http/define-route.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";
import { createRoutine } from "../routines/create-routine.ts";
import { deleteRoutine } from "../routines/delete-routine.ts";
import { listRoutines } from "../routines/list-routines.ts";
import { placeRoutineSessions } from "../routines/place-routine-sessions.ts";
import { toRoutineDto } from "../routines/routine-dto.ts";
import { updateRoutine } from "../routines/update-routine.ts";
import { TASK_WRITE_RATE_LIMIT } from "./tasks.ts";

/** Routines the planner places each week (issue 29). Only the owner's (others get 404). */
export function registerRoutineRoutes(app: FastifyInstance, ctx: AppContext): void {
  const write = { preHandler: [rateLimit(ctx.db, TASK_WRITE_RATE_LIMIT)] };
  const deps = (request: FastifyRequest) => ({
    db: ctx.db,
    config: ctx.config,
    now: ctx.now,
    log: request.log,
    google: ctx.google,
  });
  // its sessions are in the week by the time the answer arrives
  const place = (request: FastifyRequest, userId: string) =>
    placeRoutineSessions(deps(request), {
      userId,
      locale: localeFrom(request.headers["accept-language"]),
    });

  defineRoute(app, ctx, "listRoutines", async ({ user }) => ({
    routines: (await listRoutines(ctx.db, user.id)).map(toRoutineDto),
  }));

  defineRoute(
    app,
    ctx,
    "createRoutine",
    async ({ user, body, request }) => {
      const row = await createRoutine(ctx.db, { userId: user.id, input: body });
      await place(request, user.id);
      return respond(201, { routine: toRoutineDto(row) });
    },
    write,
  );

  defineRoute(
    app,
    ctx,
    "updateRoutine",
    async ({ user, params, body, request }) => {
      const row = await updateRoutine(ctx.db, {
        userId: user.id,
        routineId: params.id,
        input: body,
        now: ctx.now(),
      });
      await place(request, user.id);
      return { routine: toRoutineDto(row) };
    },
    write,
  );

  defineRoute(
    app,
    ctx,
    "deleteRoutine",
    async ({ user, params, request }) => {
      await deleteRoutine(ctx.db, { userId: user.id, routineId: params.id, now: ctx.now() });
      // its future sessions leave the write calendar too; the re-plan the deletion asks
      // for gives their time to the rest of the plan
      await pushAllBlocks(deps(request), { userId: user.id });
      return respond(204);
    },
    write,
  );
}
