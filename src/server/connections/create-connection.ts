import { count, eq, sql } from "drizzle-orm";
import { CalendarDataError, unreadableOf } from "../../core/calendar/external/types.ts";
import {
  CONNECTION_LIMITS,
  type Connection,
  type CreateConnectionRequest,
} from "../../core/contract/connections.ts";
import { calendarConnections, connectionCalendars, users } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { googleCalendarApi } from "../integrations/calendars/google/google-calendar-api.ts";
import { fetchIcs } from "../integrations/calendars/ics/fetch-ics.ts";
import { FetchFailure, normalizeCalendarUrl } from "../integrations/calendars/safe-fetch.ts";
import { sealCredentials } from "../integrations/calendars/seal.ts";
import type { GoogleTokens } from "../integrations/identity/google.ts";
import type { MicrosoftTokens } from "../integrations/identity/microsoft.ts";
import { applyCalDavPlans, readCalDavAccount } from "./caldav-sync.ts";
import { connectionDto } from "./connection-dto.ts";
import { applyGooglePlans, connectionAuth, readGoogleAccount } from "./google-sync.ts";
import { applyMicrosoftPlans, graphWith, readMicrosoftAccount } from "./microsoft-sync.ts";
import { replaceSeriesRows } from "./store-series.ts";
import { fetchPolicy, recount, type SyncDeps } from "./sync-connection.ts";

export const unprocessable = (message: string) => new AppError(422, "unprocessable", message);

export function requireCalendarKey(deps: SyncDeps): Buffer {
  if (!deps.config.calendarKey) {
    throw new AppError(
      503,
      "service_unavailable",
      "Connected calendars are not set up on this server (CALENDAR_SECRET_KEY is missing)",
    );
  }
  return deps.config.calendarKey;
}

/** The failures a first sync can meet, as the 422 the person reads. Others pass through. */
export function asUnprocessable(error: unknown): unknown {
  if (error instanceof FetchFailure)
    return unprocessable(`Sage could not read this calendar: ${error.message}`);
  if (error instanceof CalendarDataError) return unprocessable(error.message);
  return error;
}

/** Locks the user's row and holds the per-user cap exactly (409 beyond it). */
async function checkCap(tx: SyncDeps["db"], userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const [existing] = await tx
    .select({ n: count() })
    .from(calendarConnections)
    .where(eq(calendarConnections.userId, userId));
  if ((existing?.n ?? 0) >= CONNECTION_LIMITS.perUser) {
    throw new AppError(
      409,
      "conflict",
      `You can connect at most ${CONNECTION_LIMITS.perUser} calendars; disconnect one first`,
    );
  }
}

/**
 * Connects a CalDAV account: discovered, signed in and read first (400 for a refused
 * address, 422 for refused credentials, no calendars, or a calendar Sage cannot read),
 * stored only when that worked. Every event calendar counts as busy to begin with.
 */
export async function createCalDavConnection(
  deps: SyncDeps,
  opts: { userId: string; input: Extract<CreateConnectionRequest, { kind: "caldav" }> },
): Promise<Connection> {
  const key = requireCalendarKey(deps);
  const url = normalizeCalendarUrl(opts.input.url);
  const creds = { url: url.href, username: opts.input.username, password: opts.input.password };
  let plans: Awaited<ReturnType<typeof readCalDavAccount>>;
  try {
    plans = await readCalDavAccount(creds, fetchPolicy(deps.config), new Map(), deps.now());
  } catch (error) {
    throw asUnprocessable(error);
  }
  if (plans.length === 0) throw unprocessable("This account has no calendars with events");
  const id = await deps.db.transaction(async (tx) => {
    await checkCap(tx, opts.userId);
    const [row] = await tx
      .insert(calendarConnections)
      .values({
        userId: opts.userId,
        kind: "caldav",
        name: opts.input.name ?? `${opts.input.username} at ${url.hostname}`,
        credentials: sealCredentials(key, creds),
        lastSyncedAt: deps.now(),
      })
      .returning({ id: calendarConnections.id });
    await applyCalDavPlans(tx, { connectionId: row!.id, userId: opts.userId, plans });
    await recount(tx, row!.id);
    return row!.id;
  });
  return connectionDto(deps.db, opts.userId, id, deps.now());
}

/**
 * Connects an iCalendar address: fetched and read first (400 for a refused address, 422
 * when it is unreachable or not a calendar), stored only when that worked, in one
 * transaction that also holds the per-user cap exactly (the user's row is locked).
 */
