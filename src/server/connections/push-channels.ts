import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import { calendarConnections, connectionCalendars, pushChannels } from "../db/schema.ts";
import { CALENDAR_PROVIDERS } from "./calendar-provider.ts";
import { type SyncDeps, syncConnection } from "./sync-connection.ts";

/**
 * Push notifications with polling as the safety net (decision 041). Sage opens one channel
 * per calendar of a connection whose provider can push (Google events.watch, Microsoft Graph
 * subscriptions), only when
 * PUBLIC_URL is a public HTTPS address the provider can reach; renews each before it expires
 * (from the periodic jobs, on whichever instance claims the period); stops them when the
 * connection goes. A notification only marks the connection and starts a leased sync, so a
 * burst of notifications, on any number of instances, is one sync.
 */

/** Polling interval for connections without push (minutes). */
export const POLL_MINUTES = 15;
/** Polling interval for connections with a live push channel: the backstop (minutes). */
export const PUSH_BACKSTOP_MINUTES = 60;
/**
 * Lifetime asked of a channel: a week for Google (its default), and just under the 10,080
 * minutes Graph allows a subscription on Outlook events.
 */
const CHANNEL_TTL_SECONDS = { google: 7 * 24 * 3600, microsoft: 10_000 * 60 } as const;
type PushKind = keyof typeof CHANNEL_TTL_SECONDS;
const isPushKind = (kind: string): kind is PushKind => kind in CHANNEL_TTL_SECONDS;
/** A channel expiring within this is renewed by the periodic job (it runs every 5 minutes). */
export const RENEW_BEFORE_MS = 24 * 3600_000;
/** Channels renewed per job run at most (the rest are found by the next run). */
const RENEW_BATCH = 100;
/**
 * A calendar whose provider refused a channel (or that has none, say because PUBLIC_URL was
 * set after it connected) gets one again from the periodic job, at most this often.
 */
export const PUSH_RETRY_HOURS = 6;
/** How long a notification waits before its sync, so a burst arriving together is one. */
export const PUSH_SETTLE_MS = 300;
/** Syncs one drain runs at most: notifications that keep coming are left to the next. */
const MAX_PUSH_ROUNDS = 4;

type ConnectionRow = typeof calendarConnections.$inferSelect;
type ChannelRow = typeof pushChannels.$inferSelect;

/**
 * Where the provider POSTs its notifications (`notify`) or news about the channel itself
 * (`lifecycle`, Graph only), or undefined when it could not reach Sage.
 */
export function pushAddress(
  config: Config,
  kind: PushKind,
  route: "notify" | "lifecycle" = "notify",
): string | undefined {
  if (config.publicUrl.protocol !== "https:" || config.isLocal) return undefined;
  return new URL(`/api/connections/${kind}/${route}`, config.publicUrl).href;
}

/** Whether connections of this kind are pushed on this server (the card says so). */
export function pushes(config: Config, kind: ConnectionRow["kind"]): boolean {
  return isPushKind(kind) && !!CALENDAR_PROVIDERS[kind].watch && !!pushAddress(config, kind);
}

/**
 * Opens a channel on one calendar and keeps it, unless the calendar has one already (another
 * instance or job opened it meanwhile: one channel per calendar, push_channels_calendar_key),
 * in which case the new one is stopped at once. Answers whether it kept one. Throws when the
 * provider refuses.
 */
async function openChannel(
  deps: SyncDeps,
  conn: ConnectionRow,
  calendar: { id: string; externalId: string },
): Promise<boolean> {
  const provider = CALENDAR_PROVIDERS[conn.kind];
  const kind = conn.kind;
  const address = isPushKind(kind) ? pushAddress(deps.config, kind) : undefined;
  if (!provider.watch || !address || !isPushKind(kind)) return false;
  const channel = {
    id: randomUUID(),
    token: randomBytes(32).toString("base64url"),
    address,
    lifecycleAddress: pushAddress(deps.config, kind, "lifecycle") ?? address,
    expiresAt: new Date(deps.now().getTime() + CHANNEL_TTL_SECONDS[kind] * 1000),
  };
  let opened: Awaited<ReturnType<NonNullable<typeof provider.watch>>>;
  try {
    opened = await provider.watch(deps, conn, calendar.externalId, channel);
  } catch (error) {
    // polled meanwhile; the periodic job tries again PUSH_RETRY_HOURS later
    await deps.db
      .update(connectionCalendars)
      .set({ pushFailedAt: deps.now() })
      .where(eq(connectionCalendars.id, calendar.id));
    throw error;
  }
  await deps.db
    .update(connectionCalendars)
    .set({ pushFailedAt: null })
    .where(
      and(eq(connectionCalendars.id, calendar.id), isNotNull(connectionCalendars.pushFailedAt)),
    );
  const row = {
    connectionId: conn.id,
    calendarId: calendar.id,
    userId: conn.userId,
    channelId: opened.channelId ?? channel.id,
    resourceId: opened.resourceId,
    token: channel.token,
    expiresAt: opened.expiresAt,
  };
  const [kept] = await deps.db
    .insert(pushChannels)
    .values(row)
    .onConflictDoNothing({ target: pushChannels.calendarId })
    .returning({ id: pushChannels.id });
  // the calendar has a channel already (opened meanwhile elsewhere): this one goes again
  if (!kept) await stopChannel(deps, conn, { ...row, id: "", createdAt: deps.now() });
  return !!kept;
}

