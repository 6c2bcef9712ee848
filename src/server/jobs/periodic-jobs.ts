import { renewChannels, reopenChannels } from "../connections/push-channels.ts";
import type { SyncDeps } from "../connections/sync-deps.ts";
import type { Db } from "../db/client.ts";
import { recordUntouchedBlocks } from "../learning/signals.ts";
import { requestReplansForEndedBlocks } from "../planning/replan-worker.ts";
import { consumeRateLimit, purgeRateLimits } from "../rate-limit/consume-rate-limit.ts";
import { refundStaleReservations } from "../usage/reserve-allowance.ts";

type Log = { error: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };

/**
 * Claims this period of the job `name` for the caller: true for exactly one caller per
 * period of `periodSeconds` across every instance on the database (one atomic upsert of
 * a fixed-window counter with a limit of one; the row is `job:<name>` in rate_limits). An
 * instance that dies after claiming holds nothing: the next period is anyone's.
 */
export async function claimPeriod(db: Db, name: string, periodSeconds: number): Promise<boolean> {
  const claim = await consumeRateLimit(
    db,
    { name: "job", max: 1, windowSeconds: periodSeconds },
    name,
  );
  return claim.allowed;
}

/** The housekeeping jobs: each runs once per period across instances, whoever asks first. */
export const PERIODIC_JOBS: {
  name: string;
  periodSeconds: number;
  run: (db: Db, sync: SyncDeps | undefined) => Promise<number>;
}[] = [
  // windows of keys that stopped coming (addresses, tokens) would otherwise stay for ever
  { name: "purge-rate-limits", periodSeconds: 300, run: (db) => purgeRateLimits(db) },
  // a chat turn's unit held by a process that died, or whose refunds all met a fault
  {
    name: "refund-stale-chat-reservations",
    periodSeconds: 300,
    run: (db) => refundStaleReservations(db),
  },
  // unfinished work of a block that just ended is planned again (decision 030)
  {
    name: "replan-after-ended-blocks",
    periodSeconds: 300,
    run: (db) => requestReplansForEndedBlocks(db),
  },
  // a block of Sage's nobody checked in on, moved or removed: weak evidence (issue 27)
  {
    name: "record-untouched-blocks",
    periodSeconds: 300,
    run: (db) => recordUntouchedBlocks(db),
  },
  // push channels that expire within a day are replaced before they do, and calendars left
  // without one (refused, or connected before PUBLIC_URL) get one again (decision 041)
  {
    name: "renew-push-channels",
    periodSeconds: 300,
    run: async (_db, sync) =>
      sync ? (await renewChannels(sync)) + (await reopenChannels(sync)) : 0,
  },
];

/**
 * Asks every `everyMs` (60 s) whether a job's period is due, and runs it here when this
 * instance wins the claim. Never throws; returns a stop function.
 */
export function startPeriodicJobs(
  deps: { db: Db; log?: Log; sync?: SyncDeps },
  everyMs = 60_000,
): () => void {
  let running = false;
  const tick = async () => {
    for (const job of PERIODIC_JOBS) {
      if (!(await claimPeriod(deps.db, job.name, job.periodSeconds))) continue;
      const done = await job.run(deps.db, deps.sync);
      deps.log?.info?.({ job: job.name, done }, "periodic job ran");
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    tick()
      .catch((error) => deps.log?.error({ err: error }, "periodic job failed"))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
