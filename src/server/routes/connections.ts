import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { idParam } from "../../core/contract/chat.ts";
import {
  createConnectionRequest,
  deleteConnectionQuery,
  updateConnectionRequest,
} from "../../core/contract/connections.ts";
import { currentUser } from "../auth/authenticate.ts";
import { connectionDto, listConnections, ownedConnection } from "../connections/connection-dto.ts";
import { createCalDavConnection, createIcsConnection } from "../connections/create-connection.ts";
import { removeWrittenBlocks } from "../connections/push-blocks.ts";
import { googleRefreshTokens, revokeGoogleTokens } from "../connections/revoke-google.ts";
import { type SyncDeps, syncConnection } from "../connections/sync-connection.ts";
import { updateConnection } from "../connections/update-connection.ts";
import type { AppContext } from "../context.ts";
import { calendarConnections } from "../db/schema.ts";
import { parseInput } from "../errors.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";
import { registerGoogleConnectRoutes } from "./connections-google.ts";

/** Connected calendars (issue 16). Only the owner sees or changes a connection (others: 404). */
export function registerConnectionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: ctx.requireUser };
  // each of these fetches someone else's server: metered per user
  const outbound = {
    preHandler: [
      ctx.requireUser,
      rateLimit(ctx.db, { name: "connections-fetch", max: 30, windowSeconds: 600, by: "user" }),
    ],
  };
  const deps = (log: SyncDeps["log"]): SyncDeps => ({
    db: ctx.db,
    config: ctx.config,
    now: ctx.now,
    log,
    google: ctx.google,
  });

  app.get("/api/connections", auth, async (request) => ({
    connections: await listConnections(ctx.db, currentUser(request).id, ctx.now()),
  }));

  app.post("/api/connections", outbound, async (request, reply) => {
    const input = parseInput(createConnectionRequest, request.body);
    const userId = currentUser(request).id;
    const connection =
      input.kind === "ics"
        ? await createIcsConnection(deps(request.log), { userId, input })
        : await createCalDavConnection(deps(request.log), { userId, input });
    return reply.code(201).send({ connection });
  });

  app.patch("/api/connections/:id", auth, async (request) => {
    const { id } = parseInput(idParam, request.params);
    const input = parseInput(updateConnectionRequest, request.body);
    return {
      connection: await updateConnection(ctx.db, {
        userId: currentUser(request).id,
        id,
        input,
        now: ctx.now(),
      }),
    };
  });

  app.post("/api/connections/:id/sync", outbound, async (request) => {
    const { id } = parseInput(idParam, request.params);
    const userId = currentUser(request).id;
    await ownedConnection(ctx.db, userId, id);
    await syncConnection(deps(request.log), id);
    return { connection: await connectionDto(ctx.db, userId, id, ctx.now()) };
  });

  app.delete("/api/connections/:id", auth, async (request, reply) => {
    const { id } = parseInput(idParam, request.params);
    const { removeBlocks } = parseInput(deleteConnectionQuery, request.query);
    const userId = currentUser(request).id;
    await ownedConnection(ctx.db, userId, id);
    const revoking = { db: ctx.db, config: ctx.config, google: ctx.google, log: request.log };
    const googleTokens = await googleRefreshTokens(revoking, userId, id);
    // blocks Sage wrote stay in the person's calendar unless asked to remove them
    if (removeBlocks === "1") await removeWrittenBlocks(deps(request.log), id);
    // its calendars and stored events go with it (ON DELETE CASCADE)
    await ctx.db
      .delete(calendarConnections)
      .where(and(eq(calendarConnections.id, id), eq(calendarConnections.userId, userId)));
    // a Google connection's grant is revoked with it
    await revokeGoogleTokens(revoking, googleTokens);
    return reply.code(204).send();
  });

  registerGoogleConnectRoutes(app, ctx, deps);
}
