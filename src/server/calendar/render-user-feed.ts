import { and, asc, eq, isNull } from "drizzle-orm";
import { buildCalendarFeed } from "../../core/calendar/calendar-feed.ts";
import type { Db } from "../db/client.ts";
import { calendarEvents, calendarTokens, profiles } from "../db/schema.ts";
import { FEED_TOKEN } from "./calendar-token.ts";
import { toServerEvent } from "./event-dto.ts";

/**
 * The iCalendar text for the owner of `token`, or undefined when the token is malformed,
 * unknown or rotated away (the caller answers all three with the same 404).
 */
export async function renderUserFeed(db: Db, token: string): Promise<string | undefined> {
  if (!FEED_TOKEN.test(token)) return undefined;
  const [owner] = await db
    .select({ userId: calendarTokens.userId, timezone: profiles.timezone })
    .from(calendarTokens)
    .leftJoin(profiles, eq(profiles.id, calendarTokens.userId))
    .where(eq(calendarTokens.token, token));
  if (!owner) return undefined;
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.userId, owner.userId), isNull(calendarEvents.deletedAt)))
    .orderBy(asc(calendarEvents.startTime), asc(calendarEvents.id));
  return buildCalendarFeed({ events: rows.map(toServerEvent), zone: owner.timezone });
}
