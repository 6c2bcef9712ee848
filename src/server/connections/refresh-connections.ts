import { and, eq, exists, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { calendarConnections, pushChannels, sessions } from "../db/schema.ts";
import { pushBlocks } from "./push-blocks.ts";
import { POLL_MINUTES, PUSH_BACKSTOP_MINUTES } from "./push-channels.ts";
import { type SyncDeps, syncConnection } from "./sync-connection.ts";

const MINUTE = 60_000;

/**
 * Syncs the person's connections last synced more than `maxAgeMs` ago, waiting at most
 * `waitMs` for them (the rest finish in the background): before a plan and before the
 * assistant reads the calendar. Never throws; a connection synced elsewhere is skipped by
 * its lease.
 */
export async function refreshConnections(
  deps: SyncDeps,
  opts: { userId: string; maxAgeMs?: number; waitMs?: number },
): Promise<void> {
  try {
    const cutoff = new Date(deps.now().getTime() - (opts.maxAgeMs ?? 5 * MINUTE));
    const due = await deps.db
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(
        and(
          eq(calendarConnections.userId, opts.userId),
          or(
            isNull(calendarConnections.lastSyncedAt),
            lt(calendarConnections.lastSyncedAt, cutoff),
          ),
          or(
            isNull(calendarConnections.leaseUntil),
            lt(calendarConnections.leaseUntil, sql`now()`),
          ),
        ),
      );
    if (due.length === 0) return;
    const all = Promise.allSettled(
      due.map((c) => syncConnection(deps, c.id, { staleBefore: cutoff })),
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, opts.waitMs ?? 3_000);
    });
    await Promise.race([all, timeout]);
    clearTimeout(timer);
  } catch (error) {
    deps.log?.error({ err: error, userId: opts.userId }, "refreshing connections failed");
  }
}

/**
 * Background sync, every POLL_MINUTES (15), of connections of people active in the last week
 * (a session started then); a connection with a live push channel only every
 * PUSH_BACKSTOP_MINUTES (60), as the safety net for a lost notification. Candidates are picked with SKIP LOCKED so several instances spread
 * the work; each sync still claims its connection's lease, so none runs twice at once and a
 * dead instance's lease simply expires. Returns how many syncs it ran.
 */
export async function syncDueConnections(
  deps: SyncDeps,
  opts: { batch?: number } = {},
): Promise<number> {
  const now = deps.now().getTime();
  const staleBefore = new Date(now - POLL_MINUTES * MINUTE);
  // a connection with a live push channel is polled only as a backstop (decision 041)
  const backstopBefore = new Date(now - PUSH_BACKSTOP_MINUTES * MINUTE);
  const pushed = sql`exists (select 1 from ${pushChannels} where ${pushChannels.connectionId} = ${calendarConnections.id} and ${pushChannels.expiresAt} > ${new Date(now).toISOString()}::timestamptz)`;
  const ids = await deps.db.transaction(async (tx) =>
    tx
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(
        and(
          or(
            isNull(calendarConnections.lastSyncedAt),
            lt(
              calendarConnections.lastSyncedAt,
              sql`case when ${pushed} then ${backstopBefore.toISOString()}::timestamptz else ${staleBefore.toISOString()}::timestamptz end`,
            ),
          ),
          or(
            isNull(calendarConnections.leaseUntil),
            lt(calendarConnections.leaseUntil, sql`now()`),
          ),
          exists(
            tx
              .select({ one: sql`1` })
              .from(sessions)
              .where(
                and(
                  eq(sessions.userId, calendarConnections.userId),
                  gt(sessions.createdAt, new Date(now - 7 * 24 * 60 * MINUTE)),
                ),
              ),
          ),
        ),
      )
      .orderBy(sql`${calendarConnections.lastSyncedAt} asc nulls first`)
      .limit(opts.batch ?? 20)
      .for("update", { skipLocked: true }),
  );
  let ran = 0;
  for (const { id } of ids) if (await syncConnection(deps, id, { staleBefore })) ran++;
  return ran;
}

/** Runs syncDueConnections every `everyMs` (15 min) until stopped; one round at a time. */
export function startBackgroundSync(deps: SyncDeps, everyMs = 15 * MINUTE): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    syncDueConnections(deps)
      .catch((error) => deps.log?.error({ err: error }, "background calendar sync failed"))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * After a plan: writes the person's blocks into each connection's write calendar, waiting
 * at most `waitMs`; never throws (a calendar that refuses is retried by the next sync).
 */
export async function pushAllBlocks(
  deps: SyncDeps,
  opts: { userId: string; waitMs?: number },
): Promise<void> {
  try {
    const targets = await deps.db
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(
        and(
          eq(calendarConnections.userId, opts.userId),
          isNotNull(calendarConnections.writeCalendarId),
        ),
      );
    if (targets.length === 0) return;
    const all = Promise.allSettled(
      targets.map((c) =>
        pushBlocks(deps, c.id).catch((error) =>
          deps.log?.error({ err: error, connectionId: c.id }, "writing blocks failed"),
        ),
      ),
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      all,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, opts.waitMs ?? 5_000))),
    ]);
    clearTimeout(timer);
  } catch (error) {
    deps.log?.error({ err: error, userId: opts.userId }, "writing blocks failed");
  }
}
