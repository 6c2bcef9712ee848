import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { FetchPolicy } from "../integrations/calendars/safe-fetch.ts";
import type { GoogleSignIn } from "../integrations/identity/google.ts";

// What a sync needs from the app, in its own module: the sync (sync-connection.ts) and the
// block pushes it runs (push-blocks.ts) both use it without importing each other.

export type SyncDeps = {
  db: Db;
  config: Config;
  now: () => Date;
  log?: { error: (obj: object, msg: string) => void };
  /** Google's endpoints (token refresh, revocation), when Google sign-in is configured. */
  google?: GoogleSignIn | undefined;
};

export const fetchPolicy = (config: Config): FetchPolicy => ({ allowLoopback: config.isLocal });
