import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DataDirLockedError } from "./db/dir-lock.ts";
import { openDatabase } from "./db/open-database.ts";

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config, console);
  const app = await buildApp({ config, database }).catch(async (err) => {
    await database.close(); // releases the data directory
    throw err;
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const modes = [
    database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL",
    config.google ? "Google sign-in" : "development sign-in",
  ];
  app.log.info(`Sage is running at ${config.publicUrl.origin} (${modes.join(", ")})`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
