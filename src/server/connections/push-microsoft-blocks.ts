import type { calendarConnections } from "../db/schema.ts";
import type {
  GraphCalendarApi,
  GraphEvent,
} from "../integrations/calendars/microsoft/graph-calendar-api.ts";
import { graphInstant } from "../integrations/calendars/microsoft/graph-events.ts";
import { graphForConnection } from "./microsoft-sync.ts";
import { caldavBlockUid } from "./push-state.ts";
import { type BlockWriter, blockContent } from "./push-through-writer.ts";
import type { SyncDeps } from "./sync-deps.ts";

type Connection = typeof calendarConnections.$inferSelect;

/** Graph's dateTime: wall time without an offset, its zone named beside it. */
const utc = (d: Date) => ({ dateTime: d.toISOString().slice(0, 19), timeZone: "UTC" });

const etagOf = async (res: Response) =>
  ((await res.json()) as GraphEvent)["@odata.etag"] ?? res.headers.get("etag");

/**
 * Sage's blocks in a Microsoft calendar (decision 040): created in the write calendar with
 * `transactionId` = the block's UID (`sage-block-<uuid>`) — Graph's own guard against a
 * retried POST creating a second event, and how a sync recognises Sage's blocks; updated and
 * deleted with If-Match on the `@odata.etag` Sage last saw.
 */
export function microsoftWriter(api: GraphCalendarApi, calendarId: string): BlockWriter {
  return {
    async read(ref) {
      const e = await api.getEvent(ref);
      if (!e || e.isCancelled) return { gone: true };
      const start = graphInstant(e.start);
      const end = graphInstant(e.end);
      const mark = e.transactionId?.startsWith("sage-block-")
        ? e.transactionId.slice("sage-block-".length)
        : undefined;
      return {
        gone: false,
        etag: e["@odata.etag"] ?? null,
        ...(start && end ? { remote: { start, end, title: e.subject ?? "" } } : {}),
        ...(mark ? { mark } : {}),
      };
    },
    async create(block) {
      const c = blockContent(block);
      const res = await api.createEvent(calendarId, {
        subject: c.title,
        body: { contentType: "text", content: c.description },
        start: utc(c.start),
        end: utc(c.end),
        showAs: "busy",
        isReminderOn: false,
        transactionId: caldavBlockUid(block.id),
      });
      if (!res.ok) {
        await res.body?.cancel();
        return { status: "failed" };
      }
      const body = (await res.json()) as GraphEvent;
      if (typeof body.id !== "string") return { status: "failed" };
      // the UID a sync reads it back under (graphUid), kept beside its Graph id
      return {
        status: "ok",
        ref: body.id,
        uid: caldavBlockUid(block.id),
        etag: body["@odata.etag"] ?? null,
      };
    },
    async update(ref, etag, block) {
      const c = blockContent(block);
      const res = await api.updateEvent(ref, etag, {
        subject: c.title,
        body: { contentType: "text", content: c.description },
        start: utc(c.start),
        end: utc(c.end),
      });
      if (res.ok) return { status: "ok", etag: await etagOf(res) };
      await res.body?.cancel();
      return { status: res.status === 412 ? "changed" : "failed" };
    },
    async remove(ref, etag) {
      const res = await api.deleteEvent(ref, etag);
      await res.body?.cancel();
      if (res.ok || res.status === 404 || res.status === 410) return { status: "gone" };
      return { status: res.status === 412 ? "changed" : "failed" };
    },
  };
}

/** The writer for a Microsoft connection's write calendar. */
export const microsoftWriterFor = (deps: SyncDeps, conn: Connection, calendarExternalId: string) =>
  microsoftWriter(graphForConnection(deps, conn), calendarExternalId);
