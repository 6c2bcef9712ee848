import { and, eq } from "drizzle-orm";
import { calendarConnections, connectionCalendars, externalWrites } from "../db/schema.ts";
import { CALENDAR_PROVIDERS } from "./calendar-provider.ts";
import { type BlockWriter, pushThroughWriter } from "./push-through-writer.ts";
import type { SyncDeps } from "./sync-deps.ts";

type Connection = typeof calendarConnections.$inferSelect;

/** The writer of a connection's kind for one of its calendars; an ICS address has none. */
const writerFor = (
  deps: SyncDeps,
  conn: Connection,
  calendarExternalId: string,
): BlockWriter | undefined =>
  CALENDAR_PROVIDERS[conn.kind].writer?.(deps, conn, calendarExternalId);

/**
 * Writes Sage's blocks into the connection's write calendar, whatever its kind, through that
 * kind's BlockWriter and the one set of rules in pushThroughWriter (decisions 018 and 040):
 * idempotent and safe — created under a name derived from the block, moved and removed with
 * If-Match, forgotten only once the provider confirms an event is gone, and a block the
 * person changed becomes theirs. Only events in external_writes are ever touched.
 */
export async function pushBlocks(deps: SyncDeps, connectionId: string): Promise<void> {
  const [conn] = await deps.db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.id, connectionId));
  if (!conn || conn.kind === "ics" || !conn.writeCalendarId || !deps.config.calendarKey) return;
  const [calendar] = await deps.db
    .select()
    .from(connectionCalendars)
    .where(
      and(
        eq(connectionCalendars.id, conn.writeCalendarId),
        eq(connectionCalendars.connectionId, conn.id),
      ),
    );
  if (!calendar) return;
  const writer = writerFor(deps, conn, calendar.externalId);
  if (writer) await pushThroughWriter(deps, conn, calendar, writer);
}

/**
 * Deletes every block Sage wrote for a connection (disconnect with ?removeBlocks=1), each
 * with If-Match. Best effort: the connection goes anyway; a block that could not be removed
 * stays in their calendar and the log says so.
 */
export async function removeWrittenBlocks(deps: SyncDeps, connectionId: string): Promise<void> {
  const [conn] = await deps.db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.id, connectionId));
  if (!conn || !deps.config.calendarKey) return;
  const writes = await deps.db
    .select({ write: externalWrites, calendar: connectionCalendars.externalId })
    .from(externalWrites)
    .innerJoin(connectionCalendars, eq(connectionCalendars.id, externalWrites.calendarId))
    .where(and(eq(externalWrites.connectionId, conn.id), eq(externalWrites.owner, "sage")));
  const writers = new Map<string, BlockWriter | undefined>();
  for (const { write, calendar } of writes) {
    if (!writers.has(calendar)) writers.set(calendar, writerFor(deps, conn, calendar));
    const res = await writers
      .get(calendar)
      ?.remove(write.href, write.etag)
      .catch((error: unknown) => {
        deps.log?.error({ err: error, connectionId }, "removing a written block failed");
        return undefined;
      });
    if (res && res.status !== "gone")
      deps.log?.error(
        { connectionId, status: res.status },
        "a written block was not removed from the person's calendar",
      );
  }
}
