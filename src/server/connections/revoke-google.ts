import { and, eq } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { calendarConnections } from "../db/schema.ts";
import { openCredentials } from "../integrations/calendars/seal.ts";
import type { GoogleSignIn } from "../integrations/identity/google.ts";

type Deps = {
  db: Db;
  config: Config;
  google: GoogleSignIn | undefined;
  log: { warn: (obj: object, msg: string) => void };
};

/**
 * The refresh tokens of a person's Google connections (one, or all of them), read before
 * the rows are deleted so they can be revoked after.
 */
export async function googleRefreshTokens(
  deps: Deps,
  userId: string,
  connectionId?: string,
): Promise<string[]> {
  const key = deps.config.calendarKey;
  if (!key) return [];
  const rows = await deps.db
    .select({ credentials: calendarConnections.credentials })
    .from(calendarConnections)
    .where(
      and(
        eq(calendarConnections.userId, userId),
        eq(calendarConnections.kind, "google"),
        ...(connectionId ? [eq(calendarConnections.id, connectionId)] : []),
      ),
    );
  const tokens: string[] = [];
  for (const row of rows) {
    try {
      const token = openCredentials(key, row.credentials).refreshToken;
      if (token) tokens.push(token);
    } catch {
      // sealed under another key: nothing Sage can revoke
    }
  }
  return tokens;
}

/**
 * Revokes tokens at Google's revocation endpoint (disconnect, account deletion). A failure
 * is logged and does not undo the disconnect: the person can still remove Sage's access in
 * their Google account.
 */
export async function revokeGoogleTokens(deps: Deps, tokens: string[]): Promise<void> {
  if (tokens.length > 0 && !deps.google) {
    deps.log.warn({ count: tokens.length }, "google calendar: not configured, nothing revoked");
    return;
  }
  for (const token of tokens) {
    try {
      await deps.google?.revoke(token);
    } catch (err) {
      deps.log.warn({ err: { name: (err as Error).name } }, "google calendar: revocation failed");
    }
  }
}
