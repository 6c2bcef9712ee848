import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { AccountExport } from "../../core/contract/account.ts";
import type { Db } from "../db/client.ts";
import {
  activityLogs,
  bookingLinks,
  bookings,
  calendarConnections,
  calendarEvents,
  calendarTokens,
  checkIns,
  checkoutSessions,
  conversations,
  domainContexts,
  messages,
  planNotes,
  planProfiles,
  planStates,
  profiles,
  routines,
  sessions,
  tasks,
  todaySeen,
  usageLogs,
  users,
  workSignals,
} from "../db/schema.ts";

/**
 * Everything stored about the user, as one JSON document (GDPR-style access). Secrets are
 * left out: the sessions' token hashes and the calendar feed token are credentials, not data
 * about the person (the export says that the feed exists and since when). Deleted tasks are
 * left out: the person deleted them, and their tombstones keep no words of theirs (only what
 * stops a replayed create bringing them back, for 30 days).
 */
export async function exportAccount(
  db: Db,
  userId: string,
  now: Date,
): Promise<AccountExport | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const byUser = <T extends { userId: unknown }>(t: T) => eq(t.userId as never, userId);

  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const sessionRows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .where(byUser(sessions));
  const conversationRows = await db
    .select()
    .from(conversations)
    .where(byUser(conversations))
    .orderBy(asc(conversations.createdAt));
  const messageRows =
    conversationRows.length === 0
      ? []
      : await db
          .select()
          .from(messages)
          .where(
            inArray(
              messages.conversationId,
              conversationRows.map((c) => c.id),
            ),
          )
          .orderBy(asc(messages.createdAt));
  const [feed] = await db
    .select({ createdAt: calendarTokens.createdAt })
    .from(calendarTokens)
    .where(byUser(calendarTokens));

  return {
    exportedAt: now.toISOString(),
    format: "sage-account-export/1",
    user: { id: user.id, email: user.email, created_at: user.createdAt.toISOString() },
    data: {
      profile: profile ?? null,
      sessions: sessionRows,
      assistants: await db.select().from(domainContexts).where(byUser(domainContexts)),
      conversations: conversationRows.map((c) => ({
        ...c,
        messages: messageRows.filter((m) => m.conversationId === c.id),
      })),
      usageLogs: await db.select().from(usageLogs).where(byUser(usageLogs)),
      activityLogs: await db.select().from(activityLogs).where(byUser(activityLogs)),
      planNotes: await db.select().from(planNotes).where(byUser(planNotes)),
      // whether Sage keeps the plan, its horizon, language and the times thrown back
      planState: (await db.select().from(planStates).where(byUser(planStates)))[0] ?? null,
      // "How you work" as the person edited it (null profile: it follows the questionnaire)
      planProfile: (await db.select().from(planProfiles).where(byUser(planProfiles)))[0] ?? null,
      // what the person said about their blocks (done, partly, skipped) and when they last
      // looked at Today
      checkIns: await db.select().from(checkIns).where(byUser(checkIns)),
      todaySeen: await db.select().from(todaySeen).where(byUser(todaySeen)),
      // the evidence Sage learns how the person works from (issue 27)
      workSignals: await db.select().from(workSignals).where(byUser(workSignals)),
      // the person's booking links and the bookings guests made (the guest's key is a hash)
      bookingLinks: await db.select().from(bookingLinks).where(byUser(bookingLinks)),
      bookings: (await db.select().from(bookings).where(byUser(bookings))).map(
        ({ keyHash: _, ...b }) => b,
      ),
      // a deleted task's tombstone holds no words of the person's (its title is cleared)
      tasks: await db
        .select()
        .from(tasks)
        .where(and(byUser(tasks), isNull(tasks.deletedAt))),
      // what the person keeps doing each week (issue 29); sessions are among calendarEvents
      routines: await db.select().from(routines).where(byUser(routines)),
      calendarEvents: await db.select().from(calendarEvents).where(byUser(calendarEvents)),
      calendarFeed: feed ? { createdAt: feed.createdAt } : null,
      // connected calendars without their sealed credentials (the address is one for ICS)
      connectedCalendars: await db
        .select({
          id: calendarConnections.id,
          kind: calendarConnections.kind,
          name: calendarConnections.name,
          status: calendarConnections.status,
          lastSyncedAt: calendarConnections.lastSyncedAt,
          eventCount: calendarConnections.eventCount,
          createdAt: calendarConnections.createdAt,
        })
        .from(calendarConnections)
        .where(byUser(calendarConnections)),
      checkoutSessions: await db.select().from(checkoutSessions).where(byUser(checkoutSessions)),
    },
  };
}
