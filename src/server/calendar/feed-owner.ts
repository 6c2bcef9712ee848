import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { calendarTokens, calendarVersions, profiles } from "../db/schema.ts";
import { FEED_TOKEN } from "./calendar-token.ts";

export type FeedOwner = {
  userId: string;
  /** The profile's IANA zone, null until the browser has told us. */
  zone: string | null;
  /** The calendar's version (calendar_versions); 0 before its first change. */
  version: number;
};

/**
 * Whose feed `token` opens, with what the feed's cache is keyed by, in one indexed query;
 * undefined when the token is malformed, unknown or rotated away (all answered alike).
 */
export async function findFeedOwner(db: Db, token: string): Promise<FeedOwner | undefined> {
  if (!FEED_TOKEN.test(token)) return undefined;
  const [owner] = await db
    .select({
      userId: calendarTokens.userId,
      zone: profiles.timezone,
      version: calendarVersions.version,
    })
    .from(calendarTokens)
    .leftJoin(profiles, eq(profiles.id, calendarTokens.userId))
    .leftJoin(calendarVersions, eq(calendarVersions.userId, calendarTokens.userId))
    .where(eq(calendarTokens.token, token));
  return owner && { userId: owner.userId, zone: owner.zone, version: owner.version ?? 0 };
}
