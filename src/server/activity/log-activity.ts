import type { Db } from "../db/client.ts";
import { activityLogs } from "../db/schema.ts";

/** Records that a signed-in user did something (e.g. 'program_generated' in 'fitness'). */
export async function logActivity(
  db: Db,
  entry: { userId: string; activityType: string; domain: string | null },
): Promise<void> {
  await db.insert(activityLogs).values(entry);
}
