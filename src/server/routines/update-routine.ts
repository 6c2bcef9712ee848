import { and, eq } from "drizzle-orm";
import type { routineInput } from "../../core/contract/routines.ts";
import type { Db } from "../db/client.ts";
import { routines } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { routineColumns } from "./routine-dto.ts";

/**
 * Replaces a routine's fields; the re-plan its update asks for moves the sessions that no
 * longer fit it. Anyone else's id is a 404.
 */
export async function updateRoutine(
  db: Db,
  opts: {
    userId: string;
    routineId: string;
    input: ReturnType<typeof routineInput.parse>;
    now: Date;
  },
) {
  const [row] = await db
    .update(routines)
    .set({ ...routineColumns(opts.input), updatedAt: opts.now })
    .where(and(eq(routines.id, opts.routineId), eq(routines.userId, opts.userId)))
    .returning();
  if (!row) throw notFound("Routine not found");
  return row;
}
