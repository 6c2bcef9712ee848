import { and, eq } from "drizzle-orm";
import { calendarConnections } from "../db/schema.ts";
import { stopChannels } from "./push-channels.ts";
import { connectionGrants, revokeGrants } from "./revoke-grants.ts";
import type { SyncDeps } from "./sync-deps.ts";

export type ReleaseDeps = SyncDeps & {
  log: { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
};

/**
 * Lets go of a person's connections at their providers — one (disconnect) or all of them
 * (account deletion), written once for both. Call it just before the rows are deleted: it
 * stops their push channels now (Google channels.stop, Graph subscriptions deleted; the
 * channel rows are forgotten, so a deletion that then fails leaves connections that are
 * honestly polled) and reads their grants while the credentials are still stored; the
 * returned `revoke` gives the grants back once the rows are gone. Best effort: a provider
 * that fails or cannot be reached is logged and never stops the deletion (its channels
 * expire by themselves, and their notifications answer 403 until then).
 */
export async function releaseConnections(
  deps: ReleaseDeps,
  opts: { userId: string; connectionId?: string },
): Promise<{ revoke: () => Promise<void> }> {
  const { db, config, google, log } = deps;
  const revoking = { db, config, google, log };
  const rows = await db
    .select({ id: calendarConnections.id })
    .from(calendarConnections)
    .where(
      and(
        eq(calendarConnections.userId, opts.userId),
        ...(opts.connectionId ? [eq(calendarConnections.id, opts.connectionId)] : []),
      ),
    );
  for (const row of rows) await stopChannels(deps, row.id);
  const grants = await connectionGrants(revoking, opts.userId, opts.connectionId);
  return { revoke: () => revokeGrants(revoking, grants) };
}
