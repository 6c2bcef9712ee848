import type { FastifyInstance } from "fastify";
import { deleteAccountRequest } from "../../core/contract/account.ts";
import { deleteAccount } from "../account/delete-account.ts";
import { exportAccount } from "../account/export-account.ts";
import { currentUser } from "../auth/authenticate.ts";
import { googleRefreshTokens, revokeGoogleTokens } from "../connections/revoke-google.ts";
import type { AppContext } from "../context.ts";
import { notFound, parseInput } from "../errors.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";
import { hintCookieOptions, REFRESH_COOKIE, SIGNED_IN_HINT_COOKIE } from "./auth.ts";

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limited = (name: string) => ({
    preHandler: [
      ctx.requireUser,
      rateLimit(ctx.db, { name, max: 5, windowSeconds: 60, by: "user" }),
    ],
  });

  app.get("/api/account/export", limited("account-export"), async (request, reply) => {
    const now = ctx.now();
    const data = await exportAccount(ctx.db, currentUser(request).id, now);
    if (!data) throw notFound("Account not found");
    reply.header(
      "content-disposition",
      `attachment; filename="sage-export-${now.toISOString().slice(0, 10)}.json"`,
    );
    reply.header("cache-control", "no-store");
    return data;
  });

  app.delete("/api/account", limited("account-delete"), async (request, reply) => {
    parseInput(deleteAccountRequest, request.body);
    const userId = currentUser(request).id;
    // Google calendar grants are revoked once the account is gone (read before, revoked after)
    const revoking = { db: ctx.db, config: ctx.config, google: ctx.google, log: request.log };
    const googleTokens = await googleRefreshTokens(revoking, userId);
    await deleteAccount({ db: ctx.db, billing: ctx.billing, log: request.log }, userId);
    await revokeGoogleTokens(revoking, googleTokens);
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
    return reply.code(204).send();
  });
}
