import { and, eq } from "drizzle-orm";
import { type FitnessProgram, fitnessProgram } from "../../core/contract/fitness.ts";
import type { Db } from "../db/client.ts";
import { domainContexts } from "../db/schema.ts";

/**
 * The fitness program the person saved (POST /api/fitness/save), read back through the
 * contract's schema: a stored program that no longer reads as one is answered as none
 * rather than as a 500.
 */
export async function readFitnessProgram(
  db: Db,
  userId: string,
): Promise<{ program: FitnessProgram | null; savedAt: string | null }> {
  const [row] = await db
    .select({ data: domainContexts.profileData, updatedAt: domainContexts.updatedAt })
    .from(domainContexts)
    .where(and(eq(domainContexts.userId, userId), eq(domainContexts.domain, "fitness")));
  const parsed = fitnessProgram.safeParse(row?.data);
  if (!row || !parsed.success) return { program: null, savedAt: null };
  return { program: parsed.data, savedAt: row.updatedAt.toISOString() };
}
