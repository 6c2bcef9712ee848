import path from "node:path";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import { PROJECT_ROOT } from "../project-root.ts";
import type { Database } from "./client.ts";

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, "drizzle");

/** The advisory lock instances take in turn to migrate one PostgreSQL database. */
const MIGRATION_LOCK = 5_167_701;

/**
 * Applies the committed SQL migrations. Idempotent: applied ones are recorded and skipped.
 * On PostgreSQL, instances starting together migrate one after another (a session advisory
 * lock held on a connection of its own): the second finds the work done, instead of failing
 * on "relation already exists" and stopping.
 */
export async function runMigrations(database: Database): Promise<void> {
  const opts = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase, opts);
    return;
  }
  const db = database.db as unknown as NodePgDatabase & { $client: pg.Pool };
  const lock = await db.$client.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(db, opts);
  } finally {
    await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    lock.release();
  }
}
