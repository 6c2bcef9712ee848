import { and, eq, isNull, sql } from "drizzle-orm";
import type { EventFields, ServerEvent } from "../../core/contract/calendar.ts";
import { refuseChangingBooking } from "../booking/booked-event.ts";
import type { Db } from "../db/client.ts";
import { calendarEvents } from "../db/schema.ts";
import { AppError, badRequest, notFound } from "../errors.ts";
import { recordMove } from "../learning/record-evidence.ts";
import { sameContent, toColumns, toServerEvent } from "./event-dto.ts";
import { userTimeZone } from "./list-events.ts";

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
  opts: {
    userId: string;
    eventId: string;
    input: EventFields & { version?: number | undefined };
    /** Where the person made the change (kept with a move of Sage's block as evidence). */
    via?: "week" | "today" | "assistant" | undefined;
  },
): Promise<ServerEvent> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        source: calendarEvents.source,
        taskId: calendarEvents.taskId,
        routineId: calendarEvents.routineId,
        start: calendarEvents.startTime,
        end: calendarEvents.endTime,
        repeats: calendarEvents.recurrenceFrequency,
      })
      .from(calendarEvents)
      .where(and(eq(calendarEvents.id, opts.eventId), eq(calendarEvents.userId, opts.userId)))
      .for("update");
    // a guest's booking keeps its time: Sage cannot tell the guest of a new one
    const input = opts.input;
    if (
      before &&
      (Date.parse(input.start_time) !== before.start.getTime() ||
        (input.end_time ? Date.parse(input.end_time) : null) !== (before.end?.getTime() ?? null))
    )
      await refuseChangingBooking(tx, {
        userId: opts.userId,
        eventId: opts.eventId,
        change: "move",
      });
    const event = await replaceEvent(tx, opts);
    // the person moved one of Sage's blocks: evidence of when they'd rather work (issue 27)
    if (before?.source === "assistant" && (before.taskId || before.routineId) && !before.repeats) {
      const start = new Date(event.start_time);
      if (start.getTime() !== before.start.getTime())
        await recordMove(tx, {
          userId: opts.userId,
          taskId: before.taskId,
          routineId: before.routineId,
          eventId: opts.eventId,
          from: { start: before.start, end: before.end ?? before.start },
          to: { start },
          zone: await userTimeZone(tx, opts.userId),
          source: opts.via ?? "week",
        });
    }
    return event;
  });
}

async function replaceEvent(
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
