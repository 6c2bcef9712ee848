import { count, eq } from "drizzle-orm";
import { CalendarDataError } from "../../core/calendar/external/types.ts";
import {
  CONNECTION_LIMITS,
  type Connection,
  type ConnectionKind,
  type CreateConnectionRequest,
} from "../../core/contract/connections.ts";
import { calendarConnections, users } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { FetchFailure, normalizeCalendarUrl } from "../integrations/calendars/safe-fetch.ts";
import { type Credentials, sealCredentials } from "../integrations/calendars/seal.ts";
import type { GoogleTokens } from "../integrations/identity/google.ts";
import type { MicrosoftTokens } from "../integrations/identity/microsoft.ts";
import { CALENDAR_PROVIDERS, type FirstRead, unprocessable } from "./calendar-provider.ts";
import { connectionDto } from "./connection-dto.ts";
import { openChannels } from "./push-channels.ts";
import { recount, type SyncDeps } from "./sync-connection.ts";

export { unprocessable };

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
 * Connects a calendar of any kind, the same way for all (decision 040): the provider reads
 * the whole account first (`readFirst`, before anything is stored), then one transaction
 * holds the per-user cap exactly (the user's row is locked), inserts the connection with its
 * credentials sealed, stores what was read and counts it. Every calendar counts as busy to
 * begin with. `asUnprocessable` turns the read's plain failures into 422s where the person
 * submitted the form.
 */
async function createConnection(
  deps: SyncDeps,
  opts: {
    userId: string;
    kind: ConnectionKind;
    credentials: Credentials;
    name?: string | undefined;
    unprocessableFailures: boolean;
  },
): Promise<Connection> {
  const key = requireCalendarKey(deps);
  let first: FirstRead;
  try {
    first = await CALENDAR_PROVIDERS[opts.kind].readFirst(deps, opts.credentials);
  } catch (error) {
    throw opts.unprocessableFailures ? asUnprocessable(error) : error;
  }
  const name = opts.name ?? first.name;
  const id = await deps.db.transaction(async (tx) => {
    await checkCap(tx, opts.userId);
    const [row] = await tx
      .insert(calendarConnections)
      .values({
        userId: opts.userId,
        kind: opts.kind,
        name,
        credentials: sealCredentials(key, first.credentials),
        lastSyncedAt: deps.now(),
      })
      .returning({ id: calendarConnections.id });
    await first.store(tx, { connectionId: row!.id, userId: opts.userId, name });
    await recount(tx, row!.id);
    return row!.id;
  });
  return connectionDto(deps.db, opts.userId, id, deps.now());
}

/**
 * Connects a CalDAV account: discovered, signed in and read first (400 for a refused
 * address, 422 for refused credentials, no calendars, or a calendar Sage cannot read),
 * stored only when that worked.
 */
export function createCalDavConnection(
  deps: SyncDeps,
  opts: { userId: string; input: Extract<CreateConnectionRequest, { kind: "caldav" }> },
): Promise<Connection> {
  requireCalendarKey(deps);
  const url = normalizeCalendarUrl(opts.input.url);
  return createConnection(deps, {
    userId: opts.userId,
    kind: "caldav",
    credentials: { url: url.href, username: opts.input.username, password: opts.input.password },
    name: opts.input.name,
    unprocessableFailures: true,
  });
}

/**
 * Connects an iCalendar address: fetched and read first (400 for a refused address, 422
 * when it is unreachable or not a calendar), stored only when that worked.
 */
export function createIcsConnection(
  deps: SyncDeps,
  opts: { userId: string; input: Extract<CreateConnectionRequest, { kind: "ics" }> },
): Promise<Connection> {
  requireCalendarKey(deps);
  const url = normalizeCalendarUrl(opts.input.url);
  return createConnection(deps, {
    userId: opts.userId,
    kind: "ics",
    credentials: { url: url.href },
    name: opts.input.name,
    unprocessableFailures: true,
  });
}

const consentCredentials = (url: string, tokens: GoogleTokens | MicrosoftTokens): Credentials => ({
  url,
  refreshToken: tokens.refreshToken,
  accessToken: tokens.accessToken,
  accessTokenExpiresAt: tokens.expiresAt,
});

/**
 * Connects Google Calendar after the consent (the callback's tokens): the calendar list and
 * every calendar's events read first, stored only when that worked, the refresh token
 * sealed. Named after the primary calendar (the account's address).
 */
export async function createGoogleConnection(
  deps: SyncDeps,
  opts: { userId: string; tokens: GoogleTokens },
): Promise<Connection> {
  const connection = await createConnection(deps, {
    userId: opts.userId,
    kind: "google",
    credentials: consentCredentials("google", opts.tokens),
    unprocessableFailures: false,
  });
  // push, when PUBLIC_URL is a public HTTPS address (decision 041); polling otherwise
  await openChannels(deps, connection.id);
  return connection;
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
  const connection = await createConnection(deps, {
    userId: opts.userId,
    kind: "microsoft",
    credentials: consentCredentials("microsoft", opts.tokens),
    unprocessableFailures: true,
  });
  // push, when PUBLIC_URL is a public HTTPS address (decision 041); polling otherwise
  await openChannels(deps, connection.id);
  return connection;
}
