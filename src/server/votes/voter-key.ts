import { createHmac, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

export const VOTER_COOKIE = "sage_voter";
const VOTER_COOKIE_MAX_AGE = 365 * 86_400;
const VOTER_ID = /^[A-Za-z0-9_-]{22}$/;

/** The voter id from the signed cookie, or undefined when it is missing or tampered with. */
export function readVoterId(request: FastifyRequest): string | undefined {
  const raw = request.cookies[VOTER_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value && VOTER_ID.test(unsigned.value)
    ? unsigned.value
    : undefined;
}

/** Gives a browser without a valid voter cookie a fresh anonymous one (random, signed). */
export function ensureVoterCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { secure: boolean },
): void {
  if (readVoterId(request)) return;
  reply.setCookie(VOTER_COOKIE, randomBytes(16).toString("base64url"), {
    signed: true,
    httpOnly: true,
    sameSite: "lax",
    secure: opts.secure,
    path: "/api/sage-votes",
    maxAge: VOTER_COOKIE_MAX_AGE,
  });
}

/**
 * Who is voting: the anonymous cookie id when the browser has one, otherwise the client
 * address. The address is stored only as a keyed hash (HMAC with the server secret), never
 * in the clear.
 */
export function voterKey(request: FastifyRequest, secret: string): string {
  const id = readVoterId(request);
  if (id) return `c:${id}`;
  const hash = createHmac("sha256", secret).update(`voter-ip:${request.ip}`).digest("base64url");
  return `ip:${hash.slice(0, 32)}`;
}
