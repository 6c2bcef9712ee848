import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";

/** Rate-limit counters move on every request by design; everything else must not. */
const VOLATILE = new Set(["rate_limits", "__drizzle_migrations"]);

type Rows = { rows: Record<string, unknown>[] };

/**
 * Every row of every table in the public schema, as sorted JSON lines per table. Two
 * snapshots are equal exactly when no request changed the stored data.
 */
export async function snapshotDatabase(db: Db): Promise<Record<string, string[]>> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as Rows;
  const out: Record<string, string[]> = {};
  for (const { table_name } of tables.rows) {
    const name = String(table_name);
    if (VOLATILE.has(name)) continue;
    const result = (await db.execute(sql.raw(`select * from "${name}"`))) as unknown as Rows;
    out[name] = result.rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}