/**
 * Opens a channel on each calendar of a new connection. Never throws: a calendar the
 * provider will not watch is still polled, and the error is logged.
 */
export async function openChannels(deps: SyncDeps, connectionId: string): Promise<number> {
  const [conn] = await deps.db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.id, connectionId));
  if (!conn || !pushes(deps.config, conn.kind)) return 0;
  const calendars = await deps.db
    .select({ id: connectionCalendars.id, externalId: connectionCalendars.externalId })
    .from(connectionCalendars)
    .where(eq(connectionCalendars.connectionId, connectionId));
  let opened = 0;
  for (const calendar of calendars) {
    try {
      if (await openChannel(deps, conn, calendar)) opened++;
    } catch (error) {
      deps.log?.error({ err: error, connectionId }, "push channel could not be opened");
    }
  }
  return opened;
}

async function stopChannel(deps: SyncDeps, conn: ConnectionRow, ch: ChannelRow): Promise<void> {
  try {
    await CALENDAR_PROVIDERS[conn.kind].unwatch?.(deps, conn, ch);
  } catch (error) {
    // the provider stops sending when the channel expires; its notifications get a 403
    deps.log?.error({ err: error, connectionId: conn.id }, "push channel could not be stopped");
  }
}

/**
 * Stops every channel of a connection at the provider and forgets it, so the connection is
 * polled from now on (before the connection goes, or when it stays because its deletion
 * failed). Never throws for a provider: one that refuses is logged (the channel expires).
 */
export async function stopChannels(deps: SyncDeps, connectionId: string): Promise<void> {
  const [conn] = await deps.db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.id, connectionId));
  if (!conn) return;
  const channels = await deps.db
    .select()
    .from(pushChannels)
    .where(eq(pushChannels.connectionId, connectionId));
  for (const ch of channels) {
    await stopChannel(deps, conn, ch);
    await deps.db.delete(pushChannels).where(eq(pushChannels.id, ch.id));
  }
}

/**
 * Renews channels that expire within RENEW_BEFORE_MS: each row is claimed by deleting it (so
 * a lifecycle replacement of the same channel at the same instant, which claims it the same
 * way, does not open a second one), a new channel is opened on the same calendar, then the old
 * one is stopped at the provider. Its notifications in between are refused as unknown; the
 * backstop poll covers that second. When no new channel opens and the old one has not expired,
 * its row is put back and tried again by the next run. Run by the periodic jobs on one
 * instance per period. Returns how many it renewed.
 */
export async function renewChannels(deps: SyncDeps): Promise<number> {
  const soon = new Date(deps.now().getTime() + RENEW_BEFORE_MS);
  const due = await deps.db
    .select({ channel: pushChannels, conn: calendarConnections, calendar: connectionCalendars })
    .from(pushChannels)
    .innerJoin(calendarConnections, eq(calendarConnections.id, pushChannels.connectionId))
    .innerJoin(connectionCalendars, eq(connectionCalendars.id, pushChannels.calendarId))
    .where(lt(pushChannels.expiresAt, soon))
    .orderBy(pushChannels.expiresAt)
    .limit(RENEW_BATCH);
  let renewed = 0;
  for (const { channel, conn, calendar } of due) {
    const [claimed] = await deps.db
      .delete(pushChannels)
      .where(eq(pushChannels.id, channel.id))
      .returning({ id: pushChannels.id });
    if (!claimed) continue; // replaced meanwhile (Graph's lifecycle notification)
    try {
      if (pushes(deps.config, conn.kind)) await openChannel(deps, conn, calendar);
      renewed++;
    } catch (error) {
      deps.log?.error({ err: error, connectionId: conn.id }, "push channel could not be renewed");
      // put back: tried again by the next run until it expires; polling covers the gap
      if (channel.expiresAt > deps.now()) {
        await deps.db.insert(pushChannels).values(channel).onConflictDoNothing();
        continue;
      }
    }
    await stopChannel(deps, conn, channel);
  }
  return renewed;
}

/**
 * Opens a channel on calendars of push-capable connections that have none: the provider
 * refused one before (tried again PUSH_RETRY_HOURS after), a replacement failed, or the
 * connection was made before PUBLIC_URL let providers reach Sage. Run by the periodic job
 * after renewals; at most RENEW_BATCH calendars a run. Returns how many it opened.
 */
