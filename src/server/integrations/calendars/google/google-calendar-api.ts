import { CalendarDataError } from "../../../../core/calendar/external/types.ts";
import { FetchFailure } from "../safe-fetch.ts";

/**
 * Google Calendar API v3 over plain fetch (decision 018): the few calls Sage makes —
 * calendarList.list, events.list (every page, syncToken), events.get/insert/patch/delete —
 * with the access token refreshed once on a 401. The base URL comes from configuration
 * (GOOGLE_API_BASE), never from the person, so the fetch guard for people's URLs is not
 * needed here; the 10 s timeout and the page cap still bound each sync.
 */

const TIMEOUT_MS = 10_000;
/** events.list pages of 250: 40 pages is more than the 5,000-series cap per connection. */
const MAX_PAGES = 40;

export type GoogleDateTime = { date?: string; dateTime?: string; timeZone?: string };
export type GoogleEvent = {
  id: string;
  status?: "confirmed" | "tentative" | "cancelled";
  etag?: string;
  iCalUID?: string;
  summary?: string;
  location?: string;
  start?: GoogleDateTime;
  end?: GoogleDateTime;
  recurrence?: string[];
  recurringEventId?: string;
  originalStartTime?: GoogleDateTime;
  transparency?: "opaque" | "transparent";
  attendees?: { email?: string; self?: boolean; responseStatus?: string }[];
  extendedProperties?: { private?: Record<string, string> };
};
export type GoogleCalendarEntry = {
  id: string;
  summary?: string;
  summaryOverride?: string;
  backgroundColor?: string;
  accessRole?: "freeBusyReader" | "reader" | "writer" | "owner";
  primary?: boolean;
  selected?: boolean;
  deleted?: boolean;
};

/** Where the access token comes from: the current one, or a fresh one after a 401. */
export type GoogleAuth = { current(): Promise<string>; renew(): Promise<string> };

/** Google answered 410 Gone to a syncToken: the client must sync everything again. */
export class SyncTokenExpired extends Error {
  override name = "SyncTokenExpired";
}

