import { sql } from "drizzle-orm";
import { usagePeriodOf } from "../../core/allowance.ts";
import type { Db } from "../db/client.ts";

type Row = { monthly_usage: number; monthly_usage_limit: number; reservation_id: string };

function firstRow<T>(result: unknown): T | undefined {
  return (result as { rows: T[] }).rows[0];
}

export type Reservation = { id: string; used: number; limit: number; period: string };

/**
 * Takes one unit of the user's monthly allowance, or none, and records the hold
 * (`chat_reservations`) in the same statement. One atomic UPDATE: the row lock and the
 * re-checked WHERE mean concurrent requests can never take a user past the limit (the
 * check-then-increment of the original could). A counter from an earlier month is treated as
 * 0 and reset in the same statement, so no cron is needed.
 *
 * Returns the hold and the usage after it, or undefined when exhausted or no profile.
 */
export async function reserveAllowance(
  db: Db,
  userId: string,
  now: Date,
): Promise<Reservation | undefined> {
  const period = usagePeriodOf(now);
  const row = firstRow<Row>(
    await db.execute(sql`
      with charged as (
        update profiles set
          monthly_usage = case when usage_period = ${period} then monthly_usage + 1 else 1 end,
          usage_period = ${period},
          updated_at = now()
        where id = ${userId}
          and (case when usage_period = ${period} then monthly_usage else 0 end) < monthly_usage_limit
        returning id, monthly_usage, monthly_usage_limit
      ), held as (
        insert into chat_reservations (user_id, period)
        select id, ${period} from charged
        returning id
      )
      select c.monthly_usage, c.monthly_usage_limit, h.id as reservation_id
      from charged c cross join held h`),
  );
  if (!row) return undefined;
  return {
    id: row.reservation_id,
    used: Number(row.monthly_usage),
    limit: Number(row.monthly_usage_limit),
    period,
  };
}

/**
 * Gives back a held unit (nothing was stored): deletes the hold and decrements the counter in
 * one statement. Idempotent — a second call, or a call after the turn was stored, finds no
 * hold and changes nothing — so it may be retried after any fault, even one that hid whether
 * the first attempt committed. Never below zero; only within the hold's month.
 * Returns whether this call gave the unit back.
 */
export async function refundReservation(db: Db, reservationId: string): Promise<boolean> {
  const row = firstRow<{ id: string }>(
    await db.execute(sql`
      with released as (
        delete from chat_reservations where id = ${reservationId} returning user_id, period
      )
      update profiles p set monthly_usage = greatest(p.monthly_usage - 1, 0), updated_at = now()
      from released r
      where p.id = r.user_id and p.usage_period = r.period
      returning p.id`),
  );
  return row !== undefined;
}

type Log = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** Waits between refund attempts: ~1 minute in all, then the periodic job takes over. */
const REFUND_BACKOFF_MS = [0, 100, 250, 500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

/**
 * Refunds a hold, retrying through database faults (a terminated connection, a database
 * restarting). Resolves after the first attempt; later attempts run in the background, so an
 * answer is never held up by an outage. Never throws. A hold still there after the last
 * attempt (or left by a process that died) is refunded by `refundStaleReservations`.
 */
export async function refundWithRetry(db: Db, reservationId: string, log: Log): Promise<void> {
  const attempt = async (i: number): Promise<boolean> => {
    try {
      await refundReservation(db, reservationId);
      return true;
    } catch (err) {
      const last = i === REFUND_BACKOFF_MS.length - 1;
      if (last) log.error({ err, reservationId }, "chat: refund failed, left to the periodic job");
      else log.warn({ err, reservationId, attempt: i + 1 }, "chat: refund failed, retrying");
      return false;
    }
  };
  if (await attempt(0)) return;
  void (async () => {
    for (let i = 1; i < REFUND_BACKOFF_MS.length; i++) {
      await new Promise((r) => setTimeout(r, REFUND_BACKOFF_MS[i]));
      if (await attempt(i)) return;
    }
  })();
}

/** A turn holds its unit at most this long; a hold older than this was abandoned. */
export const STALE_RESERVATION_MS = 15 * 60_000;

/**
 * Refunds the holds of turns that can no longer finish (their process died, or every refund
 * attempt met a fault): older than STALE_RESERVATION_MS. Safe with several instances and
 * alongside live turns: each hold is deleted once, by whoever gets it. Returns how many
 * people got units back.
 */
export async function refundStaleReservations(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - STALE_RESERVATION_MS).toISOString();
  const result = await db.execute(sql`
    with released as (
      delete from chat_reservations where created_at < ${before}::timestamptz
      returning user_id, period
    ), counts as (
      select user_id, period, count(*)::int as n from released group by user_id, period
    )
    update profiles p set monthly_usage = greatest(p.monthly_usage - c.n, 0), updated_at = now()
    from counts c
    where p.id = c.user_id and p.usage_period = c.period
    returning p.id`);
  return (result as { rows: unknown[] }).rows.length;
}
