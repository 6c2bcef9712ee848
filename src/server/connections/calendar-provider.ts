import { eq, sql } from "drizzle-orm";
import { unreadableOf } from "../../core/calendar/external/types.ts";
import { CONNECTION_LIMITS, type ConnectionKind } from "../../core/contract/connections.ts";
import type { Db } from "../db/client.ts";
import { calendarConnections, connectionCalendars } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { googleCalendarApi } from "../integrations/calendars/google/google-calendar-api.ts";
import { fetchIcs } from "../integrations/calendars/ics/fetch-ics.ts";
import { FetchFailure } from "../integrations/calendars/safe-fetch.ts";
import { type Credentials, openCredentials } from "../integrations/calendars/seal.ts";
import type { GoogleSignIn } from "../integrations/identity/google.ts";
import { applyCalDavPlans, readCalDavAccount, storedCalDavState } from "./caldav-sync.ts";
import {
  apiForConnection,
  applyGooglePlans,
  connectionAuth,
  readGoogleAccount,
} from "./google-sync.ts";
import {
  applyMicrosoftPlans,
  graphForConnection,
  graphWith,
  readMicrosoftAccount,
} from "./microsoft-sync.ts";
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
 * What a new connection's first read found, before any row exists: the name it is given
 * (unless the person names it), the credentials to seal, and how to store what was read
 * once the row is inserted (in the same transaction).
 */
export type FirstRead = {
  name: string;
  credentials: Credentials;
  /** `name` is the connection's final name (the person's, or the one above). */
  store: (tx: Db, ids: { connectionId: string; userId: string; name: string }) => Promise<void>;
};

export const unprocessable = (message: string) => new AppError(422, "unprocessable", message);

/**
 * One kind of outside calendar (decision 040), the way cal.com's `Calendar` interface is one:
 * the protocol lives behind it, and the sync (leases, storing, counting, the plain error on
 * the connection) and the write-back (pushThroughWriter: preconditions, ownership, retries)
 * are written once above it, in sync-connection.ts and push-blocks.ts.
 * - readFirst: the whole account from the credentials a person gave (an address, a
 *   password, a consent's tokens), for a connection not stored yet; throws a 422 when it
 *   has nothing Sage can read.
 * - readChanges: the account's calendars and what changed in each since its stored cursor
 *   (sync token, deltaLink, CTag/ETags, HTTP validators), read and checked but not stored;
 *   answers how to store it, or undefined when nothing changed. Throws the provider's plain
 *   errors (FetchFailure, CalendarDataError, GoogleApiError, GraphApiError).
 * - writer: put and delete one block in one calendar with a precondition; absent for a kind
 *   Sage cannot write to (an iCalendar address).
 * - revoke: give back a consent's refresh token after the connection is deleted; absent
 *   where there is no grant (ICS, CalDAV) or no way to revoke one (Microsoft: forgotten).
 * - watch / unwatch: open a push channel on one calendar (Google events.watch, a Graph
 *   subscription, whose id Graph names: `channelId`) and stop it (channels.stop, DELETE
 *   /subscriptions/{id}); absent for kinds that cannot push, which polling alone keeps fresh.
 */
export type CalendarProvider = {
  readFirst(deps: SyncDeps, credentials: Credentials): Promise<FirstRead>;
  readChanges(deps: SyncDeps, row: ConnectionRow): Promise<StoreChanges | undefined>;
  writer?(deps: SyncDeps, conn: ConnectionRow, calendarExternalId: string): BlockWriter;
  revoke?(deps: { google: GoogleSignIn | undefined }, refreshToken: string): Promise<void>;
  watch?(
    deps: SyncDeps,
    conn: ConnectionRow,
    calendarExternalId: string,
    channel: PushChannelRequest,
  ): Promise<{ resourceId: string | null; expiresAt: Date; channelId?: string }>;
  unwatch?(
    deps: SyncDeps,
    conn: ConnectionRow,
    channel: { channelId: string; resourceId: string | null },
  ): Promise<void>;
};

/** What Sage asks a provider to push to: its own channel id, secret token and address. */
export type PushChannelRequest = {
  id: string;
  token: string;
  address: string;
  /**
   * Where the provider tells Sage about the channel itself (Graph's lifecycle notifications:
   * reauthorization, removal, missed notifications); providers without them ignore it.
   */
  lifecycleAddress: string;
  /** The expiration asked for; the provider answers the one it granted. */
  expiresAt: Date;
};

const ids = (row: ConnectionRow) => ({ connectionId: row.id, userId: row.userId });

