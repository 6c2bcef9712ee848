import { and, asc, eq, gt } from "drizzle-orm";
import { type Unreadable, unreadableOf } from "../../core/calendar/external/types.ts";
import type { Connection } from "../../core/contract/connections.ts";
import type { Db } from "../db/client.ts";
import { calendarConnections, connectionCalendars, pushChannels } from "../db/schema.ts";
import { notFound } from "../errors.ts";

type ConnectionRow = typeof calendarConnections.$inferSelect;
type CalendarRow = typeof connectionCalendars.$inferSelect;

/** Unreadable events of all the connection's calendars, as one count and a few titles. */
function unreadableIn(calendars: CalendarRow[]): { unreadable?: Unreadable } {
  const all = unreadableOf(
    undefined,
    calendars.flatMap((c) => c.unreadable?.titles ?? []),
  );
  const count = calendars.reduce((n, c) => n + (c.unreadable?.count ?? 0), 0);
  return count > 0 ? { unreadable: { count, titles: all?.titles ?? [] } } : {};
}

/**
 * The API shape: never the credentials; "syncing" while a live lease is held; "push" only
 * while a channel Sage opened is live (`pushed`), so the card never promises seconds falsely.
 */
export function toConnection(
  row: ConnectionRow,
  calendars: CalendarRow[],
  now: Date,
  pushed = false,
): Connection {
  const syncing = row.leaseUntil !== null && row.leaseUntil > now;
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    status: syncing ? "syncing" : row.status,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    eventCount: row.eventCount,
    ...(row.status === "error" && row.error ? { error: row.error } : {}),
    ...unreadableIn(calendars),
    calendars: calendars.map((c) => ({
      id: c.id,
      name: c.name,
      ...(c.color ? { color: c.color } : {}),
      busy: c.busy,
      writable: c.writable,
    })),
    writeCalendarId: row.writeCalendarId,
    updates: pushed ? "push" : "poll",
  };
}

/** The ids of the person's connections with a live push channel. */
async function pushedConnections(db: Db, userId: string, now: Date): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ id: pushChannels.connectionId })
    .from(pushChannels)
    .where(and(eq(pushChannels.userId, userId), gt(pushChannels.expiresAt, now)));
  return new Set(rows.map((r) => r.id));
}

export async function listConnections(db: Db, userId: string, now: Date): Promise<Connection[]> {
  const [rows, calendars, pushed] = await Promise.all([
    db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.userId, userId))
      .orderBy(asc(calendarConnections.createdAt), asc(calendarConnections.id)),
    db
      .select()
      .from(connectionCalendars)
      .where(eq(connectionCalendars.userId, userId))
      .orderBy(asc(connectionCalendars.name), asc(connectionCalendars.id)),
    pushedConnections(db, userId, now),
  ]);
  return rows.map((r) =>
    toConnection(
      r,
      calendars.filter((c) => c.connectionId === r.id),
      now,
      pushed.has(r.id),
    ),
  );
}

/** The user's connection, or 404 (another user's id looks exactly like a missing one). */
export async function ownedConnection(db: Db, userId: string, id: string): Promise<ConnectionRow> {
  const [row] = await db
    .select()
    .from(calendarConnections)
    .where(and(eq(calendarConnections.id, id), eq(calendarConnections.userId, userId)));
  if (!row) throw notFound("Connection not found");
  return row;
}

export async function connectionDto(
  db: Db,
  userId: string,
  id: string,
  now: Date,
): Promise<Connection> {
  const row = await ownedConnection(db, userId, id);
  const calendars = await db
    .select()
    .from(connectionCalendars)
    .where(eq(connectionCalendars.connectionId, id))
    .orderBy(asc(connectionCalendars.name), asc(connectionCalendars.id));
  return toConnection(row, calendars, now, (await pushedConnections(db, userId, now)).has(id));
}
