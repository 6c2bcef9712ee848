import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { seriesOf } from "../../core/calendar/event-series.ts";
import { isOccurrenceOf } from "../../core/calendar/occurrences.ts";
import { type CheckIn, type CheckInRequest, checkInBegun } from "../../core/contract/today.ts";
import { countedMinutes } from "../../core/today/counted-minutes.ts";
import { toServerEvent } from "../calendar/event-dto.ts";
import { userTimeZone } from "../calendar/list-events.ts";
import type { Db } from "../db/client.ts";
import { calendarEvents, checkIns, tasks } from "../db/schema.ts";
import { AppError, badRequest, notFound } from "../errors.ts";
import { recordCheckInEvidence } from "../learning/record-evidence.ts";
import { requestReplan } from "../planning/replan-worker.ts";
import { skipRoutineDay } from "../routines/skip-routine-session.ts";

const MINUTE = 60_000;
const notABlock = () => notFound("That block is not in your plan");
const notBegun = () =>
  new AppError(
    409,
    "conflict",
    "This block hasn't begun yet: say how much you did once it has, or skip or move it.",
  );

/**
 * Records what the person says about one of their own blocks — a task's, or a routine's
 * session (issue 29) — replacing an earlier
 * check-in of the same block occurrence (one row per occurrence; the event's row lock makes
 * two concurrent check-ins of one block apply one after the other).
 *
 * Effects, in one transaction:
 * - "done" on the task's last block (no other block of it still ahead without a check-in)
 *   marks the task done — what a person means when they finish the last piece;
 * - "skipped" on a block of Sage's that has not started takes it off the calendar (the task
 *   is planned again);
 * - replacing a check-in that closed the task with anything else opens the task again.
 * Partly waits until the block has begun (409 before; CHECK_IN_EARLY_START_MS).
 * Anything but the caller's own live block of a task or routine (another person's, a meeting,
 * a deleted one) is a 404. The planner counts the stored minutes (countedMinutes).
 */
export async function recordCheckIn(
  db: Db,
  opts: { userId: string; input: CheckInRequest; now: Date },
): Promise<{ checkIn: CheckIn; taskDone: boolean; leftCalendar: boolean }> {
  const { userId, input, now } = opts;
  const zone = await userTimeZone(db, userId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(calendarEvents)
      .where(
        and(
          eq(calendarEvents.id, input.eventId),
          eq(calendarEvents.userId, userId),
          isNull(calendarEvents.deletedAt),
        ),
      )
      .for("update");
    if (!row || (row.taskId === null && row.routineId === null)) throw notABlock();
    const { taskId, routineId } = row;

    const repeats = row.recurrenceFrequency !== null;
    let occurrence: Date | null = null;
    if (repeats) {
      if (!input.occurrence) throw badRequest("occurrence: this block repeats; say which one");
      occurrence = new Date(input.occurrence);
      if (!isOccurrenceOf(seriesOf(toServerEvent(row)), occurrence, zone))
        throw badRequest("occurrence: not an occurrence of this block");
    } else if (input.occurrence && Date.parse(input.occurrence) !== row.startTime.getTime()) {
      throw badRequest("occurrence: this block does not repeat");
    }
    const start = occurrence ?? row.startTime;
    const begun = checkInBegun(start.getTime(), now.getTime());
    if (input.outcome === "partly" && !begun) throw notBegun();
    const length = (row.endTime ?? row.startTime).getTime() - row.startTime.getTime();
    const plannedMinutes = Math.round(length / MINUTE);

    const [previous] = await tx
      .select({ closedTask: checkIns.closedTask })
      .from(checkIns)
      .where(
        and(
          eq(checkIns.eventId, row.id),
          occurrence ? eq(checkIns.occurrenceStart, occurrence) : isNull(checkIns.occurrenceStart),
        ),
      );

    let closedTask = false;
    if (taskId === null) {
      // a routine's session: nothing to finish; its week counts sessions, not check-ins
    } else if (input.outcome === "done") {
      // the task's other blocks still ahead that nobody has checked in
      const [ahead] = await tx
        .select({ id: calendarEvents.id })
        .from(calendarEvents)
        .leftJoin(
          checkIns,
          and(eq(checkIns.eventId, calendarEvents.id), isNull(checkIns.occurrenceStart)),
        )
        .where(
          and(
            eq(calendarEvents.userId, userId),
            eq(calendarEvents.taskId, taskId),
            isNull(calendarEvents.deletedAt),
            ne(calendarEvents.id, row.id),
            gt(calendarEvents.endTime, now),
            isNull(checkIns.id),
          ),
        )
        .limit(1);
      if (!ahead) {
        const closed = await tx
          .update(tasks)
          .set({ status: "done", updatedAt: now })
          .where(
            and(
              eq(tasks.id, taskId),
              eq(tasks.userId, userId),
              eq(tasks.status, "open"),
              isNull(tasks.deletedAt),
            ),
          )
          .returning({ id: tasks.id });
        closedTask = closed.length > 0 || previous?.closedTask === true;
      }
    } else if (previous?.closedTask) {
      // the person took back the "done" that finished the task: it is open again
      await tx
        .update(tasks)
        .set({ status: "open", updatedAt: now })
        .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId), eq(tasks.status, "done")));
    }

    const ahead = input.outcome === "skipped" && row.source === "assistant" && start > now;
    if (ahead && routineId !== null) {
      // a session let go before it began: that day's session is skipped and counts for the
      // week, as "skip gym today" does
      const date = DateTime.fromJSDate(start, { zone }).toISODate()!;
      await skipRoutineDay(tx, { userId, routineId, date, zone, now });
    } else if (ahead && !repeats) {
      // a block of Sage's let go before it began goes; its task is planned again
      await tx
        .update(calendarEvents)
        .set({
          deletedAt: now,
          updatedAt: now,
          version: sql`${calendarEvents.version} + 1`,
        })
        .where(eq(calendarEvents.id, row.id));
    }

    const values = {
      userId,
      eventId: row.id,
      occurrenceStart: occurrence,
      taskId,
      outcome: input.outcome,
      minutes: input.minutes ?? null,
      plannedMinutes,
      closedTask,
      createdAt: now,
    };
    const [stored] = await tx
      .insert(checkIns)
      .values(values)
      .onConflictDoUpdate({
        target: [checkIns.eventId, checkIns.occurrenceStart],
        set: {
          outcome: values.outcome,
          minutes: values.minutes,
          plannedMinutes,
          closedTask,
          taskId,
          createdAt: now,
        },
      })
      .returning();
    // evidence of how the person works (issue 27): where the block sat, and what came of it
    await recordCheckInEvidence(tx, {
      userId,
      of: taskId !== null ? { taskId } : { routineId: routineId! },
      eventId: row.id,
      occurrence,
      start,
      plannedMinutes,
      zone,
      input,
      closedTask,
      // a skip ahead of time still says the hour did not suit (as a move does)
      begun: begun || input.outcome === "skipped",
      now,
    });
    // the plan rests on what is done: Sage re-plans by itself (decision 030)
    await requestReplan(tx, userId);
    return {
      checkIn: {
        eventId: stored!.eventId,
        occurrence: stored!.occurrenceStart?.toISOString() ?? null,
        taskId: stored!.taskId,
        outcome: stored!.outcome,
        minutes: stored!.minutes,
        plannedMinutes: stored!.plannedMinutes,
        countedMinutes: countedMinutes(stored!),
        createdAt: stored!.createdAt.toISOString(),
      },
      taskDone: closedTask,
      leftCalendar: ahead && (routineId !== null || !repeats),
    };
  });
}
