import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, openPostgres, wrapPglite } from "../../src/server/db/client.ts";
import { pgliteTemplateFile, postgresTemplateName } from "./template.ts";

export const testDbKind = (): "pglite" | "postgres" =>
  process.env.SAGE_TEST_DB === "postgres" ? "postgres" : "pglite";

/**
 * A fresh, migrated database copied from the run's template. Close it when done. On
 * PostgreSQL its name is `<prefix>_<random>` (sage_test unless told).
 */
export async function openTestDatabase(prefix = "sage_test"): Promise<Database & { url?: string }> {
  if (testDbKind() === "pglite") {
    const dump = new Blob([readFileSync(pgliteTemplateFile())]);
    const client = await PGlite.create({ loadDataDir: dump });
    return await wrapPglite(client);
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${postgresTemplateName()}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.href, console, 20);
  return {
    ...database,
    url: url.href,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
