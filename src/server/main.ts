import type { Server } from "node:http";
import pino from "pino";
import { buildApp, loggerOptions } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { startBackgroundSync } from "./connections/refresh-connections.ts";
import { DataDirLockedError } from "./db/dir-lock.ts";
import { openDatabase } from "./db/open-database.ts";
import { makeDataDirPrivate } from "./db/private-data-dir.ts";
import { googleFromConfig } from "./integrations/identity/google.ts";
import { startPeriodicJobs } from "./jobs/periodic-jobs.ts";
import { type Listening, listen } from "./listen.ts";
import { startReplanWorker } from "./planning/replan-worker.ts";

/** How long in-flight requests get after SIGTERM (orchestrators usually wait 30 s). */
const SHUTDOWN_GRACE_MS = 20_000;

async function main(): Promise<void> {
  // everything this process creates (the session secret, PGlite's files) is the server
  // user's alone; PGlite asks for 0666
  process.umask(0o077);
  const config = loadConfig();
  const repaired = makeDataDirPrivate(config.dataDir);
  if (!repaired.complete) {
    console.warn(
      `DATA_DIR holds more than ${repaired.entries} entries: only those were made private (0700/0600)`,
    );
  }
  // one logger for the pool and the app: a dropped connection is one redacted JSON line,
  // never console's dump of the pg client (its processID and secretKey included)
  const log = pino(loggerOptions(config));
  const database = await openDatabase(config, log);
  const app = await buildApp({ config, database, loggerInstance: log }).catch(async (err) => {
    await database.close(); // releases the data directory
    throw err;
  });

  let extraServers: Server[] = [];
  // connected calendars of recently active people, every 15 minutes (issue 16)
  const stopSync = startBackgroundSync({
    db: database.db,
    config,
    now: () => new Date(),
    log: app.log,
    google: googleFromConfig(config),
  });
  // Sage keeps each plan up to date by itself: due re-plans, claimed across instances
  const stopReplans = startReplanWorker({
    db: database.db,
    config,
    now: () => new Date(),
    log: app.log,
    google: googleFromConfig(config),
  });
  // housekeeping, once per period across every instance on the database
  const stopJobs = startPeriodicJobs({
    db: database.db,
    log: app.log,
    sync: {
      db: database.db,
      config,
      now: () => new Date(),
      log: app.log,
      google: googleFromConfig(config),
    },
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    stopSync();
    stopReplans();
    stopJobs();
    // in-flight requests finish; a keep-alive connection is closed as soon as it is idle
    // (clients may hold one for ~70 s), and whatever is still open after the grace period
    // is cut so the process never outlives an orchestrator's kill timeout
    const servers = [app.server, ...extraServers];
    const reaper = setInterval(() => {
      for (const server of servers) server.closeIdleConnections();
    }, 50);
    const cutoff = setTimeout(() => {
      for (const server of servers) server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    const extrasClosed = extraServers.map(
      (server) => new Promise<void>((resolve) => server.close(() => resolve())),
    );
    await app.close();
    await Promise.all(extrasClosed);
    clearInterval(reaper);
    clearTimeout(cutoff);
    app.log.info("http server closed");
    await database.close();
    app.log.info("database closed");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  const listening = await listen(app, config);
  extraServers = listening.extraServers;
  const modes = [
    database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL",
    config.google ? "Google sign-in" : "development sign-in",
  ];
  app.log.info(`Sage is running at ${config.publicUrl.origin} (${modes.join(", ")})`);
  app.log.info(listeningLine(listening, config.loopbackOnly));
}

/** Says which interfaces answer, and why only loopback when that is the case. */
function listeningLine(listening: Listening, loopbackOnly: boolean) {
  const list = listening.addresses.join(", ");
  return loopbackOnly
    ? `listening on ${list} — this computer only, because development sign-in or demo billing is on (set HOST to listen on other interfaces)`
    : `listening on ${list}`;
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
