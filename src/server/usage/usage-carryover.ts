import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { usagePeriodOf } from "../../core/allowance.ts";
import type { Db } from "../db/client.ts";

/**
 * The one-way key of an e-mail address for `usage_carryovers`: HMAC-SHA-256 of the normalised
 * address (trimmed, lower case) under the session secret. Without the secret an address
 * cannot be checked against it, and the hash leads to no account.
 */
export function usageEmailKey(secret: string, email: string): string {
  return createHmac("sha256", secret).update(email.trim().toLowerCase()).digest("hex");
}

type Executor = Pick<Db, "execute">;

/**
 * Remembers a deleted account's usage of this month under `emailKey`, until the month ends
 * (a second deletion in the month keeps the larger count), and purges rows of past months —
 * the table stays as small as the month's deletions, with no job of its own. Run it in the
 * deletion's transaction, before the profile goes.
 */
export async function rememberUsage(
  tx: Executor,
  opts: { userId: string; emailKey: string; now: Date },
): Promise<void> {
  const period = usagePeriodOf(opts.now);
  await tx.execute(sql`delete from usage_carryovers where period < ${period}`);
  await tx.execute(sql`
    insert into usage_carryovers (email_hash, period, monthly_usage)
    select ${opts.emailKey}, ${period}, monthly_usage from profiles
    where id = ${opts.userId} and usage_period = ${period} and monthly_usage > 0
    on conflict (email_hash) do update set
      monthly_usage = case when usage_carryovers.period = excluded.period
        then greatest(usage_carryovers.monthly_usage, excluded.monthly_usage)
        else excluded.monthly_usage end,
      period = excluded.period`);
}

/** The usage a new profile under `emailKey` starts with this month (0 when none is remembered). */
export function carriedUsage(emailKey: string, now: Date) {
  return sql<number>`coalesce((select monthly_usage from usage_carryovers
    where email_hash = ${emailKey} and period = ${usagePeriodOf(now)}), 0)`;
}
