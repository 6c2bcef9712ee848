import { and, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { Db } from "../db/client.ts";
import { calendarEvents, routines } from "../db/schema.ts";

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
): Promise<void> {
  const { userId, routineId, zone, now } = opts;
  const mine = and(eq(routines.id, routineId), eq(routines.userId, userId));
  const [routine] = await db
    .select({ skipped: routines.skipped })
    .from(routines)
    .where(mine)
    .for("update");
  if (!routine) return;
  const day = DateTime.fromISO(opts.date, { zone });
  const oldest = DateTime.fromJSDate(now, { zone }).minus({ days: SKIPS_KEPT_DAYS }).toISODate()!;
  const skipped = [...new Set([...routine.skipped, opts.date])].filter((d) => d >= oldest).sort();
  await db.update(routines).set({ skipped }).where(mine);
  await db
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
    );
}
