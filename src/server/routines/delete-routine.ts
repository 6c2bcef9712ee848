import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { calendarEvents, routines } from "../db/schema.ts";
import { notFound } from "../errors.ts";

type Executor = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

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
    await removeRoutine(tx, opts.userId, opts.routineId, opts.now);
  });
}

/** The removal itself, inside the caller's transaction; a routine already gone is a no-op. */
export async function removeRoutine(
  db: Executor,
  userId: string,
  routineId: string,
  now: Date = new Date(),
): Promise<void> {
  await db
    .update(calendarEvents)
    .set({
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
      version: sql`${calendarEvents.version} + 1`,
    })
    .where(
      and(
        eq(calendarEvents.userId, userId),
        eq(calendarEvents.routineId, routineId),
        isNull(calendarEvents.deletedAt),
        gt(calendarEvents.startTime, now),
      ),
    );
  await db.delete(routines).where(and(eq(routines.id, routineId), eq(routines.userId, userId)));
}
