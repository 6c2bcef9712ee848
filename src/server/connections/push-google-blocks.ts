import type { calendarConnections } from "../db/schema.ts";
import type {
  GoogleCalendarApi,
  GoogleEvent,
} from "../integrations/calendars/google/google-calendar-api.ts";
import { apiForConnection } from "./google-sync.ts";
import type { Block } from "./push-state.ts";
import { type BlockWriter, blockContent, type Remote } from "./push-through-writer.ts";
import type { SyncDeps } from "./sync-deps.ts";

type Connection = typeof calendarConnections.$inferSelect;

/** Google event ids are base32hex (a–v, 0–9), 5–1024 characters: "sage" + the block's UUID. */
export const googleEventId = (blockId: string) => `sage${blockId.replace(/-/g, "")}`;

const body = (b: Block): Partial<GoogleEvent> & { description: string } => {
  const c = blockContent(b);
  return {
    summary: c.title,
    description: c.description,
    start: { dateTime: c.start.toISOString() },
    end: { dateTime: c.end.toISOString() },
    transparency: "opaque",
  };
};

/** The start, end and title a Google event now has, in the form Sage compares. */
function remoteOf(e: GoogleEvent): Remote | undefined {
  const start = e.start?.dateTime ? new Date(e.start.dateTime) : undefined;
  const end = e.end?.dateTime ? new Date(e.end.dateTime) : undefined;
  if (!start || !end || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()))
    return undefined;
  return { start, end, title: e.summary ?? "" };
}

const etagOf = async (res: Response) => ((await res.json()) as GoogleEvent).etag ?? null;

/**
 * Sage's blocks in a Google calendar (decision 018): events.insert under an id derived from
 * the block, with a private extended property naming it (a 409 is `exists`: adopted only
 * when it carries that mark); events.patch and events.delete with If-Match on the ETag Sage
 * last saw. The rules above them are pushThroughWriter's.
 */
export function googleWriter(api: GoogleCalendarApi, calendarId: string): BlockWriter {
  return {
    async read(ref) {
      const e = await api.getEvent(calendarId, ref);
      if (!e || e.status === "cancelled") return { gone: true };
      const remote = remoteOf(e);
      const mark = e.extendedProperties?.private?.sageBlock;
      return {
        gone: false,
        etag: e.etag ?? null,
        ...(remote ? { remote } : {}),
        ...(mark ? { mark } : {}),
      };
    },
    async create(block) {
      const id = googleEventId(block.id);
      const res = await api.insertEvent(calendarId, {
        id,
        ...body(block),
        extendedProperties: { private: { sageBlock: block.id } },
      });
      if (res.ok) return { status: "ok", ref: id, etag: await etagOf(res) };
      await res.body?.cancel();
      return res.status === 409 ? { status: "exists", ref: id } : { status: "failed" };
    },
    async update(ref, etag, block) {
      const res = await api.patchEvent(calendarId, ref, etag, body(block));
      if (res.ok) return { status: "ok", etag: await etagOf(res) };
      await res.body?.cancel();
      return { status: res.status === 412 ? "changed" : "failed" };
    },
    async remove(ref, etag) {
      const res = await api.deleteEvent(calendarId, ref, etag);
      await res.body?.cancel();
      if (res.ok || res.status === 404 || res.status === 410) return { status: "gone" };
      return { status: res.status === 412 ? "changed" : "failed" };
    },
  };
}

/** The writer for a Google connection's write calendar. */
export const googleWriterFor = (deps: SyncDeps, conn: Connection, calendarExternalId: string) =>
  googleWriter(apiForConnection(deps, conn), calendarExternalId);
