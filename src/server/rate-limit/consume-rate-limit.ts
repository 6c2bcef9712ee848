import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
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
 * never under-count.
 */
export async function consumeRateLimit(
  db: Db,
  rule: RateLimitRule,
  key: string,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const id = `${rule.name}:${key}`;
  const window = `${rule.windowSeconds} seconds`;
  const result = await db.execute<{ count: number; reset_at: Date | string }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${id}, 1, now() + ${window}::interval)
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now()
        then now() + ${window}::interval else rate_limits.reset_at end
    returning count, reset_at`);
  const row = (result as unknown as { rows: { count: number; reset_at: Date | string }[] })
    .rows[0]!;
  const resetAt = new Date(row.reset_at).getTime();
  return {
    allowed: Number(row.count) <= rule.max,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)),
  };
}

/**
 * A preHandler that limits a route per client address (as seen through TRUST_PROXY), or
 * per signed-in user when `by: "user"`. Over the limit → 429 with a text containing
 * 'Rate limit' and a Retry-After header.
 */
export function rateLimit(db: Db, rule: RateLimitRule & { by?: "ip" | "user" }) {
  return limiter(rule, (key) => consumeRateLimit(db, rule, key));
}

/**
 * The same per-address limit with the counters in this process's memory: for public routes
 * whose answer costs less than a database write (constant answers, the feed, the signed
 * webhook), where a shared counter would make each request dearer than serving it. Each
 * instance counts on its own, so N instances allow up to N × max.
 */
export function memoryRateLimit(rule: RateLimitRule) {
  const windows = new MemoryWindows(rule);
  return limiter(rule, async (key) => windows.consume(key));
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

/** Keys beyond this many in one window are let through uncounted rather than grow memory. */
export const MEMORY_KEYS_PER_WINDOW = 100_000;

/** One fixed window shared by every key: at its end all counters start again at zero. */
export class MemoryWindows {
  private counts = new Map<string, number>();
  private resetAt = 0;

  constructor(private readonly rule: RateLimitRule) {}

  consume(key: string, now = Date.now()): { allowed: boolean; retryAfterSeconds: number } {
    if (now >= this.resetAt) {
      this.counts.clear();
      this.resetAt = now + this.rule.windowSeconds * 1000;
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((this.resetAt - now) / 1000));
    const count = (this.counts.get(key) ?? 0) + 1;
    if (count === 1 && this.counts.size >= MEMORY_KEYS_PER_WINDOW) {
      return { allowed: true, retryAfterSeconds };
    }
    this.counts.set(key, count);
    return { allowed: count <= this.rule.max, retryAfterSeconds };
  }
}
