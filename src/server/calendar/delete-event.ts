import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { calendarEvents } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { deleteSeries } from "./edit-occurrence.ts";
import { EVENT_NOT_FOUND } from "./update-event.ts";

/**
 * Deletes an event by leaving a tombstone (deleted_at, version + 1), so a replayed create
 * of the same id cannot bring it back; a repeating event's overrides go with it. Deleting
 * an override cancels that occurrence (its start stays in the series' exdates).
 * Idempotent: deleting a deleted event succeeds again. Another user's id or an unknown id → 404.
 */
export async function deleteEvent(db: Db, opts: { userId: string; eventId: string }) {
  const mine = and(eq(calendarEvents.id, opts.eventId), eq(calendarEvents.userId, opts.userId));
  const [row] = await db
    .update(calendarEvents)
    .set({
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
      version: sql`${calendarEvents.version} + 1`,
    })
    .where(and(mine, isNull(calendarEvents.deletedAt)))
    .returning({ id: calendarEvents.id, repeats: calendarEvents.recurrenceFrequency });
  if (row?.repeats) await deleteSeries(db, row.id);
  if (row) return;
  const [gone] = await db.select({ id: calendarEvents.id }).from(calendarEvents).where(mine);
  if (!gone) throw notFound(EVENT_NOT_FOUND);
}
