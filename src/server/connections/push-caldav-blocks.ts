import { expandSeries } from "../../core/calendar/external/expand-series.ts";
import { parseCalendar } from "../../core/calendar/external/parse-calendar.ts";
import { foldLine } from "../../core/calendar/fold-lines.ts";
import { icsStamp, icsText } from "../../core/calendar/ics-values.ts";
import type { calendarConnections } from "../db/schema.ts";
import { davFetch } from "../integrations/calendars/caldav/dav-fetch.ts";
import { FetchFailure } from "../integrations/calendars/safe-fetch.ts";
import { openCredentials } from "../integrations/calendars/seal.ts";
import { type Block, caldavBlockUid } from "./push-state.ts";
import { type BlockWriter, blockContent, type Remote } from "./push-through-writer.ts";
import { fetchPolicy, type SyncDeps } from "./sync-deps.ts";

type Connection = typeof calendarConnections.$inferSelect;

function blockIcs(b: Block, uid: string): string {
  const c = blockContent(b);
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Sage//Connected calendars//EN",
    "BEGIN:VEVENT",
    `UID:${uid}`,
    `DTSTAMP:${icsStamp(new Date())}`,
    `DTSTART:${icsStamp(c.start)}`,
    `DTEND:${icsStamp(c.end)}`,
    `SUMMARY:${icsText(c.title)}`,
    `DESCRIPTION:${icsText(c.description)}`,
    "TRANSP:OPAQUE",
    `SEQUENCE:${b.version}`,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ]
    .map(foldLine) // a title or reason past 75 octets is folded (RFC 5545 §3.1)
    .join("\r\n");
}

/** The UID, start, end and title the person's calendar now has for a written block. */
function readRemote(text: string): (Remote & { uid: string }) | undefined {
  try {
    const [series] = parseCalendar(text).series;
    if (!series) return undefined;
    const [o] = expandSeries(series, {
      from: new Date(Date.UTC(1970, 0, 1)),
      to: new Date(Date.UTC(2101, 0, 1)),
      personZone: "UTC",
      addresses: [],
    });
    return o ? { uid: series.uid, start: o.start, end: o.end, title: o.title } : undefined;
  } catch {
    return undefined;
  }
}

const TEXT_CALENDAR = "text/calendar; charset=utf-8";

/**
 * Sage's blocks in a CalDAV calendar (decision 018): each block one resource
 * `<calendar>/sage-block-<id>.ics` under that UID, created with `If-None-Match: *` (a 412 is
 * `exists`: adopted only when its UID is this block's), replaced and deleted with `If-Match`.
 * The rules above them are pushThroughWriter's: a DELETE is forgotten only on 2xx, 404 or
 * 410 — a 5xx keeps the block, to try again.
 */
export function caldavWriter(deps: SyncDeps, conn: Connection, calendarUrl: string): BlockWriter {
  if (!deps.config.calendarKey) throw new Error("CALENDAR_SECRET_KEY is not configured");
  const creds = openCredentials(deps.config.calendarKey, conn.credentials);
  const auth = `Basic ${Buffer.from(`${creds.username ?? ""}:${creds.password ?? ""}`).toString("base64")}`;
  const http = davFetch(fetchPolicy(deps.config));
  const call = (
    method: string,
    href: string,
    headers: Record<string, string> = {},
    body?: string,
  ) =>
    http(href, {
      method,
      headers: { authorization: auth, ...headers },
      ...(body !== undefined ? { body } : {}),
    });

  return {
    async read(ref) {
      const res = await call("GET", ref);
      if (res.status === 404 || res.status === 410) {
        await res.body?.cancel();
        return { gone: true };
      }
      if (!res.ok) {
        await res.body?.cancel();
        // neither gone nor readable: nothing about it is decided on this answer
        throw new FetchFailure(`the server answered ${res.status} to reading a block Sage wrote`);
      }
      const remote = readRemote(await res.text());
      const mark = remote?.uid.startsWith("sage-block-")
        ? remote.uid.slice("sage-block-".length)
        : undefined;
      return {
        gone: false,
        etag: res.headers.get("etag"),
        ...(remote
          ? { remote: { start: remote.start, end: remote.end, title: remote.title } }
          : {}),
        ...(mark ? { mark } : {}),
      };
    },
    async create(block) {
      const uid = caldavBlockUid(block.id);
      const href = new URL(`${uid}.ics`, calendarUrl).href;
      const res = await call(
        "PUT",
        href,
        { "content-type": TEXT_CALENDAR, "if-none-match": "*" },
        blockIcs(block, uid),
      );
      await res.body?.cancel();
      if (res.ok) return { status: "ok", ref: href, uid, etag: res.headers.get("etag") };
      return res.status === 412 ? { status: "exists", ref: href, uid } : { status: "failed" };
    },
    async update(ref, etag, block) {
      const res = await call(
        "PUT",
        ref,
        { "content-type": TEXT_CALENDAR, ...(etag ? { "if-match": etag } : {}) },
        blockIcs(block, caldavBlockUid(block.id)),
      );
      await res.body?.cancel();
      if (res.ok) return { status: "ok", etag: res.headers.get("etag") };
      return { status: res.status === 412 ? "changed" : "failed" };
    },
    async remove(ref, etag) {
      const res = await call("DELETE", ref, etag ? { "if-match": etag } : {});
      await res.body?.cancel();
      if (res.ok || res.status === 404 || res.status === 410) return { status: "gone" };
      return { status: res.status === 412 ? "changed" : "failed" };
    },
  };
}
