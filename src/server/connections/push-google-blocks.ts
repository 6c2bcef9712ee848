import { and, eq } from "drizzle-orm";
import { withWhy } from "../../core/contract/tasks.ts";
import { type calendarConnections, connectionCalendars, externalWrites } from "../db/schema.ts";
import type { GoogleEvent } from "../integrations/calendars/google/google-calendar-api.ts";
import { apiForConnection } from "./google-sync.ts";
import {
  type Block,
  blockKey,
  loadPushState,
  makeTheirs,
  missedBySync,
  PUSHED_BLOCK_DESCRIPTION,
  removedInTheirCalendar,
  type Write,
  writtenKey,
} from "./push-state.ts";
import type { SyncDeps } from "./sync-deps.ts";

type Connection = typeof calendarConnections.$inferSelect;
type Calendar = typeof connectionCalendars.$inferSelect;

/** Google event ids are base32hex (a–v, 0–9), 5–1024 characters: "sage" + the block's UUID. */
export const googleEventId = (blockId: string) => `sage${blockId.replace(/-/g, "")}`;

const body = (b: Block): Partial<GoogleEvent> & { description: string } => ({
  summary: b.title,
  description: withWhy(b.why, PUSHED_BLOCK_DESCRIPTION)!,
  start: { dateTime: b.startTime.toISOString() },
  end: { dateTime: (b.endTime ?? b.startTime).toISOString() },
  transparency: "opaque",
});

/** The start, end and title a Google event now has, in the form Sage compares. */
function remoteOf(e: GoogleEvent): { start: Date; end: Date; title: string } | undefined {
  const start = e.start?.dateTime ? new Date(e.start.dateTime) : undefined;
  const end = e.end?.dateTime ? new Date(e.end.dateTime) : undefined;
  if (!start || !end || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()))
    return undefined;
  return { start, end, title: e.summary ?? "" };
}

/**
 * The Google side of pushBlocks (same rules as CalDAV): events.insert under an id derived
 * from the block; events.patch and events.delete with If-Match on the ETag Sage last saw.
 * A 412, or an ETag the sync saw change, means a re-read: if what Sage wrote is no longer
 * there, the person changed it and the block becomes theirs. Only events listed in
 * external_writes are ever changed.
 */
export async function pushGoogleBlocks(
  deps: SyncDeps,
  conn: Connection,
  calendar: Calendar,
): Promise<void> {
  const api = apiForConnection(deps, conn);
  const cal = calendar.externalId;
  const { live, writes, byEvent, remoteEtag } = await loadPushState(
    deps,
    conn,
    calendar.id,
    deps.now(),
  );
  const setWrite = (w: Write, set: Partial<Write>) =>
    deps.db
      .update(externalWrites)
      .set(set)
      .where(
        and(eq(externalWrites.eventId, w.eventId), eq(externalWrites.calendarId, w.calendarId)),
      );

  /** Re-reads a written event: true when the person changed it (it is now theirs). */
  const changedOutside = async (w: Write): Promise<boolean> => {
    const event = await api.getEvent(cal, w.href);
    if (!event || event.status === "cancelled") return false;
    const remote = remoteOf(event);
    if (remote && writtenKey(remote) === w.written) {
      w.etag = event.etag ?? null;
      await setWrite(w, { etag: w.etag });
      return false;
    }
    await makeTheirs(deps.db, conn.userId, w, remote);
    return true;
  };
  const etagOf = async (res: Response) => ((await res.json()) as GoogleEvent).etag ?? null;

  /** The last sync did not list it: gone from their calendar, if Google says so. */
  const deletedOutside = async (w: Write): Promise<boolean> => {
    if (!missedBySync(w, conn)) return false;
    const event = await api.getEvent(cal, w.href);
    return !event || event.status === "cancelled";
  };

  for (const w of writes) {
    if (w.owner !== "sage") continue;
    const seen = remoteEtag.get(w.href);
    if (seen !== undefined && seen !== w.etag && (await changedOutside(w))) continue;
    const block = live.get(w.eventId);
    if (block && seen === undefined && (await deletedOutside(w))) {
      await removedInTheirCalendar(deps.db, conn.userId, w);
      continue;
    }
    if (!block) {
      let res = await api.deleteEvent(cal, w.href, w.etag);
      if (res.status === 412) {
        await res.body?.cancel();
        if (await changedOutside(w)) continue;
        res = await api.deleteEvent(cal, w.href, w.etag);
      }
      await res.body?.cancel();
      if (res.ok || res.status === 404 || res.status === 410) {
        await deps.db
          .delete(externalWrites)
          .where(
            and(eq(externalWrites.eventId, w.eventId), eq(externalWrites.calendarId, w.calendarId)),
          );
      }
      continue;
    }
    if (blockKey(block) === w.written) continue;
    let res = await api.patchEvent(cal, w.href, w.etag, body(block));
    if (res.status === 412) {
      await res.body?.cancel();
      if (await changedOutside(w)) continue;
      res = await api.patchEvent(cal, w.href, w.etag, body(block));
    }
    if (res.ok) await setWrite(w, { etag: await etagOf(res), written: blockKey(block) });
    else await res.body?.cancel();
  }

  for (const block of live.values()) {
    if (byEvent.has(block.id)) continue;
    const id = googleEventId(block.id);
    const res = await api.insertEvent(cal, {
      id,
      ...body(block),
      extendedProperties: { private: { sageBlock: block.id } },
    });
    let etag: string | null;
    let written = blockKey(block);
    if (res.ok) etag = await etagOf(res);
    else {
      await res.body?.cancel();
      if (res.status !== 409) continue;
      // already there: ours only if it carries this block's mark (a crash after the insert)
      const existing = await api.getEvent(cal, id);
      if (existing?.extendedProperties?.private?.sageBlock !== block.id) continue;
      const remote = remoteOf(existing);
      if (!remote) continue;
      etag = existing.etag ?? null;
      written = writtenKey(remote);
    }
    await deps.db
      .insert(externalWrites)
      .values({
        eventId: block.id,
        calendarId: calendar.id,
        connectionId: conn.id,
        userId: conn.userId,
        href: id,
        uid: id,
        etag,
        written,
        createdAt: deps.now(), // compared with lastSyncedAt, which is on the same clock
      })
      .onConflictDoNothing();
  }
}

/** Deletes every event Sage wrote for a Google connection (disconnect with ?removeBlocks=1). */
export async function removeGoogleBlocks(deps: SyncDeps, conn: Connection): Promise<void> {
  const api = apiForConnection(deps, conn);
  const writes = await deps.db
    .select({ write: externalWrites, calendar: connectionCalendars.externalId })
    .from(externalWrites)
    .innerJoin(connectionCalendars, eq(connectionCalendars.id, externalWrites.calendarId))
    .where(and(eq(externalWrites.connectionId, conn.id), eq(externalWrites.owner, "sage")));
  for (const { write, calendar } of writes) {
    const res = await api.deleteEvent(calendar, write.href, write.etag).catch(() => undefined);
    await res?.body?.cancel();
  }
}
