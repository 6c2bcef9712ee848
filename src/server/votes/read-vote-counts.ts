import { SAGE_IDS, type SageId } from "../../core/votes/candidates.ts";
import type { Db } from "../db/client.ts";
import { sageVotes } from "../db/schema.ts";

/** Every candidate assistant with its count; 0 for one nobody has voted for yet. */
export async function readVoteCounts(db: Db): Promise<Record<SageId, number>> {
  const rows = await db.select().from(sageVotes);
  const votes = Object.fromEntries(SAGE_IDS.map((id) => [id, 0])) as Record<SageId, number>;
  for (const row of rows) {
    if ((SAGE_IDS as readonly string[]).includes(row.sageId)) {
      votes[row.sageId as SageId] = row.count;
    }
  }
  return votes;
}
