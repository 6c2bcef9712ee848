import { setTimeout as sleep } from "node:timers/promises";
import { CalendarDataError } from "../../../../core/calendar/external/types.ts";
import { FetchFailure } from "../safe-fetch.ts";

/**
 * Microsoft Graph's calendar calls over plain fetch (decision 040): the calendar list,
 * `calendarView/delta` per calendar (every page followed, the final deltaLink kept), and one
 * event's get/create/update/delete with `If-Match`. The access token is renewed once on a
 * 401. Throttling (429, or 503 with Retry-After) waits what Graph asks, up to 10 s, at most
 * twice per call; asked to wait longer, the sync stops with a plain sentence and the next one
 * tries again. Only links under the configured base are ever followed, so a page link can
 * never send the bearer token elsewhere.
 */

const TIMEOUT_MS = 10_000;
/** Pages of (at most) 100 per delta round: 60 pages is more than the per-sync cap. */
const MAX_PAGES = 60;
const PAGE_SIZE = 100;
const MAX_WAIT_S = 10;
const MAX_THROTTLED_RETRIES = 2;

export type GraphDateTime = { dateTime?: string; timeZone?: string };
export type GraphEvent = {
  id: string;
  "@odata.etag"?: string;
  "@removed"?: { reason?: string };
  subject?: string;
  start?: GraphDateTime;
  end?: GraphDateTime;
  isAllDay?: boolean;
  isCancelled?: boolean;
  showAs?: "free" | "tentative" | "busy" | "oof" | "workingElsewhere" | "unknown";
  type?: "singleInstance" | "occurrence" | "exception" | "seriesMaster";
  responseStatus?: { response?: string };
  location?: { displayName?: string };
  transactionId?: string | null;
  iCalUId?: string;
};
export type GraphCalendar = {
  id: string;
  name?: string;
  hexColor?: string;
  canEdit?: boolean;
  isDefaultCalendar?: boolean;
};

/** Where the access token comes from: the current one, or a fresh one after a 401. */
export type GraphAuth = { current(): Promise<string>; renew(): Promise<string> };

/** Graph answered 410 Gone to a deltaLink: the round must start again from nothing. */
export class DeltaExpired extends Error {
  override name = "DeltaExpired";
}

