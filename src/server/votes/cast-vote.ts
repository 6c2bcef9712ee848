import { eq, sql } from "drizzle-orm";
import type { SageId } from "../../core/votes/candidates.ts";
import type { Db } from "../db/client.ts";
import { sageVotes, voteLedger } from "../db/schema.ts";

/**
 * Counts one vote for `sageId` from `voterKey`, once. The ledger row and the count change in
 * one transaction: the ledger's primary key makes a repeat (even a concurrent one) a no-op,
 * and the count is incremented in the same atomic upsert that returns it, so concurrent
 * votes never lose an increment.
 */
export async function castVote(
  db: Db,
  vote: { sageId: SageId; voterKey: string },
): Promise<{ saved: boolean; newCount: number }> {
  const result = await db.transaction(async (tx) => {
    const recorded = await tx
      .insert(voteLedger)
      .values({ sageId: vote.sageId, voterKey: vote.voterKey })
      .onConflictDoNothing()
      .returning({ sageId: voteLedger.sageId });
    if (recorded.length === 0) return null;
    const [row] = await tx
      .insert(sageVotes)
      .values({ sageId: vote.sageId, count: 1 })
      .onConflictDoUpdate({ target: sageVotes.sageId, set: { count: sql`${sageVotes.count} + 1` } })
      .returning({ count: sageVotes.count });
    return { saved: true, newCount: row!.count };
  });
  if (result) return result;
  // a repeat: answer with the current count (read after the other vote committed)
  const [row] = await db
    .select({ count: sageVotes.count })
    .from(sageVotes)
    .where(eq(sageVotes.sageId, vote.sageId));
  return { saved: false, newCount: row?.count ?? 0 };
}
