import type { FastifyInstance } from "fastify";
import { deleteAccount } from "../account/delete-account.ts";
import { exportAccount } from "../account/export-account.ts";
import type { AppContext } from "../context.ts";
import { notFound } from "../errors.ts";
import { defineRoute, respond } from "../http/define-route.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";
import { hintCookieOptions, REFRESH_COOKIE, SIGNED_IN_HINT_COOKIE } from "./auth.ts";

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limited = (name: string) => ({
    preHandler: [rateLimit(ctx.db, { name, max: 5, windowSeconds: 60, by: "user" })],
  });

  defineRoute(
    app,
    ctx,
    "exportAccount",
    async ({ user, reply }) => {
      const now = ctx.now();
      const data = await exportAccount(ctx.db, user.id, now);
      if (!data) throw notFound("Account not found");
      reply.header(
        "content-disposition",
        `attachment; filename="sage-export-${now.toISOString().slice(0, 10)}.json"`,
      );
      reply.header("cache-control", "no-store");
      return data;
    },
    limited("account-export"),
  );

  defineRoute(
    app,
    ctx,
    "deleteAccount",
    async ({ user, request, reply }) => {
      await deleteAccount(
        {
          db: ctx.db,
          billing: ctx.billing,
          log: request.log,
          sessionSecret: ctx.config.sessionSecret,
          now: ctx.now,
          config: ctx.config,
          google: ctx.google,
        },
        user.id,
      );
      reply.clearCookie(REFRESH_COOKIE, {
        path: "/api/auth",
        httpOnly: true,
        sameSite: "lax",
        secure: ctx.config.publicUrl.protocol === "https:",
      });
      reply.clearCookie(
        SIGNED_IN_HINT_COOKIE,
        hintCookieOptions(ctx.config.publicUrl.protocol === "https:"),
      );
      return respond(204);
    },
    limited("account-delete"),
  );
}