export async function createIcsConnection(
  deps: SyncDeps,
  opts: { userId: string; input: Extract<CreateConnectionRequest, { kind: "ics" }> },
): Promise<Connection> {
  const key = requireCalendarKey(deps);
  const url = normalizeCalendarUrl(opts.input.url);
  let first: Awaited<ReturnType<typeof fetchIcs>>;
  try {
    first = await fetchIcs(
      url,
      { etag: null, lastModified: null },
      fetchPolicy(deps.config),
      deps.now(),
    );
    if (first.kind !== "calendar")
      throw new FetchFailure("the address answered 304 to a first request");
  } catch (error) {
    throw asUnprocessable(error);
  }
  const calendar = first.calendar;
  // these are the whole calendar: one none of whose events can be followed is refused
  if (calendar.why && calendar.series.length === 0) throw unprocessable(calendar.why);
  const rows = calendar.series.map((s) => ({ ...s, key: s.uid, etag: null }));
  const name = opts.input.name ?? calendar.name ?? url.hostname;

  const id = await deps.db.transaction(async (tx) => {
    await checkCap(tx, opts.userId);
    const [row] = await tx
      .insert(calendarConnections)
      .values({
        userId: opts.userId,
        kind: "ics",
        name,
        credentials: sealCredentials(key, { url: url.href }),
        lastSyncedAt: deps.now(),
      })
      .returning({ id: calendarConnections.id });
    const [cal] = await tx
      .insert(connectionCalendars)
      .values({
        connectionId: row!.id,
        userId: opts.userId,
        externalId: "ics",
        name,
        httpEtag: first.validators.etag,
        httpLastModified: first.validators.lastModified,
        unreadable: unreadableOf(calendar.unreadable, calendar.left),
      })
      .returning({ id: connectionCalendars.id });
    await replaceSeriesRows(
      tx,
      { calendarId: cal!.id, connectionId: row!.id, userId: opts.userId },
      rows,
    );
    await recount(tx, row!.id);
    await tx
      .update(calendarConnections)
      .set({ updatedAt: sql`now()` })
      .where(eq(calendarConnections.id, row!.id));
    return row!.id;
  });
  return connectionDto(deps.db, opts.userId, id, deps.now());
}

/**
 * Connects Google Calendar after the consent (the callback's tokens): the calendar list and
 * every calendar's events read first, stored only when that worked, the refresh token
 * sealed. Named after the primary calendar (the account's address).
 */
export async function createGoogleConnection(
  deps: SyncDeps,
  opts: { userId: string; tokens: GoogleTokens },
): Promise<Connection> {
  const key = requireCalendarKey(deps);
  const creds = {
    url: "google",
    refreshToken: opts.tokens.refreshToken,
    accessToken: opts.tokens.accessToken,
    accessTokenExpiresAt: opts.tokens.expiresAt,
  };
  const api = googleCalendarApi(deps.config.googleApiBase, connectionAuth(deps, null, creds));
  const plans = await readGoogleAccount(deps, api, null);
  if (plans.length === 0) throw unprocessable("This Google account has no calendars Sage can read");
  const primary = plans.find((p) => p.primary) ?? plans[0]!;
  const name = `Google Calendar (${primary.externalId})`.slice(0, CONNECTION_LIMITS.name);
  const id = await deps.db.transaction(async (tx) => {
    await checkCap(tx, opts.userId);
    const [row] = await tx
      .insert(calendarConnections)
      .values({
        userId: opts.userId,
        kind: "google",
        name,
        credentials: sealCredentials(key, { ...creds, url: `google:${primary.externalId}` }),
        lastSyncedAt: deps.now(),
      })
      .returning({ id: calendarConnections.id });
    await applyGooglePlans(tx, { connectionId: row!.id, userId: opts.userId, plans });
    await recount(tx, row!.id);
    return row!.id;
  });
  return connectionDto(deps.db, opts.userId, id, deps.now());
}

/**
 * Connects a Microsoft 365 / Outlook.com account after the consent (the callback's tokens):
 * the calendars and each one's calendar view read first, stored only when that worked, the
 * refresh token sealed. Named after the default calendar.
 */
export async function createMicrosoftConnection(
  deps: SyncDeps,
  opts: { userId: string; tokens: MicrosoftTokens },
): Promise<Connection> {
  const key = requireCalendarKey(deps);
  const creds = {
    url: "microsoft",
    refreshToken: opts.tokens.refreshToken,
    accessToken: opts.tokens.accessToken,
    accessTokenExpiresAt: opts.tokens.expiresAt,
  };
  const api = graphWith(deps, null, creds);
  let plans: Awaited<ReturnType<typeof readMicrosoftAccount>>;
  try {
    plans = await readMicrosoftAccount(deps, api, null);
  } catch (error) {
    throw asUnprocessable(error);
  }
  if (plans.length === 0)
    throw unprocessable("This Microsoft account has no calendars Sage can read");
  const primary = plans.find((p) => p.primary) ?? plans[0]!;
  const name = `Microsoft 365 (${primary.name})`.slice(0, CONNECTION_LIMITS.name);
  const id = await deps.db.transaction(async (tx) => {
    await checkCap(tx, opts.userId);
    const [row] = await tx
      .insert(calendarConnections)
      .values({
        userId: opts.userId,
        kind: "microsoft",
        name,
        credentials: sealCredentials(key, creds),
        lastSyncedAt: deps.now(),
      })
      .returning({ id: calendarConnections.id });
    await applyMicrosoftPlans(tx, { connectionId: row!.id, userId: opts.userId, plans });
    await recount(tx, row!.id);
    return row!.id;
  });
  return connectionDto(deps.db, opts.userId, id, deps.now());
}
