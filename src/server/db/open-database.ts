import type { Config } from "../config.ts";
import { type Database, openPglite, openPostgres } from "./client.ts";
import { runMigrations } from "./migrate.ts";

type Logger = { error: (obj: unknown, msg?: string) => void };

/** The database the config asks for, migrated and ready. */
export async function openDatabase(config: Config, log: Logger): Promise<Database> {
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl, log, config.databasePoolSize)
    : await openPglite(config.dataDir);
  try {
    await runMigrations(database);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
