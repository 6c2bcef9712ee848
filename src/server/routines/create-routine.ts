import { count, eq } from "drizzle-orm";
import { ROUTINE_LIMITS, type routineInput } from "../../core/contract/routines.ts";
import type { Db } from "../db/client.ts";
import { lockUserWrites } from "../db/lock-user-writes.ts";
import { routines } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { routineColumns } from "./routine-dto.ts";

type Input = ReturnType<typeof routineInput.parse>;
type Row = typeof routines.$inferSelect;

/** Creates a routine (see createRoutines). */
export async function createRoutine(db: Db, opts: { userId: string; input: Input }) {
  const [row] = await createRoutines(db, { userId: opts.userId, inputs: [opts.input] });
  return row!;
}

/**
 * Creates routines; the re-plan their insert asks for (drizzle/0022) places their sessions.
 * At most ROUTINE_LIMITS.routinesPerUser, exactly, however many creates run at once (the
 * count and the insert hold the person's write lock): past it, nothing is created (403).
 * With `skipSame`, an input whose title and days a routine of theirs already has is left out
 * (a program added twice adds nothing the second time).
 */
export async function createRoutines(
  db: Db,
  opts: { userId: string; inputs: Input[]; skipSame?: boolean },
): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await lockUserWrites(tx, opts.userId);
    let inputs = opts.inputs.map(routineColumns);
    if (opts.skipSame) {
      const mine = await tx
        .select({ title: routines.title, days: routines.days })
        .from(routines)
        .where(eq(routines.userId, opts.userId))
        .limit(ROUTINE_LIMITS.routinesPerUser);
      const same = new Set(mine.map((r) => `${r.title}|${r.days.join(",")}`));
      inputs = inputs.filter((r) => !same.has(`${r.title}|${r.days.join(",")}`));
    }
    if (inputs.length === 0) return [];
    const [live] = await tx
      .select({ n: count() })
      .from(routines)
      .where(eq(routines.userId, opts.userId));
    if ((live?.n ?? 0) + inputs.length > ROUTINE_LIMITS.routinesPerUser)
      throw new AppError(
        403,
        "forbidden",
        `You have ${live?.n ?? 0} routines and Sage keeps at most ${ROUTINE_LIMITS.routinesPerUser}. Delete one first.`,
      );
    return tx
      .insert(routines)
      .values(inputs.map((r) => ({ userId: opts.userId, ...r })))
      .returning();
  });
}
