import { sql } from "drizzle-orm";
import { usagePeriodOf } from "../../core/allowance.ts";
import type { Db } from "../db/client.ts";

type Row = { monthly_usage: number; monthly_usage_limit: number };

function firstRow(result: unknown): Row | undefined {
  return (result as { rows: Row[] }).rows[0];
}

/**
 * Takes one unit of the user's monthly allowance, or none. One atomic UPDATE: the row lock
 * and the re-checked WHERE mean concurrent requests can never take a user past the limit
 * (the check-then-increment of the original could). A counter from an earlier month is
 * treated as 0 and reset in the same statement, so no cron is needed.
 *
 * Returns the usage after the reservation, or undefined when exhausted or no profile.
 */
export async function reserveAllowance(db: Db, userId: string, now: Date) {
  const period = usagePeriodOf(now);
  const row = firstRow(
    await db.execute(sql`
      update profiles set
        monthly_usage = case when usage_period = ${period} then monthly_usage + 1 else 1 end,
        usage_period = ${period},
        updated_at = now()
      where id = ${userId}
        and (case when usage_period = ${period} then monthly_usage else 0 end) < monthly_usage_limit
      returning monthly_usage, monthly_usage_limit`),
  );
  if (!row) return undefined;
  return { used: Number(row.monthly_usage), limit: Number(row.monthly_usage_limit), period };
}

/** Gives back a reserved unit (the model call failed). Never below zero; only within the period. */
export async function refundAllowance(db: Db, userId: string, period: string): Promise<void> {
  await db.execute(sql`
    update profiles set monthly_usage = greatest(monthly_usage - 1, 0), updated_at = now()
    where id = ${userId} and usage_period = ${period}`);
}
