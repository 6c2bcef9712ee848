import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { calendarEvents, routines } from "../db/schema.ts";
import { notFound } from "../errors.ts";

/**
 * Deletes a routine: its sessions still to come go (removed like any block, so the feed and a
 * write calendar drop them), the ones already begun or past stay as they were, unlinked (the
 * foreign key sets routine_id null). One transaction; anyone else's id is a 404.
 */
export async function deleteRoutine(
  db: Db,
  opts: { userId: string; routineId: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: routines.id })
      .from(routines)
      .where(and(eq(routines.id, opts.routineId), eq(routines.userId, opts.userId)))
      .for("update");
    if (!row) throw notFound("Routine not found");
    await tx
      .update(calendarEvents)
      .set({
        deletedAt: sql`now()`,
        updatedAt: sql`now()`,
        version: sql`${calendarEvents.version} + 1`,
      })
      .where(
        and(
          eq(calendarEvents.userId, opts.userId),
          eq(calendarEvents.routineId, opts.routineId),
          isNull(calendarEvents.deletedAt),
          gt(calendarEvents.startTime, opts.now),
        ),
      );
    await tx.delete(routines).where(eq(routines.id, opts.routineId));
  });
}
