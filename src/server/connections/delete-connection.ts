import { and, eq } from "drizzle-orm";
import { calendarConnections } from "../db/schema.ts";
import { ownedConnection } from "./connection-dto.ts";
import { removeWrittenBlocks } from "./push-blocks.ts";
import { stopChannels } from "./push-channels.ts";
import { connectionGrants, revokeGrants } from "./revoke-grants.ts";
import type { SyncDeps } from "./sync-connection.ts";

/**
 * Disconnects a calendar (the owner's only; others get 404). Blocks Sage wrote stay in the
 * person's calendar unless `removeBlocks`; its calendars and stored events go with it (ON
 * DELETE CASCADE), its push channels are stopped, and its provider's grant is revoked with it where the provider can
 * (Google; a Microsoft grant is only forgotten).
 */
export async function deleteConnection(
  deps: SyncDeps & { log: NonNullable<SyncDeps["log"]> & { warn: (o: object, m: string) => void } },
  args: { userId: string; id: string; removeBlocks: boolean },
): Promise<void> {
  const { db, config, google, log } = deps;
  const { userId, id } = args;
  await ownedConnection(db, userId, id);
  const revoking = { db, config, google, log };
  const grants = await connectionGrants(revoking, userId, id);
  if (args.removeBlocks) await removeWrittenBlocks(deps, id);
  // the provider stops notifying (Google channels.stop); the rows go with the connection
  await stopChannels(deps, id);
  await db
    .delete(calendarConnections)
    .where(and(eq(calendarConnections.id, id), eq(calendarConnections.userId, userId)));
  await revokeGrants(revoking, grants);
}
