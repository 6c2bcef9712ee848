import { and, eq, isNull, sql } from "drizzle-orm";
import type { EventFields, ServerEvent } from "../../core/contract/calendar.ts";
import type { Db } from "../db/client.ts";
import { calendarEvents } from "../db/schema.ts";
import { AppError, badRequest, notFound } from "../errors.ts";
import { sameContent, toColumns, toServerEvent } from "./event-dto.ts";

export const EVENT_NOT_FOUND = "Event not found";

/**
 * Replaces an event's fields in one conditional statement (optimistic concurrency): when
 * `version` is given it must equal the stored version, else 409 with the current event in
 * `details.event`. A replay whose content is already stored answers 200 with it instead of
 * a conflict. Another user's event, a deleted one or an unknown id → 404. The event becomes
 * the user's own (source 'user').
 */
export async function updateEvent(
  db: Db,
  opts: { userId: string; eventId: string; input: EventFields & { version?: number | undefined } },
): Promise<ServerEvent> {
  const { userId, eventId, input } = opts;
  const owned = and(
    eq(calendarEvents.id, eventId),
    eq(calendarEvents.userId, userId),
    isNull(calendarEvents.deletedAt),
  );
  // an override of one occurrence cannot become a series of its own
  const allowed = input.recurrence_frequency ? and(owned, isNull(calendarEvents.seriesId)) : owned;
  const [row] = await db
    .update(calendarEvents)
    .set({
      ...toColumns(input),
      // an edited event is the person's choice: a planned block becomes theirs, and the
      // planner never moves it again (it still counts as work on its task)
      source: "user",
      // the planner's reason no longer holds: where it is now is the person's choice
      why: null,
      version: sql`${calendarEvents.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      input.version === undefined
        ? allowed
        : and(allowed, eq(calendarEvents.version, input.version)),
    )
    .returning();
  if (row) return toServerEvent(row);

  const [current] = await db.select().from(calendarEvents).where(owned);
  if (!current) throw notFound(EVENT_NOT_FOUND);
  if (current.seriesId && input.recurrence_frequency) {
    throw badRequest("One edited occurrence cannot repeat: change the repeat on its series.");
  }
  if (sameContent(current, input)) return toServerEvent(current);
  throw new AppError(
    409,
    "conflict",
    "This event was changed elsewhere. The latest version is kept.",
    { event: toServerEvent(current) },
  );
}
