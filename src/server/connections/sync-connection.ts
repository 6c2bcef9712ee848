import { randomUUID } from "node:crypto";
import { and, count, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { calendarConnections, externalEvents } from "../db/schema.ts";
import { CALENDAR_PROVIDERS, type StoreChanges } from "./calendar-provider.ts";
import { plainSyncError } from "./plain-error.ts";
import { pushBlocks } from "./push-blocks.ts";
import { notSageBlock } from "./push-state.ts";
import { fetchPolicy, type SyncDeps } from "./sync-deps.ts";

/** How long a claimed sync may run before another instance may take the connection over. */
const LEASE_SECONDS = 120;

// re-exported: callers take the sync and its dependencies from one place
export { fetchPolicy, type SyncDeps };

type ConnectionRow = typeof calendarConnections.$inferSelect;

/**
 * Claims the connection for one sync: one UPDATE that succeeds only when no live lease is
 * held, so two instances (or two tabs) never sync one connection at once. A lease left by
 * an instance that died expires after LEASE_SECONDS. With `staleBefore`, the claim also
 * requires the connection to be still due (not synced since): a round that picked it before
 * another round synced it does not sync it again. Returns the row and the lease token, or
 * undefined when someone else holds it or it is no longer due.
 */
async function claim(
  db: Db,
  id: string,
  opts: { staleBefore?: Date | undefined; pushed?: boolean | undefined },
): Promise<{ row: ConnectionRow; token: string } | undefined> {
  const { staleBefore } = opts;
  const token = randomUUID();
  const [row] = await db
    .update(calendarConnections)
    .set({
      leaseOwner: token,
      leaseUntil: sql`now() + ${sql.raw(`interval '${LEASE_SECONDS} seconds'`)}`,
      // this sync reads after every notification that came before it: they are answered
      pushRequestedAt: null,
    })
    .where(
      and(
        eq(calendarConnections.id, id),
        opts.pushed ? isNotNull(calendarConnections.pushRequestedAt) : undefined,
        or(isNull(calendarConnections.leaseUntil), lt(calendarConnections.leaseUntil, sql`now()`)),
        staleBefore
          ? or(
              isNull(calendarConnections.lastSyncedAt),
              lt(calendarConnections.lastSyncedAt, staleBefore),
            )
          : undefined,
      ),
    )
    .returning();
  return row ? { row, token } : undefined;
}

/**
 * Syncs one connection now (fetch, parse, check, store) and records the outcome on it:
 * status ok with the event count, or status error with a plain sentence. Never throws for
 * what the calendar's side did wrong; the stored events stay as they were on failure, so a
 * failing connection keeps giving the planner what was last known. Returns false when the
 * connection was being synced elsewhere, or (with `staleBefore`) was synced since then, or
 * (with `pushed`) no push notification is waiting any more (nothing done).
 */
export async function syncConnection(
  deps: SyncDeps,
  connectionId: string,
  opts: { staleBefore?: Date; pushed?: boolean } = {},
): Promise<boolean> {
  const claimed = await claim(deps.db, connectionId, opts);
  if (!claimed) return false;
  const { row, token } = claimed;
  const mine = and(eq(calendarConnections.id, row.id), eq(calendarConnections.leaseOwner, token));
  try {
    const store = await CALENDAR_PROVIDERS[row.kind].readChanges(deps, row);
    if (store) await storeUnderLease(deps, row, token, store);
    await deps.db
      .update(calendarConnections)
      .set({
        status: "ok",
        error: null,
        lastSyncedAt: deps.now(),
        leaseOwner: null,
        leaseUntil: null,
        updatedAt: sql`now()`,
      })
      .where(mine);
  } catch (error) {
    const plain = plainSyncError(error);
    if (!plain) deps.log?.error({ err: error, connectionId }, "calendar sync failed");
    await deps.db
      .update(calendarConnections)
      .set({
        status: "error",
        error: plain ?? "The calendar could not be synced; Sage will try again later",
        leaseOwner: null,
        leaseUntil: null,
        updatedAt: sql`now()`,
      })
      .where(mine);
  }
  return true;
}

/**
 * Stores what a sync read, only while this instance still holds the connection's lease
 * (checked under a row lock, so an instance whose lease expired stores nothing), then —
 * still under the lease — brings the write calendar up to date with Sage's blocks.
 */
async function storeUnderLease(
  deps: SyncDeps,
  row: ConnectionRow,
  token: string,
  apply: StoreChanges,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [held] = await tx
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(and(eq(calendarConnections.id, row.id), eq(calendarConnections.leaseOwner, token)))
      .for("update");
    if (!held) return;
    await apply(tx);
    await recount(tx, row.id);
  });
  await pushBlocks(deps, row.id);
}

/** The connection's event count, from what is stored. */
export async function recount(tx: Db, connectionId: string): Promise<void> {
  const [c] = await tx
    .select({ n: count() })
    .from(externalEvents)
    .where(and(eq(externalEvents.connectionId, connectionId), notSageBlock));
  await tx
    .update(calendarConnections)
    .set({ eventCount: c?.n ?? 0 })
    .where(eq(calendarConnections.id, connectionId));
}
