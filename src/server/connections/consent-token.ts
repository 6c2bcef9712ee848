import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { calendarConnections } from "../db/schema.ts";
import { type Credentials, sealCredentials } from "../integrations/calendars/seal.ts";
import type { SyncDeps } from "./sync-deps.ts";

/** A token kept this long before its expiry is renewed first rather than sent. */
const EXPIRY_MARGIN_MS = 60_000;

/** What an API client asks of a consent's tokens (Google's and Graph's clients alike). */
export type ConsentAuth = { current(): Promise<string>; renew(): Promise<string> };

/**
 * The access token of a connection made by consent (Google, Microsoft): the stored one while
 * it is valid, else (and after a 401) a fresh one from the refresh token — a rolled refresh
 * token kept — sealed back into `connectionId`'s credentials when given. No refresh token, or
 * one the provider refuses, is the provider's own 401 (`refused`): the plain "connect again".
 */
export function consentAuth(
  deps: Pick<SyncDeps, "config"> & { db: Db },
  connectionId: string | null,
  creds: Credentials,
  provider: {
    refresh(refreshToken: string): Promise<{
      accessToken: string;
      refreshToken?: string;
      expiresAt: number;
    }>;
    refused(message: string): Error;
    /** Said when the refresh token is refused: how to connect again. */
    connectAgain: string;
  },
): ConsentAuth {
  let current = creds;
  const renew = async () => {
    if (!current.refreshToken) throw provider.refused("No refresh token is stored");
    const tokens = await provider.refresh(current.refreshToken).catch(() => {
      throw provider.refused(provider.connectAgain);
    });
    current = {
      ...current,
      accessToken: tokens.accessToken,
      accessTokenExpiresAt: tokens.expiresAt,
      ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
    };
    if (deps.config.calendarKey && connectionId) {
      await deps.db
        .update(calendarConnections)
        .set({ credentials: sealCredentials(deps.config.calendarKey, current) })
        .where(eq(calendarConnections.id, connectionId));
    }
    return tokens.accessToken;
  };
  return {
    current: async () =>
      current.accessToken && (current.accessTokenExpiresAt ?? 0) > Date.now() + EXPIRY_MARGIN_MS
        ? current.accessToken
        : renew(),
    renew,
  };
}
