import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { routines } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { requestReplan } from "../planning/replan-worker.ts";
import { routineColumns } from "./routine-dto.ts";

type Fields = Parameters<typeof routineColumns>[0];

/**
 * The Undo of a routine changed from chat ("move my runs to evenings"): its fields as they
 * were, when they are still as the change left them (`after`); the living plan then moves its
 * sessions back. A routine changed or deleted since is a 409 and nothing is touched. Runs in
 * the caller's transaction.
 */
export async function revertRoutine(
  db: Db,
  userId: string,
  step: { id: string; before: Fields; after: Fields },
): Promise<void> {
  const mine = and(eq(routines.id, step.id), eq(routines.userId, userId));
  const [row] = await db.select().from(routines).where(mine).for("update");
  const asLeft = routineColumns(step.after);
  const unchanged =
    row !== undefined &&
    (Object.keys(asLeft) as (keyof typeof asLeft)[]).every(
      (k) => JSON.stringify(row[k]) === JSON.stringify(asLeft[k]),
    );
  if (!unchanged)
    throw new AppError(
      409,
      "conflict",
      "This has been changed since, so I've left it as it is now.",
    );
  await db
    .update(routines)
    .set({ ...routineColumns(step.before), updatedAt: new Date() })
    .where(mine);
  await requestReplan(db, userId);
}
