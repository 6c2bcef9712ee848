import { and, eq, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import { userTimeZone } from "../calendar/list-events.ts";
import type { Db } from "../db/client.ts";
import { calendarEvents, externalEvents, externalWrites, planNotes, tasks } from "../db/schema.ts";
import { recordMove } from "../learning/record-evidence.ts";
import type { SyncDeps } from "./sync-deps.ts";

// What pushing Sage's blocks to a CalDAV calendar (push-blocks.ts) and to Google
// (push-google-blocks.ts) share; its own module so neither imports the other's.

export type Block = typeof calendarEvents.$inferSelect;
export type Write = typeof externalWrites.$inferSelect;

/** The UID (and file name) of a block Sage writes into a CalDAV calendar. */
export const caldavBlockUid = (blockId: string) => `sage-block-${blockId}`;

/**
 * Sage's own blocks, read back from a calendar it writes to: `sage-block-<uuid>` (CalDAV) or
 * Google's `sage<32 hex>@google.com` (push-google-blocks.ts, googleEventId). They are Sage's
 * plan, never the person's busy time — not even between syncs, while a copy Sage has since
 * moved or removed is still stored — and not counted among the connection's events.
 */
export const notSageBlock = sql`${externalEvents.uid} !~ '^sage(-block-[0-9a-f-]{36}|[0-9a-f]{32}@google\.com)$'`;

/** What a block Sage writes into a person's calendar says, after why it is there. */
export const PUSHED_BLOCK_DESCRIPTION =
  "Planned by Sage. Move it if life happens — Sage will plan around it.";

/** What Sage wrote, compared to notice a change: start|end|title. */
export const writtenKey = (b: { start: Date; end: Date; title: string }) =>
  `${b.start.toISOString()}|${b.end.toISOString()}|${b.title}`;
export const blockKey = (b: Block) =>
  writtenKey({ start: b.startTime, end: b.endTime ?? b.startTime, title: b.title });

/** Sage's live blocks, what was written for this calendar, and the ETags the last sync saw. */
export async function loadPushState(
  deps: SyncDeps,
  conn: { id: string; userId: string },
  calendarId: string,
  now: Date,
) {
  const [blocks, writes, synced] = await Promise.all([
    deps.db
      .select({ event: calendarEvents, taskStatus: tasks.status, taskDeletedAt: tasks.deletedAt })
      .from(calendarEvents)
      .leftJoin(tasks, eq(tasks.id, calendarEvents.taskId))
      .where(
        and(
          eq(calendarEvents.userId, conn.userId),
          eq(calendarEvents.source, "assistant"),
          gt(calendarEvents.endTime, now),
          // task blocks and routine sessions (issue 29)
          or(isNotNull(calendarEvents.taskId), isNotNull(calendarEvents.routineId)),
        ),
      ),
    deps.db
      .select()
      .from(externalWrites)
      .where(
        and(eq(externalWrites.connectionId, conn.id), eq(externalWrites.calendarId, calendarId)),
      ),
    deps.db
      .select({ key: externalEvents.resourceKey, etag: externalEvents.etag })
      .from(externalEvents)
      .where(eq(externalEvents.calendarId, calendarId)),
  ]);
  const live = new Map(
    blocks
      // a deleted task's blocks are not pushed (its tombstone still joins); a routine's
      // session is pushed while it lives
      .filter(
        (b) =>
          b.event.deletedAt === null &&
          (b.event.routineId !== null || (b.taskStatus === "open" && !b.taskDeletedAt)),
      )
      .map((b) => [b.event.id, b.event]),
  );
  const byEvent = new Map(writes.map((w) => [w.eventId, w]));
  const remoteEtag = new Map(synced.map((s) => [s.key, s.etag]));

  return { live, writes, byEvent, remoteEtag };
}

/**
 * The person changed a written block in their own calendar: it is theirs from now on
 * (the in-app rule: source 'user', at their times) and Sage never writes it again.
 */
export async function makeTheirs(
  db: Db,
  userId: string,
  w: Write,
  remote: { start: Date; end: Date; title: string } | undefined,
): Promise<void> {
  const [before] = await db
    .select({
      source: calendarEvents.source,
      taskId: calendarEvents.taskId,
      routineId: calendarEvents.routineId,
      start: calendarEvents.startTime,
      end: calendarEvents.endTime,
    })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.id, w.eventId), eq(calendarEvents.userId, userId)));
  // moved in their own calendar: evidence of when they'd rather work (issue 27)
  if (remote && before?.source === "assistant" && (before.taskId || before.routineId))
    await recordMove(db, {
      userId,
      taskId: before.taskId,
      routineId: before.routineId,
      eventId: w.eventId,
      from: { start: before.start, end: before.end ?? before.start },
      to: { start: remote.start },
      zone: await userTimeZone(db, userId),
      source: "calendar",
    });
  await db
    .update(externalWrites)
    .set({ owner: "theirs" })
    .where(and(eq(externalWrites.eventId, w.eventId), eq(externalWrites.calendarId, w.calendarId)));
  await db
    .update(calendarEvents)
    .set({
      source: "user",
      ...(remote
        ? { startTime: remote.start, endTime: remote.end, title: remote.title.slice(0, 200) }
        : {}),
      version: sql`${calendarEvents.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(calendarEvents.id, w.eventId), eq(calendarEvents.userId, userId)));
}

/**
 * Whether the last sync's listing should have seen this written resource: it was written
 * before the sync that finished last (`lastSyncedAt`, on the same clock as `createdAt`), so
 * a listing that lacks it suggests the resource is gone. Only a hint that saves asking the
 * server about blocks written since: nothing is done until the server confirms it.
 */
export const missedBySync = (w: Write, conn: { lastSyncedAt: Date | null }): boolean =>
  conn.lastSyncedAt !== null && w.createdAt <= conn.lastSyncedAt;

/**
 * The person deleted one of Sage's blocks in their own calendar (the server confirmed it is
 * gone): what they do there wins. The block leaves Sage's calendar and the feed (a tombstone,
 * like any delete), Sage forgets the write, the task stays open to be planned elsewhere, and
 * a plan note tells the person so. Answers the block's title, or null when it was no longer
 * Sage's to remove. Atomic.
 */
export async function removedInTheirCalendar(
  db: Db,
  userId: string,
  w: Write,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .update(calendarEvents)
      .set({
        deletedAt: sql`now()`,
        version: sql`${calendarEvents.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(calendarEvents.id, w.eventId),
          eq(calendarEvents.userId, userId),
          eq(calendarEvents.source, "assistant"),
          isNull(calendarEvents.deletedAt),
        ),
      )
      .returning({ title: calendarEvents.title, taskId: calendarEvents.taskId });
    // said to the person: they did it, Sage plans the task again (nothing to catch up on)
    if (gone)
      await tx
        .insert(planNotes)
        .values({ userId, kind: "removed_in_calendar", taskId: gone.taskId, title: gone.title });
    await tx
      .delete(externalWrites)
      .where(
        and(eq(externalWrites.eventId, w.eventId), eq(externalWrites.calendarId, w.calendarId)),
      );
    return gone?.title ?? null;
  });
}
