import type { FastifyInstance } from "fastify";
import { connectionDto, listConnections, ownedConnection } from "../connections/connection-dto.ts";
import { createCalDavConnection, createIcsConnection } from "../connections/create-connection.ts";
import { deleteConnection } from "../connections/delete-connection.ts";
import { type SyncDeps, syncConnection } from "../connections/sync-connection.ts";
import { updateConnection } from "../connections/update-connection.ts";
import type { AppContext } from "../context.ts";
import { defineRoute, respond } from "../http/define-route.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";
import { registerGoogleConnectRoutes } from "./connections-google.ts";
import { registerMicrosoftConnectRoutes } from "./connections-microsoft.ts";

/** Connected calendars (issue 16). Only the owner sees or changes a connection (others: 404). */
export function registerConnectionRoutes(app: FastifyInstance, ctx: AppContext): void {
  // each of these fetches someone else's server: metered per user
  const outbound = {
    preHandler: [
      rateLimit(ctx.db, { name: "connections-fetch", max: 30, windowSeconds: 600, by: "user" }),
    ],
  };
  const deps = <L extends SyncDeps["log"]>(log: L) => ({
    db: ctx.db,
    config: ctx.config,
    now: ctx.now,
    log,
    google: ctx.google,
  });

  defineRoute(app, ctx, "listConnections", async ({ user }) => ({
    connections: await listConnections(ctx.db, user.id, ctx.now()),
  }));

  defineRoute(
    app,
    ctx,
    "createConnection",
    async ({ user, body: input, request }) => {
      const userId = user.id;
      const connection =
        input.kind === "ics"
          ? await createIcsConnection(deps(request.log), { userId, input })
          : await createCalDavConnection(deps(request.log), { userId, input });
      return respond(201, { connection });
    },
    outbound,
  );

  defineRoute(app, ctx, "updateConnection", async ({ user, params, body }) => ({
    connection: await updateConnection(ctx.db, {
      userId: user.id,
      id: params.id,
      input: body,
      now: ctx.now(),
    }),
  }));

  defineRoute(
    app,
    ctx,
    "syncConnection",
    async ({ user, params: { id }, request }) => {
      await ownedConnection(ctx.db, user.id, id);
      await syncConnection(deps(request.log), id);
      return { connection: await connectionDto(ctx.db, user.id, id, ctx.now()) };
    },
    outbound,
  );

  defineRoute(app, ctx, "deleteConnection", async ({ user, params, query, request }) => {
    await deleteConnection(deps(request.log), {
      userId: user.id,
      id: params.id,
      removeBlocks: query.removeBlocks === "1",
    });
    return respond(204);
  });

  registerGoogleConnectRoutes(app, ctx, deps);
  registerMicrosoftConnectRoutes(app, ctx, deps);
}
