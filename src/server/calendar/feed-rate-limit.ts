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
/**
 * Per token *and* address: a calendar app polls every few minutes at most, so a loop gets
 * 429s — for itself only. Keyed by the token alone, anyone holding the feed's URL (it is
 * shared by design: pasted into calendar apps, sent to a partner) could lock the owner's own
 * calendar apps out of it; by the address alone, Google's few fetchers would share one
 * bucket for everybody's feeds. A fetch is cheap — the feed is built once per change of the
 * calendar and served from a cache (a matching If-None-Match costs one indexed query) — so
 * what a flood could make expensive, the rebuild, is bounded by the owner's changes, not by
 * the fetches; the per-pair window only keeps a loop from holding the server.
 */
export const FEED_PER_TOKEN: RateLimitRule = {
  name: "calendar-feed-token",
  max: 60,
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
 * against the address when the token opens no feed, or against the token and the address
 * when it does — so any number of bogus tokens from an address never starves a valid token
 * from the same address, and one token fetched in a loop from one address limits only that
 * pair: the owner's calendar apps elsewhere keep their feed. The counters are the
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
      ? // ends in `:u:<id>`, so the account's deletion takes its counters along
        await consumeRateLimit(db, perToken, `ip:${request.ip}:u:${owner.userId}`)
      : await consumeRateLimit(db, FEED_FAILURES, `ip:${request.ip}`);
    if (!count.allowed) throw limited(reply, count.retryAfterSeconds);
    request.feedOwner = owner;
  };
  // the route-table tests read this to prove every public route is limited per address
  return Object.assign(handler, { rateLimitRule: { by: "ip" as const, ...FEED_FAILURES } });
}
