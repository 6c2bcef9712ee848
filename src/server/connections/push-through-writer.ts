import { and, eq } from "drizzle-orm";
import { withWhy } from "../../core/contract/tasks.ts";
import {
  type calendarConnections,
  type connectionCalendars,
  externalWrites,
} from "../db/schema.ts";
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

/** What a block is written as, in every provider: its title, its reason, its times. */
export type BlockContent = { title: string; description: string; start: Date; end: Date };
export const blockContent = (b: Block): BlockContent => ({
  title: b.title,
  description: withWhy(b.why, PUSHED_BLOCK_DESCRIPTION)!,
  start: b.startTime,
  end: b.endTime ?? b.startTime,
});

/** The start, end and title a written event now has, in the form Sage compares. */
export type Remote = { start: Date; end: Date; title: string };

/**
 * One provider's writes of a single event, each with a precondition (decision 040). `ref`
 * is what external_writes keeps as `href`: the provider's id of the event (a CalDAV URL); its
 * `uid` is the UID the event is read back under, when that differs from `ref`.
 * - read: the event now (`gone` when the provider says 404/410 or cancelled); `mark` is the
 *   block id the event carries, when the provider keeps one;
 * - create: under a name derived from the block (idempotent where the provider allows);
 *   `exists` when something is already there under that name;
 * - update / remove: with If-Match on `etag`; `changed` is the provider's 412.
 * `failed` is anything else (5xx, a network error): nothing is forgotten, the next push
 * tries again.
 */
export type BlockWriter = {
  read(
    ref: string,
  ): Promise<{ gone: true } | { gone: false; etag: string | null; remote?: Remote; mark?: string }>;
  create(
    block: Block,
  ): Promise<
    | { status: "ok"; ref: string; etag: string | null; uid?: string }
    | { status: "exists"; ref: string; uid?: string }
    | { status: "failed" }
  >;
  update(
    ref: string,
    etag: string | null,
    block: Block,
  ): Promise<{ status: "ok"; etag: string | null } | { status: "changed" | "failed" }>;
  remove(ref: string, etag: string | null): Promise<{ status: "gone" | "changed" | "failed" }>;
};

/**
 * Brings one write calendar up to date with Sage's blocks through a provider's writer — the
 * rules written once for every provider (decision 018's, unchanged): new blocks created,
 * moved ones updated with If-Match, blocks whose task is done or deleted removed with
 * If-Match and forgotten only once the provider confirms the event is gone. A 412, or an
 * ETag the sync saw change, means a re-read: if what Sage wrote is no longer there, the
 * person changed it and the block becomes theirs, never overwritten or deleted again. A
 * block the person deleted in their calendar leaves Sage too. Only events listed in
 * external_writes are ever changed.
 */
export async function pushThroughWriter(
  deps: SyncDeps,
  conn: Connection,
  calendar: Calendar,
  writer: BlockWriter,
): Promise<void> {
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
    const now = await writer.read(w.href);
    if (now.gone) return false;
    if (now.remote && writtenKey(now.remote) === w.written) {
      w.etag = now.etag;
      await setWrite(w, { etag: w.etag });
      return false;
    }
    await makeTheirs(deps.db, conn.userId, w, now.remote);
    return true;
  };

  /** The last sync did not list it: gone from their calendar, if the provider says so. */
  const deletedOutside = async (w: Write): Promise<boolean> =>
    missedBySync(w, conn) && (await writer.read(w.href)).gone;

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
      let res = await writer.remove(w.href, w.etag);
      if (res.status === "changed") {
        // theirs now, or Sage's still but with no ETag to make the retry conditional: leave it
        if ((await changedOutside(w)) || !w.etag) continue;
        res = await writer.remove(w.href, w.etag);
      }
      // forgotten only once the provider confirms it is gone: a 5xx keeps it, to try again
      if (res.status === "gone")
        await deps.db
          .delete(externalWrites)
          .where(
            and(eq(externalWrites.eventId, w.eventId), eq(externalWrites.calendarId, w.calendarId)),
          );
      continue;
    }
    if (blockKey(block) === w.written) continue;
    let res = await writer.update(w.href, w.etag, block);
    if (res.status === "changed") {
      if (await changedOutside(w)) continue;
      res = await writer.update(w.href, w.etag, block);
    }
    if (res.status === "ok") await setWrite(w, { etag: res.etag, written: blockKey(block) });
  }

  for (const block of live.values()) {
    if (byEvent.has(block.id)) continue;
    const created = await writer.create(block);
    if (created.status === "failed") continue;
    const ref = created.ref;
    let etag: string | null;
    let written = blockKey(block);
    if (created.status === "ok") etag = created.etag;
    else {
      // already there: ours only if it carries this block's mark (a crash after the create)
      const existing = await writer.read(created.ref);
      if (existing.gone || existing.mark !== block.id || !existing.remote) continue;
      etag = existing.etag;
      written = writtenKey(existing.remote);
    }
    await deps.db
      .insert(externalWrites)
      .values({
        eventId: block.id,
        calendarId: calendar.id,
        connectionId: conn.id,
        userId: conn.userId,
        href: ref,
        uid: created.uid ?? ref,
        etag,
        written,
        createdAt: deps.now(), // compared with lastSyncedAt, which is on the same clock
      })
      .onConflictDoNothing();
  }
}
