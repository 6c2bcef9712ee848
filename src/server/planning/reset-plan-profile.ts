import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { planProfiles } from "../db/schema.ts";
import { requestReplan } from "./replan-worker.ts";

/**
 * Hands "How you work" back to the questionnaire after it is answered again: the edit is
 * cleared and the version rises, so a tab still editing the old profile gets a 409 instead
 * of silently overwriting the new answers. Idempotent in effect; one statement.
 */
export async function resetPlanProfile(db: Db, userId: string): Promise<void> {
  await db
    .insert(planProfiles)
    .values({ userId, profile: null, version: 1 })
    .onConflictDoUpdate({
      target: planProfiles.userId,
      set: { profile: null, version: sql`${planProfiles.version} + 1`, updatedAt: sql`now()` },
    });
  // the plan rests on the profile: Sage re-plans by itself (decision 030)
  await requestReplan(db, userId);
}
