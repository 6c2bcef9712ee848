import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import { AppError, unauthenticated } from "../errors.ts";

export const USER_NOT_AUTHENTICATED = "User not authenticated";
export const SESSION_EXPIRED = "User session expired. Please sign in again.";

/**
 * requireUser with the payment pages' texts (spec §8): no bearer token → 'User not
 * authenticated'; an expired, revoked or invalid one → 'User session expired. Please sign in
 * again.'
 */
export function requireBillingUser(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    if (!header || !/^Bearer\s+\S+$/i.test(header)) throw unauthenticated(USER_NOT_AUTHENTICATED);
    try {
      await ctx.requireUser(request);
    } catch (err) {
      if (err instanceof AppError && err.status === 401) throw unauthenticated(SESSION_EXPIRED);
      throw err;
    }
  };
}
