import { and, eq } from "drizzle-orm";
import { calendarConnections } from "../db/schema.ts";
import { ownedConnection } from "./connection-dto.ts";
import { removeWrittenBlocks } from "./push-blocks.ts";
import { type ReleaseDeps, releaseConnections } from "./release-connections.ts";

/**
 * Disconnects a calendar (the owner's only; others get 404). Blocks Sage wrote stay in the
 * person's calendar unless `removeBlocks`; its calendars and stored events go with it (ON
 * DELETE CASCADE); its push channels are stopped and its provider's grant is revoked where
 * the provider can (Google; a Microsoft grant is only forgotten), as when the account goes
 * (releaseConnections).
 */
export async function deleteConnection(
  deps: ReleaseDeps,
  args: { userId: string; id: string; removeBlocks: boolean },
): Promise<void> {
  const { db } = deps;
  const { userId, id } = args;
  await ownedConnection(db, userId, id);
  if (args.removeBlocks) await removeWrittenBlocks(deps, id);
  const release = await releaseConnections(deps, { userId, connectionId: id });
  await db
    .delete(calendarConnections)
    .where(and(eq(calendarConnections.id, id), eq(calendarConnections.userId, userId)));
  await release.revoke();
}
