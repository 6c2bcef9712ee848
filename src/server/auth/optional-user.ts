import type { FastifyRequest } from "fastify";

/**
 * preHandler for routes open to everyone that do more for a signed-in caller: no
 * Authorization header → anonymous (request.user stays undefined); a header that is present
 * must be a valid, live bearer token (401 otherwise), so a broken session is never silently
 * treated as anonymous.
 */
export function optionalUser(requireUser: (request: FastifyRequest) => Promise<void>) {
  return async function optionalUserHandler(request: FastifyRequest): Promise<void> {
    if (request.headers.authorization === undefined) return;
    await requireUser(request);
  };
}