export class GraphApiError extends Error {
  override name = "GraphApiError";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const REFUSED = "Microsoft refused Sage's access to this calendar — connect Microsoft 365 again";

export function graphCalendarApi(base: string, auth: GraphAuth) {
  const under = (link: string) => link.startsWith(`${base}/`);

  async function call(
    method: string,
    target: string | URL,
    opts: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const url = typeof target === "string" ? new URL(`${base}${target}`) : target;
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
            ? "Microsoft Graph did not answer within 10 seconds"
            : "Microsoft Graph could not be reached",
        );
      }
    };
    let res = await send(await auth.current());
    for (let retry = 0; ; retry++) {
      if (res.status === 401) {
        await res.body?.cancel();
        res = await send(await auth.renew());
        if (res.status === 401) break;
        continue;
      }
      const throttled =
        res.status === 429 || (res.status === 503 && res.headers.has("retry-after"));
      if (!throttled) break;
      await res.body?.cancel();
      const wait = Number.parseInt(res.headers.get("retry-after") ?? "1", 10);
      const seconds = Number.isFinite(wait) && wait >= 0 ? wait : 1;
      if (retry >= MAX_THROTTLED_RETRIES || seconds > MAX_WAIT_S) {
        throw new GraphApiError(
          429,
          "Microsoft asked Sage to slow down; Sage will read this calendar again shortly",
        );
      }
      await sleep(seconds * 1000);
      res = await send(await auth.current());
    }
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      throw new GraphApiError(res.status, REFUSED);
    }
    return res;
  }

  async function json<T>(res: Response, what: string): Promise<T> {
    if (!res.ok) {
      await res.body?.cancel();
      throw new GraphApiError(res.status, `Microsoft Graph answered ${res.status} to ${what}`);
    }
    return (await res.json()) as T;
  }

  /** The next page's URL, refused unless it is under the configured base. */
  const follow = (link: string): URL => {
    if (!under(link))
      throw new GraphApiError(502, "Microsoft Graph sent a link Sage does not follow");
    return new URL(link);
  };

  const eventPath = (id: string) => `/me/events/${encodeURIComponent(id)}`;

  return {
    /** Every calendar of the person (all pages). */
    async calendars(): Promise<GraphCalendar[]> {
      const items: GraphCalendar[] = [];
      let next: string | URL = "/me/calendars?$top=100";
      for (let page = 0; page < MAX_PAGES; page++) {
        const body: { value?: GraphCalendar[]; "@odata.nextLink"?: string } = await json(
          await call("GET", next),
          "the calendar list",
        );
        items.push(...(body.value ?? []));
        const link = body["@odata.nextLink"];
        if (!link) return items;
        next = follow(link);
      }
      throw new CalendarDataError("This Microsoft account lists too many calendars", "too-large");
    },

    /**
     * One delta round of a calendar's view: from `deltaLink` when given (only what changed,
     * removals as `@removed`), else from the start over [from, to). Every page is followed;
     * times come in UTC (`Prefer: outlook.timezone`). A 410 is DeltaExpired. Returns the
     * round's events and the deltaLink to start the next round from.
     */
    async delta(
      calendarId: string,
      opts: { deltaLink: string | null; from: Date; to: Date },
    ): Promise<{ events: GraphEvent[]; deltaLink: string }> {
      let next: URL;
      if (opts.deltaLink) next = follow(opts.deltaLink);
      else {
        next = new URL(`${base}/me/calendars/${encodeURIComponent(calendarId)}/calendarView/delta`);
        next.searchParams.set("startDateTime", opts.from.toISOString());
        next.searchParams.set("endDateTime", opts.to.toISOString());
      }
      const events: GraphEvent[] = [];
      for (let page = 0; page < MAX_PAGES; page++) {
        const res = await call("GET", next, {
          headers: { prefer: `outlook.timezone="UTC", odata.maxpagesize=${PAGE_SIZE}` },
        });
        if (res.status === 410) {
          await res.body?.cancel();
          throw new DeltaExpired("the delta round's state is gone");
        }
        const body: {
          value?: GraphEvent[];
          "@odata.nextLink"?: string;
          "@odata.deltaLink"?: string;
        } = await json(res, "the calendar view");
        events.push(...(body.value ?? []).filter((e) => typeof e?.id === "string"));
        const deltaLink = body["@odata.deltaLink"];
        if (deltaLink) {
          follow(deltaLink);
          return { events, deltaLink };
        }
        const link = body["@odata.nextLink"];
        if (!link)
          throw new GraphApiError(502, "Microsoft Graph ended a delta round without a link");
        next = follow(link);
      }
      throw new CalendarDataError(
        "This Microsoft calendar has more events than Sage reads in one sync",
        "too-large",
      );
    },

    /** The event, or undefined when it is gone (404/410). */
    async getEvent(id: string): Promise<GraphEvent | undefined> {
      const res = await call("GET", eventPath(id), {
        headers: { prefer: 'outlook.timezone="UTC"' },
      });
      if (res.status === 404 || res.status === 410) {
        await res.body?.cancel();
        return undefined;
      }
      return json<GraphEvent>(res, "reading an event");
    },

    /** Creates an event in a calendar (201 with the event). */
    createEvent: (calendarId: string, event: Record<string, unknown>) =>
      call("POST", `/me/calendars/${encodeURIComponent(calendarId)}/events`, {
        body: event,
        headers: { prefer: 'outlook.timezone="UTC"' },
      }),

    /** Updates an event with If-Match: 412 when it changed since `etag`. */
    updateEvent: (id: string, etag: string | null, patch: Record<string, unknown>) =>
      call("PATCH", eventPath(id), {
        body: patch,
        headers: { prefer: 'outlook.timezone="UTC"', ...(etag ? { "if-match": etag } : {}) },
      }),

    /**
     * Creates a change-notification subscription on one calendar's events ("Receive change
     * notifications through webhooks"): Graph first POSTs `?validationToken=` to
     * `notificationUrl` and to `lifecycleNotificationUrl` and answers 201 only when Sage
     * echoed both; each notification then carries the subscription's id and `clientState`.
     * Lifecycle notifications ("Reduce missing subscriptions and change notifications") can
     * only be asked for here, when the subscription is created. Answers Graph's id and expiry.
     */
    async subscribe(
      calendarId: string,
      sub: {
        notificationUrl: string;
        lifecycleNotificationUrl: string;
        clientState: string;
        expiresAt: Date;
      },
    ): Promise<{ id: string; expiresAt: Date }> {
      const body = await json<{ id?: string; expirationDateTime?: string }>(
        await call("POST", "/subscriptions", {
          body: {
            changeType: "created,updated,deleted",
            notificationUrl: sub.notificationUrl,
            lifecycleNotificationUrl: sub.lifecycleNotificationUrl,
            resource: `me/calendars/${calendarId}/events`,
            expirationDateTime: sub.expiresAt.toISOString(),
            clientState: sub.clientState,
          },
        }),
        "creating a subscription",
      );
      if (!body.id)
        throw new GraphApiError(502, "Microsoft Graph created a subscription without an id");
      const granted = Date.parse(body.expirationDateTime ?? "");
      return { id: body.id, expiresAt: new Date(Number.isNaN(granted) ? sub.expiresAt : granted) };
    },

    /** Deletes a subscription: Graph sends nothing more (404: already gone). */
    async unsubscribe(id: string): Promise<void> {
      const res = await call("DELETE", `/subscriptions/${encodeURIComponent(id)}`);
      await res.body?.cancel();
      if (!res.ok && res.status !== 404)
        throw new GraphApiError(
          res.status,
          `Microsoft Graph answered ${res.status} to deleting a subscription`,
        );
    },

    /** Deletes an event with If-Match: 412 when it changed since `etag`. */
    deleteEvent: (id: string, etag: string | null) =>
      call("DELETE", eventPath(id), { headers: etag ? { "if-match": etag } : {} }),
  };
}
export type GraphCalendarApi = ReturnType<typeof graphCalendarApi>;
