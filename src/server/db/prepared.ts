import type { Db } from "./client.ts";

/**
 * A query prepared once per database handle: on PostgreSQL a named statement (parsed and
 * planned once per pooled connection, then executed with new parameters); on PGlite the
 * same call without the server-side step. Built from `sql.placeholder(...)` values, run
 * with `.execute({ ... })`. For the hot paths only (usage, the calendar list, the session
 * check); PERFORMANCE.md has the figures.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let query = cache.get(db);
    if (query === undefined) {
      query = build(db);
      cache.set(db, query);
    }
    return query;
  };
}
