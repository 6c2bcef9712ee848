import { asc, eq } from "drizzle-orm";
import { ROUTINE_LIMITS } from "../../core/contract/routines.ts";
import type { Db } from "../db/client.ts";
import { routines } from "../db/schema.ts";

/** The person's routines, oldest first; bounded by the cap create-routine.ts keeps. */
export async function listRoutines(db: Db, userId: string) {
  return db
    .select()
    .from(routines)
    .where(eq(routines.userId, userId))
    .orderBy(asc(routines.createdAt), asc(routines.id))
    .limit(ROUTINE_LIMITS.routinesPerUser);
}
