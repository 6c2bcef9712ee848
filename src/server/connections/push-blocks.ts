import { and, eq } from "drizzle-orm";
import { expandSeries } from "../../core/calendar/external/expand-series.ts";
import { parseCalendar } from "../../core/calendar/external/parse-calendar.ts";
import { foldLine } from "../../core/calendar/fold-lines.ts";
import { icsStamp, icsText } from "../../core/calendar/ics-values.ts";
import { withWhy } from "../../core/contract/tasks.ts";
import { calendarConnections, connectionCalendars, externalWrites } from "../db/schema.ts";
import { davFetch } from "../integrations/calendars/caldav/dav-fetch.ts";
import { openCredentials } from "../integrations/calendars/seal.ts";
import { pushGoogleBlocks, removeGoogleBlocks } from "./push-google-blocks.ts";
import { pushMicrosoftBlocks, removeMicrosoftBlocks } from "./push-microsoft-blocks.ts";
import {
  type Block,
  blockKey,
  caldavBlockUid,
  loadPushState,
  makeTheirs,
  missedBySync,
  PUSHED_BLOCK_DESCRIPTION,
  removedInTheirCalendar,
  type Write,
  writtenKey,
} from "./push-state.ts";
import { fetchPolicy, type SyncDeps } from "./sync-deps.ts";

function blockIcs(b: Block, uid: string): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Sage//Connected calendars//EN",
    "BEGIN:VEVENT",
    `UID:${uid}`,
    `DTSTAMP:${icsStamp(new Date())}`,
    `DTSTART:${icsStamp(b.startTime)}`,
    `DTEND:${icsStamp(b.endTime ?? b.startTime)}`,
    `SUMMARY:${icsText(b.title)}`,
    `DESCRIPTION:${icsText(withWhy(b.why, PUSHED_BLOCK_DESCRIPTION)!)}`,
    "TRANSP:OPAQUE",
    `SEQUENCE:${b.version}`,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ]
    .map(foldLine) // a title or reason past 75 octets is folded (RFC 5545 §3.1)
    .join("\r\n");
}

