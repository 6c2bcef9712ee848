import path from "node:path";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { PROJECT_ROOT } from "../project-root.ts";
import type { Database } from "./client.ts";

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, "drizzle");

/** Applies the committed SQL migrations. Idempotent: applied ones are recorded and skipped. */
export async function runMigrations(database: Database): Promise<void> {
  const opts = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase, opts);
  } else {
    await migratePg(database.db as unknown as NodePgDatabase, opts);
  }
}
