import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { acquireDirLock } from "./dir-lock.ts";
import { makeDataDirPrivate } from "./private-data-dir.ts";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
};

type Logger = { error: (obj: unknown, msg?: string) => void };

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pool whose checked-out clients give themselves back, as broken, the moment their
 * connection fails, and whose release is idempotent. drizzle's `transaction()` runs its
 * BEGIN before its try/finally, so a connection terminated between `connect()` and BEGIN
 * was never released: ten such faults exhausted the pool for good and every later request
 * waited for a connection until it timed out (503 for ever, until a restart).
 */
class SelfReleasingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    // the callback form is the pool's own (pool.query), which handles faults itself
    if (callback) {
      super.connect(callback);
      return undefined;
    }
    return super.connect().then((client) => {
      const release = client.release;
      let released = false;
      const releaseOnce = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener("error", releaseOnce);
        release(err);
      };
      client.on("error", releaseOnce);
      client.release = releaseOnce;
      return client;
    });
  }
}

/**
 * node-postgres pool. A dropped connection is logged, never allowed to crash the process:
 * the pool listens for errors only on idle clients, so every client gets a listener of its
 * own for its whole life — a client checked out for a transaction (drizzle's
 * `pool.connect()`) would otherwise throw an unhandled 'error' event when its backend is
 * terminated. The query in flight still fails (the request answers 503), and the broken
 * client is dropped from the pool on release.
 */
export function openPostgres(url: string, log: Logger, max = 10): Database {
  // a database that is away fails requests fast (503) instead of queueing them for ever
  const pool = new SelfReleasingPool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
  });
  // every client logs its own fault once (below); the pool re-emits an idle client's fault
  // here, and a listener must exist or the process dies, but it would log it twice
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", (err) => log.error({ err }, "postgres: connection lost"));
  });
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: "postgres",
    close: () => pool.end(),
  };
}

/**
 * Wraps an already open PGlite (tests restore one from a template dump). PGlite runs on the
 * server's thread and has one session, set here: a new 16 MB WAL segment is not filled with
 * zeros first (wal_init_zero). Filling it held the event loop 50–110 ms whenever a big write
 * crossed into a new segment (docs/SECURITY.md); PGlite runs with fsync off (-F), so the
 * zeros secured nothing.
 */
export async function wrapPglite(client: PGlite, onClose?: () => void): Promise<Database> {
  await client.exec("set wal_init_zero = off");
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
    // a new cluster is unpacked from PGlite's bundled archive with its modes (0666):
    // private again before the first request
    makeDataDirPrivate(dataDir);
    return await wrapPglite(client, release);
  } catch (err) {
    release();
    throw err;
  }
}