/** The start, end and title the person's calendar now has for a written block. */
function readRemote(text: string): { start: Date; end: Date; title: string } | undefined {
  try {
    const [series] = parseCalendar(text).series;
    if (!series) return undefined;
    const [o] = expandSeries(series, {
      from: new Date(Date.UTC(1970, 0, 1)),
      to: new Date(Date.UTC(2101, 0, 1)),
      personZone: "UTC",
      addresses: [],
    });
    return o ? { start: o.start, end: o.end, title: o.title } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes Sage's blocks into the connection's write calendar (CalDAV), idempotent and safe:
 * new blocks are created with `If-None-Match: *` under a stable UID; moved ones updated with
 * `If-Match`; blocks whose task is done or deleted removed with `If-Match`. A 412, or an
 * ETag that changed since Sage wrote (seen by the last sync), means the person changed it:
 * it becomes theirs — Sage's copy takes their times and is never moved again — and is never
 * overwritten or deleted. Only resources in external_writes are ever touched.
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
  if (conn.kind === "google") return pushGoogleBlocks(deps, conn, calendar);
  if (conn.kind === "microsoft") return pushMicrosoftBlocks(deps, conn, calendar);
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
  const now = deps.now();

  const { live, writes, byEvent, remoteEtag } = await loadPushState(deps, conn, calendar.id, now);

  const becomeTheirs = (w: Write, text: string | undefined) =>
    makeTheirs(deps.db, conn.userId, w, text ? readRemote(text) : undefined);
  /** A 412 or a changed ETag: read it; if what Sage wrote is no longer there, it is theirs. */
  const changedOutside = async (w: Write): Promise<boolean> => {
    const res = await call("GET", w.href);
    if (res.status === 404) return false;
    const text = await res.text();
    const remote = readRemote(text);
    if (remote && writtenKey(remote) === w.written) {
      await deps.db
        .update(externalWrites)
        .set({ etag: res.headers.get("etag") })
        .where(
          and(eq(externalWrites.eventId, w.eventId), eq(externalWrites.calendarId, w.calendarId)),
        );
      w.etag = res.headers.get("etag");
      return false;
    }
    await becomeTheirs(w, text);
    return true;
  };

  /** The last sync did not list it: gone from their calendar, if the server says 404. */
  const deletedOutside = async (w: Write): Promise<boolean> => {
    if (!missedBySync(w, conn)) return false;
    const res = await call("GET", w.href);
    await res.body?.cancel();
    return res.status === 404 || res.status === 410;
  };

  for (const w of writes) {
    if (w.owner !== "sage") continue;
    const seen = remoteEtag.get(w.href);
    if (seen !== undefined && seen !== w.etag && (await changedOutside(w))) continue;
    const block = live.get(w.eventId);
    if (block && seen === undefined && (await deletedOutside(w))) {
      await removedInTheirCalendar(deps.db, conn.userId, w);
      continue;
    }
    if (!block) {
      let res = await call("DELETE", w.href, w.etag ? { "if-match": w.etag } : {});
      if (res.status === 412) {
        if ((await changedOutside(w)) || !w.etag) continue;
        res = await call("DELETE", w.href, { "if-match": w.etag });
      }
      await res.body?.cancel();
      // forgotten only once the server confirms it is gone: a 5xx keeps it, to try again
      if (!(res.ok || res.status === 404 || res.status === 410)) continue;
      await deps.db
        .delete(externalWrites)
        .where(
          and(eq(externalWrites.eventId, w.eventId), eq(externalWrites.calendarId, w.calendarId)),
        );
      continue;
    }
    if (blockKey(block) === w.written) continue;
    let res = await call(
      "PUT",
      w.href,
      { "content-type": "text/calendar; charset=utf-8", ...(w.etag ? { "if-match": w.etag } : {}) },
      blockIcs(block, w.uid),
    );
    if (res.status === 412) {
      if (await changedOutside(w)) continue;
      res = await call(
        "PUT",
        w.href,
        {
          "content-type": "text/calendar; charset=utf-8",
          ...(w.etag ? { "if-match": w.etag } : {}),
        },
        blockIcs(block, w.uid),
      );
    }
    if (res.ok) {
      await deps.db
        .update(externalWrites)
        .set({ etag: res.headers.get("etag"), written: blockKey(block) })
        .where(
          and(eq(externalWrites.eventId, w.eventId), eq(externalWrites.calendarId, w.calendarId)),
        );
    }
  }

  for (const block of live.values()) {
    if (byEvent.has(block.id)) continue;
    const uid = caldavBlockUid(block.id);
    const href = new URL(`${uid}.ics`, calendar.externalId).href;
    const res = await call(
      "PUT",
      href,
      { "content-type": "text/calendar; charset=utf-8", "if-none-match": "*" },
      blockIcs(block, uid),
    );
    if (!res.ok) continue; // 412: something already there under our name; never overwrite it
    await deps.db
      .insert(externalWrites)
      .values({
        eventId: block.id,
        calendarId: calendar.id,
        connectionId: conn.id,
        userId: conn.userId,
        href,
        uid,
        etag: res.headers.get("etag"),
        written: blockKey(block),
        createdAt: now, // compared with lastSyncedAt, which is on the same clock
      })
      .onConflictDoNothing();
  }
}

/** Deletes every block Sage wrote for a connection (disconnect with ?removeBlocks=1). */
export async function removeWrittenBlocks(deps: SyncDeps, connectionId: string): Promise<void> {
  const [conn] = await deps.db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.id, connectionId));
  if (!conn || !deps.config.calendarKey) return;
  if (conn.kind === "google") return removeGoogleBlocks(deps, conn);
  if (conn.kind === "microsoft") return removeMicrosoftBlocks(deps, conn);
  const creds = openCredentials(deps.config.calendarKey, conn.credentials);
  const auth = `Basic ${Buffer.from(`${creds.username ?? ""}:${creds.password ?? ""}`).toString("base64")}`;
  const http = davFetch(fetchPolicy(deps.config));
  const writes = await deps.db
    .select()
    .from(externalWrites)
    .where(and(eq(externalWrites.connectionId, connectionId), eq(externalWrites.owner, "sage")));
  for (const w of writes) {
    await http(w.href, {
      method: "DELETE",
      headers: { authorization: auth, ...(w.etag ? { "if-match": w.etag } : {}) },
    }).catch((error) =>
      // the connection goes anyway; the block stays in their calendar, said in the log
      deps.log?.error(
        { err: error, connectionId, href: w.href },
        "removing a written block failed",
      ),
    );
  }
}
