import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";

/** A transaction handle (what `db.transaction` passes to its callback). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Takes the user's row lock (FOR NO KEY UPDATE) until the transaction ends, so
 * count-then-insert checks of a per-user cap run one at a time for that user and the cap is
 * exact under concurrency. Inserts of rows that reference the user (KEY SHARE) are not
 * blocked, so nothing else waits on it.
 */
export async function lockUserWrites(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for no key update`);
}
