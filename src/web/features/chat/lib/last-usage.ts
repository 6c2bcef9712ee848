import type { UsageResponse } from "../../../../core/contract/usage.ts";
import { TIERS } from "../../../../core/plans.ts";
import { LOCAL_DATA_PREFIX } from "../../../lib/local-user-data.ts";

/**
 * The last allowance the server reported, kept on this device so a page opened offline (or
 * whose usage request failed) still enforces it: at 15 of 15 the input stays disabled. The
 * prefix means sign-out removes it; the key carries the user, so another account on this
 * device never sees it. The server stays the authority; this only keeps the screen honest.
 */
const key = (userId: string) => `${LOCAL_DATA_PREFIX}usage.${userId}`;

/** Keeps the allowance with when it was seen, so an offline screen can say how old it is. */
export function saveLastUsage(userId: string, usage: UsageResponse, now = new Date()): void {
  try {
    localStorage.setItem(key(userId), JSON.stringify({ ...usage, seenAt: now.toISOString() }));
  } catch {
    // storage full or unavailable: the next page load just starts without it
  }
}

/**
 * The stored allowance, or undefined when there is none, it does not validate, or it is
 * from an earlier month (the allowance has reset since, so it says nothing now).
 */
export function lastUsage(userId: string, now = new Date()): UsageResponse | undefined {
  let value: unknown;
  try {
    value = JSON.parse(localStorage.getItem(key(userId)) ?? "null");
  } catch {
    return undefined;
  }
  const usage = asUsage(value);
  if (!usage || usage.period !== now.toISOString().slice(0, 7)) return undefined;
  return usage;
}

/** When the stored allowance was seen, if it says (copies kept before it did, do not). */
export function lastUsageSeenAt(userId: string): Date | undefined {
  try {
    const seenAt = (JSON.parse(localStorage.getItem(key(userId)) ?? "null") as { seenAt?: unknown })
      ?.seenAt;
    if (typeof seenAt !== "string") return undefined;
    const at = new Date(seenAt);
    return Number.isNaN(at.getTime()) ? undefined : at;
  } catch {
    return undefined;
  }
}

const isInt = (v: unknown): v is number => Number.isInteger(v);

/**
 * Checks the stored value field by field, like the contract's `usageResponse` schema,
 * by hand: the chat's first chunk carries no zod (~40 KB gzip), and storage is an edge.
 */
function asUsage(value: unknown): UsageResponse | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const u = value as Record<string, unknown>;
  const valid =
    isInt(u.used) &&
    isInt(u.limit) &&
    isInt(u.remaining) &&
    typeof u.percent === "number" &&
    (TIERS as readonly unknown[]).includes(u.tier) &&
    typeof u.period === "string" &&
    typeof u.resetsAt === "string" &&
    typeof u.canUse === "boolean";
  if (!valid) return undefined;
  const { used, limit, remaining, percent, tier, period, resetsAt, canUse } = u as UsageResponse;
  return { used, limit, remaining, percent, tier, period, resetsAt, canUse };
}
