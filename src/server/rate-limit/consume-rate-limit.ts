import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { preparedPerDb } from "../db/prepared.ts";
import { AppError } from "../errors.ts";

export type RateLimitRule = {
  /** Names the counter family, e.g. "votes". */
  name: string;
  max: number;
  windowSeconds: number;
};

/**
 * Counts one hit for `key` in a fixed window and says whether it is allowed. One atomic
 * statement in Postgres, so every app instance shares the counter and concurrent hits
 * never under-count. Once the database has said a key is over its limit, this process
 * answers that key's further hits itself until the window ends (`blockedUntil`): a refusal
 * is final for a fixed window, so that is exact, and a flood costs the database nothing
 * after its first `max + 1` hits per instance.
 */
export async function consumeRateLimit(
  db: Db,
  rule: RateLimitRule,
  key: string,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const id = `${rule.name}:${key}`;
  const blocked = blockedKeys(db);
  const until = blocked.get(id);
  if (until !== undefined) {
    const left = until - Date.now();
    if (left > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
    blocked.delete(id);
  }
  const window = `${rule.windowSeconds} seconds`;
  // the time left is the database's own arithmetic, so this process's clock never matters
  const result = await db.execute<{ count: number; left_ms: number | string }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${id}, 1, now() + ${window}::interval)
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now()
        then now() + ${window}::interval else rate_limits.reset_at end
    returning count, extract(epoch from reset_at - now()) * 1000 as left_ms`);
  const row = (result as unknown as { rows: { count: number; left_ms: number | string }[] })
    .rows[0]!;
  const leftMs = Number(row.left_ms);
  const allowed = Number(row.count) <= rule.max;
  if (!allowed) {
    if (blocked.size >= MAX_BLOCKED_KEYS) blocked.clear();
    blocked.set(id, Date.now() + leftMs);
  }
  return { allowed, retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)) };
}

/** Per database: keys this process knows to be over their limit, until their window's end. */
const blockedKeys = preparedPerDb(() => new Map<string, number>());
/** Beyond this many blocked keys the memory starts again (they are asked of the database). */
export const MAX_BLOCKED_KEYS = 100_000;

/**
 * A preHandler that limits a route per client address (as seen through TRUST_PROXY), or
 * per signed-in user when `by: "user"`. Over the limit → 429 with a text containing
 * 'Rate limit' and a Retry-After header. The counter is shared by every instance.
 */
export function rateLimit(db: Db, rule: RateLimitRule & { by?: "ip" | "user" }) {
  return limiter(rule, (key) => consumeRateLimit(db, rule, key));
}

/**
 * Rows of windows that ended more than `graceSeconds` ago, at most `batch` per call
 * (a window's row is rewritten in place while its key keeps coming; these are keys that
 * stopped). Returns how many went.
 */
export async function purgeRateLimits(
  db: Db,
  opts: { graceSeconds?: number; batch?: number } = {},
): Promise<number> {
  const grace = `${opts.graceSeconds ?? 60} seconds`;
  const result = await db.execute(sql`
    delete from rate_limits where key in (
      select key from rate_limits where reset_at < now() - ${grace}::interval
      limit ${opts.batch ?? 10_000})`);
  return (
    (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
    (result as unknown as { affectedRows?: number }).affectedRows ??
    0
  );
}

/** Counts one hit for `key` under `rule`; over the limit → 429 with Retry-After. */
export async function enforceRateLimit(
  db: Db,
  opts: { rule: RateLimitRule; key: string; reply: FastifyReply },
): Promise<void> {
  throwIfOver(opts.reply, await consumeRateLimit(db, opts.rule, opts.key));
}

function throwIfOver(
  reply: FastifyReply,
  { allowed, retryAfterSeconds }: { allowed: boolean; retryAfterSeconds: number },
): void {
  if (allowed) return;
  reply.header("retry-after", String(retryAfterSeconds));
  throw new AppError(
    429,
    "rate_limited",
    "Rate limit exceeded. Too many requests — please wait a moment and try again.",
  );
}

/**
 * A preHandler of the caller's that limits per address in its own way (e.g. only the
 * requests that fail, see routes/auth.ts), labelled with the per-address rule it enforces
 * so the route-table test sees that the route is limited.
 */
export function perAddressLimit(
  rule: RateLimitRule,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
) {
  return Object.assign(handler, { rateLimitRule: { by: "ip" as const, ...rule } });
}

function limiter(
  rule: RateLimitRule & { by?: "ip" | "user" },
  consume: (key: string) => Promise<{ allowed: boolean; retryAfterSeconds: number }>,
) {
  const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const key = rule.by === "user" && request.user ? `u:${request.user.id}` : `ip:${request.ip}`;
    throwIfOver(reply, await consume(key));
  };
  // the route-table test reads this to prove every public route is limited
  return Object.assign(handler, { rateLimitRule: { by: "ip" as const, ...rule } });
}
