import { createDAVClient, type DAVCalendar, type DAVObject } from "tsdav";
import {
  CalendarDataError,
  EXTERNAL_LIMITS,
  type ExternalSeries,
  type Unreadable,
  unreadableOf,
} from "../../../../core/calendar/external/types.ts";
import { AppError } from "../../../errors.ts";
import { FetchFailure, type FetchPolicy } from "../safe-fetch.ts";
import type { Credentials } from "../seal.ts";
import { readCalendar } from "../worker/calendar-pool.ts";
import { davFetch } from "./dav-fetch.ts";

export type DavClient = Awaited<ReturnType<typeof createDAVClient>>;

/** A resource as stored: its href is its key (RFC 4791: one UID per calendar object). */
export type DavResource = {
  key: string;
  etag: string | null;
  series: ExternalSeries;
};

/** tsdav's errors in words a person can act on; ours pass through. */
function plain(error: unknown): unknown {
  if (
    error instanceof AppError ||
    error instanceof FetchFailure ||
    error instanceof CalendarDataError
  )
    return error;
  const message = error instanceof Error ? error.message : "";
  if (/401|Invalid credentials/i.test(message)) {
    return new FetchFailure(
      "the server refused the user name or password — reconnect with the right ones",
    );
  }
  if (/homeUrl|principalUrl|rootUrl/i.test(message)) {
    return new FetchFailure("no CalDAV calendars were found at this address");
  }
  return new FetchFailure("the CalDAV server answered with something Sage could not read");
}

export async function withPlainErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw plain(error);
  }
}

/**
 * Signs in and discovers the account (/.well-known/caldav, the principal, its
 * calendar-home-set), every request through safeFetch.
 */
export function connectCalDav(creds: Credentials, policy: FetchPolicy): Promise<DavClient> {
  return withPlainErrors(() =>
    createDAVClient({
      serverUrl: creds.url,
      credentials: { username: creds.username ?? "", password: creds.password ?? "" },
      authMethod: "Basic",
      defaultAccountType: "caldav",
      fetch: davFetch(policy),
    }),
  );
}

/** The account's calendars that hold events (task lists and address books left out). */
export async function eventCalendars(client: DavClient): Promise<DAVCalendar[]> {
  const all = await withPlainErrors(() => client.fetchCalendars());
  return all.filter((c) => !c.components || c.components.includes("VEVENT"));
}

/**
 * Parses fetched objects into stored resources (in the calendar worker when they are many:
 * a 5,000-object calendar is as much parsing as a big ICS file); a malformed object is
 * skipped.
 */
export async function toResources(
  objects: DAVObject[],
): Promise<{ resources: DavResource[]; unreadable: Unreadable | null }> {
  const readable = objects.filter(
    (o): o is DAVObject & { data: string } => typeof o.data === "string" && o.data !== "",
  );
  const parsed = await readCalendar({ kind: "parse-each", texts: readable.map((o) => o.data) });
  const out: DavResource[] = [];
  const left = { count: 0, titles: [] as string[] };
  for (const [i, item] of parsed.entries()) {
    if ("error" in item) {
      if (item.error.reason !== "not-a-calendar")
        throw new CalendarDataError(item.error.message, item.error.reason);
      continue;
    }
    if (item.unreadable) {
      left.count += item.unreadable.count;
      left.titles.push(...item.unreadable.titles);
    }
    const o = readable[i]!;
    if (item.series) out.push({ key: o.url, etag: o.etag ?? null, series: item.series });
    if (out.length > EXTERNAL_LIMITS.maxSeries) {
      throw new CalendarDataError(
        `The calendar holds more than ${EXTERNAL_LIMITS.maxSeries} events`,
        "too-large",
      );
    }
  }
  return { resources: out, unreadable: unreadableOf(left, []) };
}

export type CalendarChanges =
  | {
      mode: "full";
      resources: DavResource[];
      /** What the whole read left out (a full listing only: a delta cannot count the rest). */
      unreadable: Unreadable | null;
      syncToken: string | null;
      ctag: string | null;
    }
  | {
      mode: "delta";
      changed: DavResource[];
      deleted: string[];
      syncToken: string | null;
      ctag: string | null;
    };

/**
 * What changed in one calendar since the stored state: RFC 6578 sync-collection with the
 * stored token when there is one (tsdav falls back to CTag + ETag comparison when the
 * server lacks the report); a full listing the first time or when the token is refused.
 */
export async function calendarChanges(
  client: DavClient,
  calendar: DAVCalendar,
  stored: {
    syncToken: string | null;
    ctag: string | null;
    objects: { url: string; etag: string | null }[];
  },
): Promise<CalendarChanges> {
  if (stored.syncToken || stored.ctag) {
    try {
      const result = await client.smartCollectionSyncDetailed({
        collection: {
          ...calendar,
          syncToken: stored.syncToken ?? undefined,
          ctag: stored.ctag ?? undefined,
          objects: stored.objects.map((o) => ({ url: o.url, etag: o.etag ?? undefined })),
          objectMultiGet: client.calendarMultiGet,
          fetchObjects: () => client.fetchCalendarObjects({ calendar }),
        },
      });
      return {
        mode: "delta",
        changed: (await toResources([...result.objects.created, ...result.objects.updated]))
          .resources,
        deleted: result.objects.deleted.map((o) => o.url),
        syncToken: result.syncToken ?? null,
        ctag: result.ctag ?? null,
      };
    } catch (error) {
      const p = plain(error);
      if (
        p instanceof AppError ||
        (p instanceof FetchFailure && /refused the user name/.test(p.message))
      )
        throw p;
      // a refused or expired token: read the whole calendar again
    }
  }
  const objects = await withPlainErrors(() => client.fetchCalendarObjects({ calendar }));
  return {
    mode: "full",
    ...(await toResources(objects)),
    syncToken: calendar.syncToken ?? null,
    ctag: calendar.ctag ?? null,
  };
}
