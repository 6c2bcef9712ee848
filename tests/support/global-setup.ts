import { existsSync, renameSync, writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openPostgres, wrapPglite } from "../../src/server/db/client.ts";
import { runMigrations } from "../../src/server/db/migrate.ts";
import { pgliteTemplateFile, postgresTemplateName } from "./template.ts";

/**
 * Builds one migrated database per run (a PGlite dump, or a PostgreSQL template database);
 * each test file then starts from a copy in well under a second.
 */
export async function setupPglite(): Promise<void> {
  const file = pgliteTemplateFile();
  if (existsSync(file)) return;
  const client = await PGlite.create();
  const database = await wrapPglite(client);
  await runMigrations(database);
  const dump = await client.dumpDataDir("gzip");
  const tmp = `${file}.${process.pid}`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, file);
  await database.close();
}

export async function setupPostgres(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  const name = postgresTemplateName();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (rowCount) return;
    const building = `${name}_building_${process.pid}`;
    await admin.query(`create database "${building}"`);
    const target = new URL(url);
    target.pathname = `/${building}`;
    const database = openPostgres(target.href, console, 2);
    await runMigrations(database);
    await database.close();
    try {
      await admin.query(`alter database "${building}" rename to "${name}"`);
    } catch (err) {
      // another run built the same template meanwhile: use theirs
      await admin.query(`drop database if exists "${building}"`);
      const { rowCount: exists } = await admin.query(
        "select 1 from pg_database where datname = $1",
        [name],
      );
      if (!exists) throw err;
    }
  } finally {
    await admin.end();
  }
}
