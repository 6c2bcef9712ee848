import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DataDirLockedError } from "./db/dir-lock.ts";
import { openDatabase } from "./db/open-database.ts";

/** How long in-flight requests get after SIGTERM (orchestrators usually wait 30 s). */
const SHUTDOWN_GRACE_MS = 20_000;

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
    // in-flight requests finish; a keep-alive connection is closed as soon as it is idle
    // (clients may hold one for ~70 s), and whatever is still open after the grace period
    // is cut so the process never outlives an orchestrator's kill timeout
    const reaper = setInterval(() => app.server.closeIdleConnections(), 50);
    const cutoff = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await app.close();
    clearInterval(reaper);
    clearTimeout(cutoff);
    app.log.info("http server closed");
    await database.close();
    app.log.info("database closed");
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
