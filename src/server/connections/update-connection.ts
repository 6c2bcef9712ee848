import { and, eq, inArray } from "drizzle-orm";
import type { Connection, UpdateConnectionRequest } from "../../core/contract/connections.ts";
import type { Db } from "../db/client.ts";
import { calendarConnections, connectionCalendars } from "../db/schema.ts";
import { badRequest } from "../errors.ts";
import { connectionDto, ownedConnection } from "./connection-dto.ts";

/**
 * Changes which calendars count as busy, the write calendar and the name. Every calendar
 * id must belong to this connection (400 otherwise); the write calendar must be writable.
 */
export async function updateConnection(
  db: Db,
  opts: { userId: string; id: string; input: UpdateConnectionRequest; now: Date },
): Promise<Connection> {
  await ownedConnection(db, opts.userId, opts.id);
  const calendars = await db
    .select()
    .from(connectionCalendars)
    .where(eq(connectionCalendars.connectionId, opts.id));
  const byId = new Map(calendars.map((c) => [c.id, c]));
  for (const c of opts.input.calendars ?? []) {
    if (!byId.has(c.id))
      throw badRequest(`calendars: ${c.id} is not a calendar of this connection`);
  }
  const write = opts.input.writeCalendarId;
  if (write) {
    const target = byId.get(write);
    if (!target) throw badRequest("writeCalendarId: not a calendar of this connection");
    if (!target.writable) throw badRequest("writeCalendarId: Sage cannot write to this calendar");
  }
  await db.transaction(async (tx) => {
    for (const busy of [true, false]) {
      const ids = (opts.input.calendars ?? []).filter((c) => c.busy === busy).map((c) => c.id);
      if (ids.length === 0) continue;
      await tx
        .update(connectionCalendars)
        .set({ busy })
        .where(
          and(eq(connectionCalendars.connectionId, opts.id), inArray(connectionCalendars.id, ids)),
        );
    }
    const set: Partial<typeof calendarConnections.$inferInsert> = {};
    if (write !== undefined) set.writeCalendarId = write;
    if (opts.input.name !== undefined) set.name = opts.input.name;
    if (Object.keys(set).length > 0) {
      await tx
        .update(calendarConnections)
        .set({ ...set, updatedAt: opts.now })
        .where(
          and(eq(calendarConnections.id, opts.id), eq(calendarConnections.userId, opts.userId)),
        );
    }
  });
  return connectionDto(db, opts.userId, opts.id, opts.now);
}
