import { and, eq } from "drizzle-orm";
import type { ConnectionKind } from "../../core/contract/connections.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { calendarConnections } from "../db/schema.ts";
import { openCredentials } from "../integrations/calendars/seal.ts";
import type { GoogleSignIn } from "../integrations/identity/google.ts";
import { CALENDAR_PROVIDERS } from "./calendar-provider.ts";

export type RevokeDeps = {
  db: Db;
  config: Config;
  google: GoogleSignIn | undefined;
  log: { warn: (obj: object, msg: string) => void };
};

/** A grant an outside calendar gave Sage: the refresh token of a consent connection. */
export type Grant = { kind: ConnectionKind; refreshToken: string };

/**
 * The grants of a person's connections (one, or all of them), read before the rows are
 * deleted so they can be revoked after. Credentials sealed under another key hold nothing
 * Sage can revoke and are skipped.
 */
export async function connectionGrants(
  deps: RevokeDeps,
  userId: string,
  connectionId?: string,
): Promise<Grant[]> {
  const key = deps.config.calendarKey;
  if (!key) return [];
  const rows = await deps.db
    .select({ kind: calendarConnections.kind, credentials: calendarConnections.credentials })
    .from(calendarConnections)
    .where(
      and(
        eq(calendarConnections.userId, userId),
        ...(connectionId ? [eq(calendarConnections.id, connectionId)] : []),
      ),
    );
  const grants: Grant[] = [];
  for (const row of rows) {
    if (!CALENDAR_PROVIDERS[row.kind].revoke) continue;
    try {
      const token = openCredentials(key, row.credentials).refreshToken;
      if (token) grants.push({ kind: row.kind, refreshToken: token });
    } catch {
      // sealed under another key: nothing Sage can revoke
    }
  }
  return grants;
}

/**
 * Revokes grants at their providers (disconnect, account deletion) once the rows are gone.
 * A failure is logged and does not undo the deletion: the person can still remove Sage's
 * access in their account. Kinds without revocation (Microsoft: decision 040) are only
 * forgotten, with the row.
 */
export async function revokeGrants(deps: RevokeDeps, grants: Grant[]): Promise<void> {
  for (const grant of grants) {
    try {
      await CALENDAR_PROVIDERS[grant.kind].revoke?.(deps, grant.refreshToken);
    } catch (err) {
      deps.log.warn(
        { err: { name: (err as Error).name, message: (err as Error).message }, kind: grant.kind },
        "calendar grant: revocation failed",
      );
    }
  }
}