export async function reopenChannels(deps: SyncDeps): Promise<number> {
  const kinds = (Object.keys(CHANNEL_TTL_SECONDS) as PushKind[]).filter((k) =>
    pushes(deps.config, k),
  );
  if (kinds.length === 0) return 0;
  const retryBefore = new Date(deps.now().getTime() - PUSH_RETRY_HOURS * 3600_000);
  const due = await deps.db
    .select({ conn: calendarConnections, calendar: connectionCalendars })
    .from(connectionCalendars)
    .innerJoin(calendarConnections, eq(calendarConnections.id, connectionCalendars.connectionId))
    .leftJoin(pushChannels, eq(pushChannels.calendarId, connectionCalendars.id))
    .where(
      and(
        inArray(calendarConnections.kind, kinds),
        isNull(pushChannels.id),
        or(
          isNull(connectionCalendars.pushFailedAt),
          lt(connectionCalendars.pushFailedAt, retryBefore),
        ),
      ),
    )
    .orderBy(connectionCalendars.pushFailedAt)
    .limit(RENEW_BATCH);
  let opened = 0;
  for (const { conn, calendar } of due) {
    try {
      if (await openChannel(deps, conn, calendar)) opened++;
    } catch (error) {
      deps.log?.error({ err: error, connectionId: conn.id }, "push channel could not be reopened");
    }
  }
  return opened;
}

/**
 * Replaces one channel now, whatever its expiry (Graph's lifecycle notifications: it needs
 * reauthorizing, or Graph removed it): the row is claimed by deleting it — so a notification
 * delivered twice, or to two instances, replaces it once — then a new channel is opened on
 * the same calendar and the old one stopped (a removed one answers 404, which is fine).
 * When no new channel can be opened the connection is polled from then on. Never throws.
 */
export async function replaceChannel(deps: SyncDeps, channelRowId: string): Promise<boolean> {
  const [old] = await deps.db
    .delete(pushChannels)
    .where(eq(pushChannels.id, channelRowId))
    .returning();
  if (!old) return false;
  const [found] = await deps.db
    .select({ conn: calendarConnections, calendar: connectionCalendars })
    .from(calendarConnections)
    .innerJoin(connectionCalendars, eq(connectionCalendars.id, old.calendarId))
    .where(eq(calendarConnections.id, old.connectionId));
  if (!found) return false;
  let opened = false;
  try {
    if (pushes(deps.config, found.conn.kind)) {
      await openChannel(deps, found.conn, found.calendar);
      opened = true;
    }
  } catch (error) {
    deps.log?.error(
      { err: error, connectionId: old.connectionId },
      "push channel could not be replaced; the connection is polled",
    );
  }
  await stopChannel(deps, found.conn, old);
  return opened;
}

function sameSecret(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The channel a notification is about (its row id) and its connection, when its channel id
 * and token are ones Sage created (compared in constant time), or undefined.
 */
export async function checkedChannel(
  deps: Pick<SyncDeps, "db">,
  channelId: string,
  token: string,
): Promise<{ id: string; connectionId: string } | undefined> {
  const [ch] = await deps.db
    .select({
      id: pushChannels.id,
      connectionId: pushChannels.connectionId,
      token: pushChannels.token,
    })
    .from(pushChannels)
    .where(eq(pushChannels.channelId, channelId));
  if (!ch || !sameSecret(token, ch.token)) return undefined;
  return { id: ch.id, connectionId: ch.connectionId };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * A valid notification: marks the connection (in the database, so every instance sees it)
 * and, after PUSH_SETTLE_MS, syncs it under its lease. The sync's claim clears the mark, so
 * notifications that came before it are answered by it and start nothing more; one that
 * comes during it leaves the mark set and this drain syncs once more; a lease held by
 * another instance is waited for, at most MAX_PUSH_ROUNDS times (then the backstop poll).
 * Never throws. The living plan follows the stored change by itself (drizzle/0015).
 */
export async function syncAfterNotification(deps: SyncDeps, connectionId: string): Promise<void> {
  try {
    await deps.db
      .update(calendarConnections)
      .set({ pushRequestedAt: sql`now()` })
      .where(eq(calendarConnections.id, connectionId));
    for (let round = 0; round < MAX_PUSH_ROUNDS; round++) {
      await sleep(PUSH_SETTLE_MS);
      await syncConnection(deps, connectionId, { pushed: true });
      const [waiting] = await deps.db
        .select({ id: calendarConnections.id })
        .from(calendarConnections)
        .where(
          and(
            eq(calendarConnections.id, connectionId),
            isNotNull(calendarConnections.pushRequestedAt),
          ),
        );
      if (!waiting) return;
    }
  } catch (error) {
    deps.log?.error({ err: error, connectionId }, "sync after a push notification failed");
  }
}
