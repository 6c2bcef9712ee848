import { count, eq } from "drizzle-orm";
import { ROUTINE_LIMITS, type routineInput } from "../../core/contract/routines.ts";
import type { Db } from "../db/client.ts";
import { lockUserWrites } from "../db/lock-user-writes.ts";
import { routines } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { routineColumns } from "./routine-dto.ts";

type Input = ReturnType<typeof routineInput.parse>;

/**
 * Creates a routine; the re-plan its insert asks for (drizzle/0021) places its sessions. At
 * most ROUTINE_LIMITS.routinesPerUser, exactly, however many creates run at once (the count
 * and the insert hold the person's write lock).
 */
export async function createRoutine(db: Db, opts: { userId: string; input: Input }) {
  return db.transaction(async (tx) => {
    await lockUserWrites(tx, opts.userId);
    const [live] = await tx
      .select({ n: count() })
      .from(routines)
      .where(eq(routines.userId, opts.userId));
    if ((live?.n ?? 0) >= ROUTINE_LIMITS.routinesPerUser)
      throw new AppError(
        403,
        "forbidden",
        `You have ${ROUTINE_LIMITS.routinesPerUser} routines, the most Sage keeps. Delete one first.`,
      );
    const [row] = await tx
      .insert(routines)
      .values({ userId: opts.userId, ...routineColumns(opts.input) })
      .returning();
    return row!;
  });
}
