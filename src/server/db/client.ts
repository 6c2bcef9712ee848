import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { acquireDirLock } from "./dir-lock.ts";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
};

type Logger = { error: (obj: unknown, msg?: string) => void };

/** node-postgres pool. A dropped connection is logged, never allowed to crash the process. */
export function openPostgres(url: string, log: Logger, max = 10): Database {
  // a database that is away fails requests fast (503) instead of queueing them for ever
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000 });
  pool.on("error", (err) => log.error({ err }, "postgres pool: idle client error"));
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: "postgres",
    close: () => pool.end(),
  };
}

/** Wraps an already open PGlite (tests restore one from a template dump). */
export function wrapPglite(client: PGlite, onClose?: () => void): Database {
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: "pglite",
    close: async () => {
      await client.close();
      onClose?.();
    },
  };
}

/**
 * PGlite stored in `<dataDir>/pglite`. Only one process may open a directory: a second
 * one is refused with a clear message (two writers corrupt it).
 */
export async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  const release = acquireDirLock(dataDir);
  try {
    const client = await PGlite.create(dir);
    return wrapPglite(client, release);
  } catch (err) {
    release();
    throw err;
  }
}
