import { and, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { Db } from "../db/client.ts";
import { calendarEvents, routines } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { requestReplan } from "../planning/replan-worker.ts";

/** Skipped days kept per routine (the planner only needs this week's). */
const SKIPS_KEPT_DAYS = 14;

/**
 * The person lets one day's session of a routine go ("skip gym today", or Skip on the
 * session before it began): the day is remembered as skipped — its session counts for the
 * week, so the planner does not squeeze it in elsewhere — and that day's session still to
 * come leaves the calendar. Runs in the caller's transaction, under the routine's row lock (two
 * skips at once both count). Another person's routine changes nothing. Bounded: only the last
 * SKIPS_KEPT_DAYS days are kept.
 */
export async function skipRoutineDay(
  db: Db,
  opts: {
    userId: string;
    routineId: string;
    /** The local day, YYYY-MM-DD in `zone`. */
    date: string;
    zone: string;
    now: Date;
  },
): Promise<{ removed: { start: Date; end: Date }[] }> {
  const { userId, routineId, zone, now } = opts;
  const mine = and(eq(routines.id, routineId), eq(routines.userId, userId));
  const [routine] = await db
    .select({ skipped: routines.skipped })
    .from(routines)
    .where(mine)
    .for("update");
  if (!routine) return { removed: [] };
  const day = DateTime.fromISO(opts.date, { zone });
  const oldest = DateTime.fromJSDate(now, { zone }).minus({ days: SKIPS_KEPT_DAYS }).toISODate()!;
  const skipped = [...new Set([...routine.skipped, opts.date])].filter((d) => d >= oldest).sort();
  await db.update(routines).set({ skipped }).where(mine);
  const removed = await db
    .update(calendarEvents)
    .set({
      deletedAt: now,
      updatedAt: now,
      version: sql`${calendarEvents.version} + 1`,
    })
    .where(
      and(
        eq(calendarEvents.userId, userId),
        eq(calendarEvents.routineId, routineId),
        isNull(calendarEvents.deletedAt),
        gte(calendarEvents.startTime, new Date(Math.max(day.toMillis(), now.getTime()))),
        lt(calendarEvents.startTime, day.plus({ days: 1 }).toJSDate()),
      ),
    )
    .returning({ start: calendarEvents.startTime, end: calendarEvents.endTime });
  return { removed: removed.map((r) => ({ start: r.start, end: r.end ?? r.start })) };
}

/**
 * The Undo of a skip: the day is no longer skipped, and the living plan places its session
 * again. Runs in the caller's transaction; a routine deleted since is a 409.
 */
export async function unskipRoutineDay(
  db: Db,
  opts: { userId: string; routineId: string; date: string },
): Promise<void> {
  const mine = and(eq(routines.id, opts.routineId), eq(routines.userId, opts.userId));
  const [routine] = await db
    .select({ skipped: routines.skipped })
    .from(routines)
    .where(mine)
    .for("update");
  if (!routine) throw new AppError(409, "conflict", "That routine has been deleted since.");
  await db
    .update(routines)
    .set({ skipped: routine.skipped.filter((d) => d !== opts.date) })
    .where(mine);
  await requestReplan(db, opts.userId);
}
