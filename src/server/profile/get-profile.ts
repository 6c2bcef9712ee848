import { eq } from "drizzle-orm";
import type { AuthUser } from "../auth/authenticate.ts";
import type { Db } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { ensureProfile } from "./ensure-profile.ts";

/** The user's profile row; a missing profile is created on demand (spec §4). */
export async function getProfile(db: Db, user: AuthUser) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, user.id));
  return row ?? (await ensureProfile(db, user)).row;
}
