import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { unauthenticated } from "../errors.ts";
import type { AccessTokens } from "./access-token.ts";
import { isSessionLive } from "./sessions.ts";

export type AuthUser = { id: string; email: string; sessionId: string };

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `requireUser`; routes behind it can rely on it. */
    user: AuthUser | undefined;
  }
}

/**
 * preHandler for signed-in routes: a valid bearer token whose session is still live.
 * Missing, expired, tampered or revoked → 401 'Authentication …'.
 */
export function createRequireUser(db: Db, tokens: AccessTokens) {
  return async function requireUser(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthenticated();
    const claims = await tokens.verify(match[1]!);
    if (!(await isSessionLive(db, claims.sessionId, claims.userId))) {
      throw unauthenticated("Authentication expired. Please sign in again.");
    }
    request.user = { id: claims.userId, email: claims.email, sessionId: claims.sessionId };
  };
}

/** The signed-in user of a route registered behind requireUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}
