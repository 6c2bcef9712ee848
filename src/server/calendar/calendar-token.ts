import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { calendarTokens } from "../db/schema.ts";

/** 32 random bytes, base64url: 43 characters, 256 bits — not guessable, so it can be the secret. */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The subscription URL. The token sits right after /feed/, where the log serializer redacts it. */
export function feedUrl(config: Config, token: string): string {
  return new URL(`/api/calendar/feed/${token}.ics`, config.publicUrl).href;
}

/**
 * Creates the user's feed token or replaces it (rotation). One row per user, so the old
 * URL stops working the moment this returns. Atomic.
 */
export async function issueCalendarToken(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insert(calendarTokens)
    .values({ userId, token })
    .onConflictDoUpdate({
      target: calendarTokens.userId,
      set: { token, createdAt: sql`now()` },
    });
  return token;
}

export async function findCalendarToken(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ token: calendarTokens.token })
    .from(calendarTokens)
    .where(eq(calendarTokens.userId, userId));
  return row?.token;
}
