import { eq } from "drizzle-orm";
import { unreadableOf } from "../../core/calendar/external/types.ts";
import type { ConnectionKind } from "../../core/contract/connections.ts";
import type { Db } from "../db/client.ts";
import { type calendarConnections, connectionCalendars } from "../db/schema.ts";
import { fetchIcs } from "../integrations/calendars/ics/fetch-ics.ts";
import { openCredentials } from "../integrations/calendars/seal.ts";
import type { GoogleSignIn } from "../integrations/identity/google.ts";
import { applyCalDavPlans, readCalDavAccount, storedCalDavState } from "./caldav-sync.ts";
import { apiForConnection, applyGooglePlans, readGoogleAccount } from "./google-sync.ts";
import { applyMicrosoftPlans, graphForConnection, readMicrosoftAccount } from "./microsoft-sync.ts";
import { caldavWriter } from "./push-caldav-blocks.ts";
import { googleWriterFor } from "./push-google-blocks.ts";
import { microsoftWriterFor } from "./push-microsoft-blocks.ts";
import type { BlockWriter } from "./push-through-writer.ts";
import { replaceSeriesRows } from "./store-series.ts";
import { fetchPolicy, type SyncDeps } from "./sync-deps.ts";

type ConnectionRow = typeof calendarConnections.$inferSelect;

/** How to store what a read found, run in the sync's transaction while its lease holds. */
export type StoreChanges = (tx: Db) => Promise<void>;

/**
 * One kind of outside calendar (decision 040), the way cal.com's `Calendar` interface is one:
 * the protocol lives behind it, and the sync (leases, storing, counting, the plain error on
 * the connection) and the write-back (pushThroughWriter: preconditions, ownership, retries)
 * are written once above it, in sync-connection.ts and push-blocks.ts.
 * - readChanges: the account's calendars and what changed in each since its stored cursor
 *   (sync token, deltaLink, CTag/ETags, HTTP validators), read and checked but not stored;
 *   answers how to store it, or undefined when nothing changed. Throws the provider's plain
 *   errors (FetchFailure, CalendarDataError, GoogleApiError, GraphApiError).
 * - writer: put and delete one block in one calendar with a precondition; absent for a kind
 *   Sage cannot write to (an iCalendar address).
 * - revoke: give back a consent's refresh token after the connection is deleted; absent
 *   where there is no grant (ICS, CalDAV) or no way to revoke one (Microsoft: forgotten).
 * Push subscriptions (Google events.watch, Graph subscriptions) are not part of it yet.
 */
export type CalendarProvider = {
  readChanges(deps: SyncDeps, row: ConnectionRow): Promise<StoreChanges | undefined>;
  writer?(deps: SyncDeps, conn: ConnectionRow, calendarExternalId: string): BlockWriter;
  revoke?(deps: { google: GoogleSignIn | undefined }, refreshToken: string): Promise<void>;
};

const ids = (row: ConnectionRow) => ({ connectionId: row.id, userId: row.userId });

const ics: CalendarProvider = {
  async readChanges(deps, row) {
    if (!deps.config.calendarKey) throw new Error("CALENDAR_SECRET_KEY is not configured");
    const { url } = openCredentials(deps.config.calendarKey, row.credentials);
    const [calendar] = await deps.db
      .select()
      .from(connectionCalendars)
      .where(eq(connectionCalendars.connectionId, row.id));
    if (!calendar) throw new Error("ICS connection without its calendar row");
    const result = await fetchIcs(
      new URL(url),
      { etag: calendar.httpEtag, lastModified: calendar.httpLastModified },
      fetchPolicy(deps.config),
      deps.now(),
    );
    if (result.kind === "not-modified") return undefined;
    const rows = result.calendar.series.map((s) => ({ ...s, key: s.uid, etag: null }));
    return async (tx) => {
      await replaceSeriesRows(tx, { calendarId: calendar.id, ...ids(row) }, rows);
      await tx
        .update(connectionCalendars)
        .set({
          httpEtag: result.validators.etag,
          httpLastModified: result.validators.lastModified,
          unreadable: unreadableOf(result.calendar.unreadable, result.calendar.left),
        })
        .where(eq(connectionCalendars.id, calendar.id));
    };
  },
};

const caldav: CalendarProvider = {
  async readChanges(deps, row) {
    if (!deps.config.calendarKey) throw new Error("CALENDAR_SECRET_KEY is not configured");
    const creds = openCredentials(deps.config.calendarKey, row.credentials);
    const stored = await storedCalDavState(deps.db, row.id);
    const plans = await readCalDavAccount(creds, fetchPolicy(deps.config), stored, deps.now());
    return (tx) => applyCalDavPlans(tx, { ...ids(row), plans });
  },
  writer: caldavWriter,
};

const google: CalendarProvider = {
  async readChanges(deps, row) {
    const plans = await readGoogleAccount(deps, apiForConnection(deps, row), row.id);
    return (tx) => applyGooglePlans(tx, { ...ids(row), plans });
  },
  writer: googleWriterFor,
  async revoke(deps, refreshToken) {
    if (!deps.google) throw new Error("Google sign-in is not configured: nothing revoked");
    await deps.google.revoke(refreshToken);
  },
};

const microsoft: CalendarProvider = {
  async readChanges(deps, row) {
    const plans = await readMicrosoftAccount(deps, graphForConnection(deps, row), row.id);
    return (tx) => applyMicrosoftPlans(tx, { ...ids(row), plans });
  },
  writer: microsoftWriterFor,
};

/** Every kind a connection can be, and its provider. */
export const CALENDAR_PROVIDERS: Readonly<Record<ConnectionKind, CalendarProvider>> = {
  ics,
  caldav,
  google,
  microsoft,
};
