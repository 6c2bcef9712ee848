import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { consumeRateLimit, type RateLimitRule } from "../rate-limit/consume-rate-limit.ts";
import { type FeedOwner, findFeedOwner } from "./feed-owner.ts";

/**
 * Per address, counting only requests whose token opens no feed: guessing is slowed, and
 * calendar services that fetch many users' feeds from a few shared addresses are not.
 */
export const FEED_FAILURES: RateLimitRule = {
  name: "calendar-feed-failures",
  max: 120,
  windowSeconds: 60,
};
/** Per token: a client polls every few minutes at most; a loop gets 429s for its own feed only. */
export const FEED_PER_TOKEN: RateLimitRule = {
  name: "calendar-feed-token",
  max: 30,
  windowSeconds: 60,
};

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the feed's limiter: whose feed the path's token opens, if anyone's. */
    feedOwner?: FeedOwner | undefined;
  }
}

/** The token in `/api/calendar/feed/<token>.ics`, or undefined for any other file name. */
export const feedToken = (file: string) => /^(.+)\.ics$/.exec(file)?.[1];

function limited(reply: FastifyReply, retryAfterSeconds: number): AppError {
  reply.header("retry-after", String(retryAfterSeconds));
  return new AppError(
    429,
    "rate_limited",
    "Rate limit exceeded. Too many requests — please wait a moment and try again.",
  );
}

/**
 * The feed's preHandler: looks the token up (one indexed query) and counts the request
 * against the address when the token opens no feed, or against the token when it does — so
 * any number of bogus tokens from an address never starves a valid token from the same
 * address, and one token fetched in a loop limits only itself. The counters are the
 * database's (shared by every instance); a key over its limit is then refused from this
 * process's memory until its window ends (consumeRateLimit), so a loop costs the database
 * one write per allowed fetch only.
 */
export function feedRateLimit(db: Db, perTokenLimit?: { max: number; windowSeconds: number }) {
  const perToken = { ...FEED_PER_TOKEN, ...perTokenLimit };
  const handler = async (
    request: FastifyRequest<{ Params: { file: string } }>,
    reply: FastifyReply,
  ): Promise<void> => {
    const token = feedToken(request.params.file);
    const owner = token ? await findFeedOwner(db, token) : undefined;
    const count = owner
      ? await consumeRateLimit(db, perToken, `u:${owner.userId}`)
      : await consumeRateLimit(db, FEED_FAILURES, `ip:${request.ip}`);
    if (!count.allowed) throw limited(reply, count.retryAfterSeconds);
    request.feedOwner = owner;
  };
  // the route-table tests read this to prove every public route is limited per address
  return Object.assign(handler, { rateLimitRule: { by: "ip" as const, ...FEED_FAILURES } });
}