export class GoogleApiError extends Error {
  override name = "GoogleApiError";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function googleCalendarApi(base: string, auth: GoogleAuth) {
  async function call(
    method: string,
    path: string,
    opts: {
      query?: Record<string, string | undefined>;
      body?: unknown;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Response> {
    const url = new URL(`${base}/calendar/v3${path}`);
    for (const [k, v] of Object.entries(opts.query ?? {}))
      if (v !== undefined) url.searchParams.set(k, v);
    const send = async (token: string) => {
      try {
        return await fetch(url, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: "application/json",
            ...(opts.body !== undefined ? { "content-type": "application/json" } : {}),
            ...opts.headers,
          },
          ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new FetchFailure(
          (error as Error).name === "TimeoutError"
            ? "Google Calendar did not answer within 10 seconds"
            : "Google Calendar could not be reached",
        );
      }
    };
    let res = await send(await auth.current());
    if (res.status === 401) {
      await res.body?.cancel();
      res = await send(await auth.renew());
    }
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      throw new GoogleApiError(
        res.status,
        "Google refused Sage's access to this calendar — connect Google Calendar again",
      );
    }
    return res;
  }

  async function json<T>(res: Response, what: string): Promise<T> {
    if (!res.ok) {
      await res.body?.cancel();
      throw new GoogleApiError(res.status, `Google Calendar answered ${res.status} to ${what}`);
    }
    return (await res.json()) as T;
  }

  const eventPath = (calendarId: string, eventId?: string) =>
    `/calendars/${encodeURIComponent(calendarId)}/events${eventId ? `/${encodeURIComponent(eventId)}` : ""}`;

  return {
    /** Every calendar in the person's list (all pages). */
    async calendarList(): Promise<GoogleCalendarEntry[]> {
      const items: GoogleCalendarEntry[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const body = await json<{ items?: GoogleCalendarEntry[]; nextPageToken?: string }>(
          await call("GET", "/users/me/calendarList", { query: { maxResults: "250", pageToken } }),
          "the calendar list",
        );
        items.push(...(body.items ?? []));
        pageToken = body.nextPageToken;
        if (!pageToken) return items.filter((c) => !c.deleted);
      }
      throw new CalendarDataError("This Google account lists too many calendars", "too-large");
    },

    /**
     * events.list with singleEvents=false (series as RRULE masters and their exceptions),
     * every page followed. With a syncToken only what changed comes back (deletions as
     * status "cancelled"); a 410 is SyncTokenExpired. Returns the next sync token.
     */
    async listEvents(
      calendarId: string,
      syncToken: string | null,
    ): Promise<{ items: GoogleEvent[]; nextSyncToken: string | null }> {
      const items: GoogleEvent[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const res = await call("GET", eventPath(calendarId), {
          query: {
            singleEvents: "false",
            maxResults: "250",
            ...(syncToken ? { syncToken } : {}),
            pageToken,
          },
        });
        if (res.status === 410) {
          await res.body?.cancel();
          throw new SyncTokenExpired("sync token expired");
        }
        const body = await json<{
          items?: GoogleEvent[];
          nextPageToken?: string;
          nextSyncToken?: string;
        }>(res, "the event list");
        items.push(...(body.items ?? []));
        pageToken = body.nextPageToken;
        if (!pageToken) return { items, nextSyncToken: body.nextSyncToken ?? null };
      }
      throw new CalendarDataError(
        "This Google calendar has more events than Sage reads (5,000 per connection)",
        "too-large",
      );
    },

    /** events.get: the event, or undefined when it is gone (404/410). */
    async getEvent(calendarId: string, eventId: string): Promise<GoogleEvent | undefined> {
      const res = await call("GET", eventPath(calendarId, eventId));
      if (res.status === 404 || res.status === 410) {
        await res.body?.cancel();
        return undefined;
      }
      return json<GoogleEvent>(res, "reading an event");
    },

    /** events.insert; 409 when an event with this id already exists. */
    insertEvent: (calendarId: string, event: Partial<GoogleEvent>) =>
      call("POST", eventPath(calendarId), { body: event }),

    /** events.patch with If-Match: 412 when the event changed since `etag`. */
    patchEvent: (
      calendarId: string,
      eventId: string,
      etag: string | null,
      patch: Partial<GoogleEvent>,
    ) =>
      call("PATCH", eventPath(calendarId, eventId), {
        body: patch,
        headers: etag ? { "if-match": etag } : {},
      }),

    /**
     * events.watch ("Push notifications"): opens a web_hook channel on the calendar's events;
     * Google POSTs to `address` with X-Goog-Channel-ID/-Token on each change. Answers the
     * channel's resourceId and its expiration (Google's, milliseconds since the epoch).
     */
    async watchEvents(
      calendarId: string,
      channel: { id: string; token: string; address: string; expiresAt: Date },
    ): Promise<{ resourceId: string; expiresAt: Date }> {
      const body = await json<{ resourceId?: string; expiration?: string }>(
        await call("POST", `${eventPath(calendarId)}/watch`, {
          body: {
            id: channel.id,
            type: "web_hook",
            address: channel.address,
            token: channel.token,
            // requested, in milliseconds; Google answers the expiration it granted
            expiration: channel.expiresAt.getTime(),
          },
        }),
        "opening a push channel",
      );
      if (!body.resourceId)
        throw new GoogleApiError(502, "Google opened a channel without a resourceId");
      const expiration = Number(body.expiration);
      return {
        resourceId: body.resourceId,
        expiresAt: new Date(
          Number.isFinite(expiration) && expiration > 0 ? expiration : channel.expiresAt.getTime(),
        ),
      };
    },

    /** channels.stop: Google sends nothing more on the channel (404 means already gone). */
    async stopChannel(channel: { id: string; resourceId: string }): Promise<void> {
      const res = await call("POST", "/channels/stop", { body: channel });
      await res.body?.cancel();
      if (!res.ok && res.status !== 404)
        throw new GoogleApiError(
          res.status,
          `Google Calendar answered ${res.status} to stopping a channel`,
        );
    },

    /** events.delete with If-Match: 412 when the event changed since `etag`. */
    deleteEvent: (calendarId: string, eventId: string, etag: string | null) =>
      call("DELETE", eventPath(calendarId, eventId), { headers: etag ? { "if-match": etag } : {} }),
  };
}
export type GoogleCalendarApi = ReturnType<typeof googleCalendarApi>;