const ics: CalendarProvider = {
  async readFirst(deps, credentials) {
    const url = new URL(credentials.url);
    const first = await fetchIcs(
      url,
      { etag: null, lastModified: null },
      fetchPolicy(deps.config),
      deps.now(),
    );
    if (first.kind !== "calendar")
      throw new FetchFailure("the address answered 304 to a first request");
    const calendar = first.calendar;
    // these are the whole calendar: one none of whose events can be followed is refused
    if (calendar.why && calendar.series.length === 0) throw unprocessable(calendar.why);
    const rows = calendar.series.map((s) => ({ ...s, key: s.uid, etag: null }));
    return {
      name: calendar.name ?? url.hostname,
      credentials: { url: url.href },
      async store(tx, { name, ...ids }) {
        const [cal] = await tx
          .insert(connectionCalendars)
          .values({
            ...ids,
            externalId: "ics",
            name,
            httpEtag: first.validators.etag,
            httpLastModified: first.validators.lastModified,
            unreadable: unreadableOf(calendar.unreadable, calendar.left),
          })
          .returning({ id: connectionCalendars.id });
        await replaceSeriesRows(tx, { calendarId: cal!.id, ...ids }, rows);
        await tx
          .update(calendarConnections)
          .set({ updatedAt: sql`now()` })
          .where(eq(calendarConnections.id, ids.connectionId));
      },
    };
  },
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
  async readFirst(deps, credentials) {
    const plans = await readCalDavAccount(
      credentials,
      fetchPolicy(deps.config),
      new Map(),
      deps.now(),
    );
    if (plans.length === 0) throw unprocessable("This account has no calendars with events");
    return {
      name: `${credentials.username ?? ""} at ${new URL(credentials.url).hostname}`,
      credentials,
      store: (tx, { connectionId, userId }) =>
        applyCalDavPlans(tx, { connectionId, userId, plans }),
    };
  },
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
  async readFirst(deps, credentials) {
    const api = googleCalendarApi(
      deps.config.googleApiBase,
      connectionAuth(deps, null, credentials),
    );
    const plans = await readGoogleAccount(deps, api, null);
    if (plans.length === 0)
      throw unprocessable("This Google account has no calendars Sage can read");
    const primary = plans.find((p) => p.primary) ?? plans[0]!;
    return {
      // named after the primary calendar: the account's address
      name: `Google Calendar (${primary.externalId})`.slice(0, CONNECTION_LIMITS.name),
      credentials: { ...credentials, url: `google:${primary.externalId}` },
      store: (tx, { connectionId, userId }) =>
        applyGooglePlans(tx, { connectionId, userId, plans }),
    };
  },
  async readChanges(deps, row) {
    const plans = await readGoogleAccount(deps, apiForConnection(deps, row), row.id);
    return (tx) => applyGooglePlans(tx, { ...ids(row), plans });
  },
  writer: googleWriterFor,
  async revoke(deps, refreshToken) {
    if (!deps.google) throw new Error("Google sign-in is not configured: nothing revoked");
    await deps.google.revoke(refreshToken);
  },
  watch: (deps, conn, calendarId, channel) =>
    apiForConnection(deps, conn).watchEvents(calendarId, channel),
  async unwatch(deps, conn, channel) {
    if (!channel.resourceId) return;
    await apiForConnection(deps, conn).stopChannel({
      id: channel.channelId,
      resourceId: channel.resourceId,
    });
  },
};

const microsoft: CalendarProvider = {
  async readFirst(deps, credentials) {
    const plans = await readMicrosoftAccount(deps, graphWith(deps, null, credentials), null);
    if (plans.length === 0)
      throw unprocessable("This Microsoft account has no calendars Sage can read");
    const primary = plans.find((p) => p.primary) ?? plans[0]!;
    return {
      // named after the default calendar
      name: `Microsoft 365 (${primary.name})`.slice(0, CONNECTION_LIMITS.name),
      credentials,
      store: (tx, { connectionId, userId }) =>
        applyMicrosoftPlans(tx, { connectionId, userId, plans }),
    };
  },
  async readChanges(deps, row) {
    const plans = await readMicrosoftAccount(deps, graphForConnection(deps, row), row.id);
    return (tx) => applyMicrosoftPlans(tx, { ...ids(row), plans });
  },
  writer: microsoftWriterFor,
  async watch(deps, conn, calendarId, channel) {
    const sub = await graphForConnection(deps, conn).subscribe(calendarId, {
      notificationUrl: channel.address,
      lifecycleNotificationUrl: channel.lifecycleAddress,
      clientState: channel.token,
      expiresAt: channel.expiresAt,
    });
    return { channelId: sub.id, resourceId: null, expiresAt: sub.expiresAt };
  },
  unwatch: (deps, conn, channel) => graphForConnection(deps, conn).unsubscribe(channel.channelId),
};

/** Every kind a connection can be, and its provider. */
export const CALENDAR_PROVIDERS: Readonly<Record<ConnectionKind, CalendarProvider>> = {
  ics,
  caldav,
  google,
  microsoft,
};
