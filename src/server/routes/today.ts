import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.ts";
import { defineRoute, respond } from "../http/define-route.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";
import { markTodaySeen, readToday } from "../today/read-today.ts";
import { recordCheckIn } from "../today/record-check-in.ts";
import { TASK_WRITE_RATE_LIMIT } from "./tasks.ts";

/** Today (the day's plan, load, what moved, what carried over) and check-ins on blocks. */
export function registerTodayRoutes(app: FastifyInstance, ctx: AppContext): void {
  // a check-in is a write like a task edit (a phone back online may replay a few at once)
  const write = { preHandler: [rateLimit(ctx.db, TASK_WRITE_RATE_LIMIT)] };

  defineRoute(app, ctx, "getToday", async ({ user, query, request }) =>
    readToday(ctx.db, { userId: user.id, date: query.date, now: ctx.now(), log: request.log }),
  );

  defineRoute(app, ctx, "markTodaySeen", async ({ user, body }) => {
    await markTodaySeen(ctx.db, {
      userId: user.id,
      through: new Date(body.through),
      now: ctx.now(),
    });
    return respond(204);
  });

  defineRoute(
    app,
    ctx,
    "checkIn",
    async ({ user, body }) => {
      // asks for a re-plan in its transaction (the rest of the task's time moves if needed)
      return recordCheckIn(ctx.db, { userId: user.id, input: body, now: ctx.now() });
    },
    write,
  );
}
