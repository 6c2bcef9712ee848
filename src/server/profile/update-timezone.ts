import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { ensureProfile } from "./ensure-profile.ts";

/** Stores the user's IANA time zone (already validated), creating the profile if needed. */
export async function updateTimezone(
  db: Db,
  user: { id: string; email: string },
  timezone: string,
) {
  await ensureProfile(db, user);
  const [row] = await db
    .update(profiles)
    .set({ timezone, updatedAt: sql`now()` })
    .where(eq(profiles.id, user.id))
    .returning();
  return row!;
}
