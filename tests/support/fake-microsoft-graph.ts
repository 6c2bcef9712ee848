import { createHash, randomBytes, randomUUID } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DateTime } from "luxon";

/**
 * A loopback stand-in for the Microsoft identity platform and Microsoft Graph's calendar
 * API, written from Microsoft's documentation:
 * - identity ("Microsoft identity platform and OAuth 2.0 authorization code flow"):
 *   `/{tenant}/oauth2/v2.0/authorize` (response_type=code, response_mode=query, state, PKCE
 *   S256 required here) grants at once and redirects back with a code — or, with `deny`,
 *   with `error=access_denied`; `/{tenant}/oauth2/v2.0/token` exchanges a code once (its
 *   redirect_uri and code_verifier checked) and a refresh token (grant_type=refresh_token,
 *   a new refresh token each time), answering `invalid_grant` / `invalid_client` as the
 *   platform does; a refresh token comes only with `offline_access`;
 * - Graph v1.0 (calendar-list-calendars, event-delta, "Get incremental changes to events in
 *   a calendar view", event-get/update/delete, calendar-post-events, throttling): the
 *   calendar list; `calendarView/delta` over startDateTime/endDateTime with occurrences of a
 *   series expanded, `Prefer: odata.maxpagesize` pages linked by `@odata.nextLink`
 *   ($skiptoken), `@odata.deltaLink` ($deltatoken) on the last page, a round from a
 *   deltaLink answering only what changed (deletions and events leaving the window as
 *   `@removed`), 410 Gone with `syncStateNotFound` for a state it no longer has; times in
 *   the zone `Prefer: outlook.timezone` names (UTC or an IANA name), else each event's own;
 *   events created with a `transactionId` answered with the existing event on a retry;
 *   `@odata.etag` per change, If-Match answered 412; 429 with Retry-After when told to;
 * - change notifications ("Receive change notifications through webhooks", "Reduce missing
 *   subscriptions and change notifications"): `POST /subscriptions` validates the
 *   notificationUrl and, when given, the lifecycleNotificationUrl (both must echo the
 *   validationToken as text/plain) and allows Outlook events at most 10,080 minutes; with
 *   `notify`, every change to a subscribed calendar's events (the person's or an API write)
 *   is POSTed to the notificationUrl as `{value: [{subscriptionId, clientState, changeType,
 *   resource, resourceData, …}]}`, and `lifecycle()` sends a lifecycle notification
 *   (`reauthorizationRequired`, `subscriptionRemoved` — after which the subscription is gone
 *   — or `missed`) to the lifecycleNotificationUrl;
 * - 401 for an access token it did not issue (or one revoked by `expireAccessTokens`).
 */

export const MS_CLIENT_ID = "sage-microsoft-test-client";
export const MS_CLIENT_SECRET = "sage-microsoft-test-secret";

type Wall = { dateTime: string; timeZone: string };
export type FakeGraphEvent = {
  id: string;
  subject?: string;
  start: Wall;
  end: Wall;
  isAllDay?: boolean;
  showAs?: string;
  isCancelled?: boolean;
  responseStatus?: { response: string };
  transactionId?: string;
  type?: string;
  seriesMasterId?: string;
  body?: { contentType: string; content: string };
  /** Answer this event in its own zone even when a Prefer header asks for another. */
  ignorePrefer?: boolean;
};
type Stored = { calendarId: string; event: FakeGraphEvent; seq: number; deleted: boolean };
type Calendar = {
  id: string;
  name: string;
  hexColor?: string;
  canEdit: boolean;
  isDefaultCalendar?: boolean;
};

/** The few Windows names the fake answers in (Graph's own zone names). */
const WINDOWS: Record<string, string> = {
  "Pacific Standard Time": "America/Los_Angeles",
  "W. Europe Standard Time": "Europe/Berlin",
};
const zoneOf = (name: string) => WINDOWS[name] ?? name;
const instant = (w: Wall) =>
  DateTime.fromISO(w.dateTime.replace(/(\.\d{3})\d*$/, "$1"), { zone: zoneOf(w.timeZone) });
const inZone = (w: Wall, zone: string): Wall => ({
  dateTime: instant(w).setZone(zoneOf(zone)).toFormat("yyyy-MM-dd'T'HH:mm:ss'.0000000'"),
  timeZone: zone,
});

export type FakeGraph = Awaited<ReturnType<typeof startFakeGraph>>;

/**
 * The configuration of a public Sage (PUBLIC_URL `publicUrl`, so subscriptions are made)
 * whose Microsoft 365 connections go to this Graph; a public server also needs Google
 * sign-in configured, which these tests do not use.
 */
export const publicGraphEnv = (g: { origin: string; graph: string }, publicUrl: string) => ({
  PUBLIC_URL: publicUrl,
  GOOGLE_CLIENT_ID: "unused-google-client",
  GOOGLE_CLIENT_SECRET: "unused-google-secret",
  CALENDAR_SECRET_KEY: "push-test-calendar-key-0123456789abcdef",
  MICROSOFT_CLIENT_ID: MS_CLIENT_ID,
  MICROSOFT_CLIENT_SECRET: MS_CLIENT_SECRET,
  MICROSOFT_AUTHORITY: g.origin,
  MICROSOFT_GRAPH_BASE: g.graph,
});

export async function startFakeGraph(
  opts: {
    port?: number;
    /**
     * Delivers Graph's validation request (POST notificationUrl?validationToken=…, text/plain)
     * to Sage and answers the status and body it got; without it no subscription can be made.
     */
    validate?: (url: string) => Promise<{ status: number; body: string; type: string }>;
    /**
     * Delivers a notification (a JSON POST, as Graph sends it) to Sage and answers the status
     * it got; without it no notifications are sent.
     */
    notify?: (url: string, body: string) => Promise<number>;
  } = {},
) {
  let seq = 1;
  /** Where page links point (another origin: a Graph that sends Sage elsewhere). */
  let linkOrigin: string | undefined;
  /** Delta rounds leave transactionId out (a response with fewer properties). */
  let deltaWithoutTransactionId = false;
  /**
   * Delta states made at or below this sequence answer 410 Gone (none at first: a state made
   * on an empty calendar is at 0, and is as good as any).
   */
  let expiredBelow = -1;
  let throttle: { count: number; retryAfter: string } = { count: 0, retryAfter: "1" };
  let failDeletes: number | undefined;
  let deny = false;
  const calendars = new Map<string, Calendar>();
  const events = new Map<string, Stored>();
  const codes = new Map<string, { challenge: string; redirectUri: string; scope: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const log = {
    /** Every Graph request (what the per-mailbox limit counts), method and path. */
    requests: [] as string[],
    authorizations: [] as URLSearchParams[],
    tenants: [] as string[],
    refreshGrants: 0,
    deltas: [] as { url: string; prefer: string | undefined }[],
    throttled: 0,
    writes: [] as { method: string; id: string; ifMatch: string | undefined; status: number }[],
    /** Subscriptions created (after a validation Sage answered), and ids deleted. */
    subscriptions: [] as {
      id: string;
      resource: string;
      changeType: string;
      notificationUrl: string;
      lifecycleNotificationUrl?: string;
      clientState?: string;
      expirationDateTime: string;
    }[],
    unsubscribed: [] as string[],
    /** Notifications delivered (with `notify`): change or lifecycle, and Sage's status. */
    notifications: [] as { subscriptionId: string; kind: string; status: number }[],
  };
  /** Subscriptions Graph itself removed (a subscriptionRemoved lifecycle event). */
  const removed = new Set<string>();
  const TENANT = "9f4ebab6-520d-49c0-85cc-7b25c78d4a93";

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      send(res, 500, { error: { code: "generalException", message: String(err) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const graph = `${origin}/v1.0`;

  function send(res: ServerResponse, status: number, body?: unknown, headers = {}) {
    if (body === undefined) {
      res.writeHead(status, headers);
      res.end();
      return;
    }
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  }
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  };
  const newToken = (prefix: string) => `${prefix}-${randomBytes(12).toString("hex")}`;
  const etag = (s: Stored) => `W/"DwAAABYAAA${s.seq}"`;
  const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const decode = <T>(s: string): T | undefined => {
    try {
      return JSON.parse(Buffer.from(s, "base64url").toString()) as T;
    } catch {
      return undefined;
    }
  };

  function render(s: Stored, prefer: string | undefined) {
    const zone = /outlook\.timezone="([^"]+)"/.exec(prefer ?? "")?.[1];
    const e = s.event;
    const { ignorePrefer: _ignore, ...rest } = e;
    const shown =
      zone && !e.ignorePrefer && !e.isAllDay
        ? { start: inZone(e.start, zone), end: inZone(e.end, zone) }
        : {};
    return {
      "@odata.etag": etag(s),
      ...rest,
      showAs: e.showAs ?? "busy",
      isAllDay: e.isAllDay ?? false,
      isCancelled: e.isCancelled ?? false,
      type: e.type ?? "singleInstance",
      ...shown,
    };
  }

  type Subscription = (typeof log.subscriptions)[number];
  const live = (x: Subscription) =>
    Date.parse(x.expirationDateTime) > Date.now() &&
    !removed.has(x.id) &&
    !log.unsubscribed.includes(x.id);

  /** One notification POST, sent as Graph sends it: after the change, not awaited. */
  function post(url: string | undefined, x: Subscription, kind: string, entry: object): void {
    if (!opts.notify || !url) return;
    const body = JSON.stringify({
      value: [
        {
          subscriptionId: x.id,
          subscriptionExpirationDateTime: x.expirationDateTime,
          tenantId: TENANT,
          clientState: x.clientState ?? null,
          ...entry,
        },
      ],
    });
    void opts.notify(url, body).then(
      (status) => log.notifications.push({ subscriptionId: x.id, kind, status }),
      () => log.notifications.push({ subscriptionId: x.id, kind, status: 0 }),
    );
  }
  /** An event of a calendar changed: each live subscription on its events is told. */
  function changed(calendarId: string, id: string, changeType: string): void {
    const resource = `me/calendars/${calendarId}/events`;
    for (const x of log.subscriptions) {
      if (x.resource !== resource || !live(x) || !x.changeType.split(",").includes(changeType))
        continue;
      const s = events.get(id);
      post(x.notificationUrl, x, changeType, {
        changeType,
        resource: `Users/${TENANT}/Events/${id}`,
        resourceData: {
          "@odata.type": "#Microsoft.Graph.Event",
          "@odata.id": `Users/${TENANT}/Events/${id}`,
          ...(s ? { "@odata.etag": etag(s) } : {}),
          id,
        },
      });
    }
  }
  /** Graph's validation request to one address: passes when Sage echoes the token. */
  async function validated(address: string): Promise<boolean> {
    const validationToken = `Validation: Testing client application reachability ${randomUUID()}`;
    const url = `${address}?validationToken=${encodeURIComponent(validationToken)}`;
    const answer = opts.validate ? await opts.validate(url) : undefined;
    return (
      answer?.status === 200 &&
      answer.body === validationToken &&
      answer.type.startsWith("text/plain")
    );
  }

  const inWindow = (e: FakeGraphEvent, from: number, to: number) =>
    instant(e.start).toMillis() < to && instant(e.end).toMillis() > from;

  type Round = { cal: string; from: number; to: number; since: number; at: number; offset: number };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", origin);
    const path = url.pathname;
    const auth = /^\/([^/]+)\/oauth2\/v2\.0\/(authorize|token)$/.exec(path);
    if (auth) {
      log.tenants.push(auth[1]!);
      return auth[2] === "authorize" ? authorize(url, res) : token(req, res);
    }
    if (!path.startsWith("/v1.0/")) return send(res, 404, { error: { code: "NotFound" } });
    log.requests.push(`${req.method} ${path}`);
    const bearer = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
    if (!accessTokens.has(bearer))
      return send(res, 401, {
        error: { code: "InvalidAuthenticationToken", message: "Bad token" },
      });
    if (throttle.count > 0) {
      throttle.count--;
      log.throttled++;
      return send(
        res,
        429,
        { error: { code: "TooManyRequests", message: "Please retry again later." } },
        { "retry-after": throttle.retryAfter },
      );
    }
    const prefer = req.headers.prefer as string | undefined;
    const rest = path.slice("/v1.0".length);
    if (rest === "/me/calendars" && req.method === "GET") {
      const top = Number(url.searchParams.get("$top") ?? "10");
      const skip = Number(url.searchParams.get("$skip") ?? "0");
      const all = [...calendars.values()];
      const page = all.slice(skip, skip + top);
      return send(res, 200, {
        value: page,
        ...(skip + top < all.length
          ? { "@odata.nextLink": `${graph}/me/calendars?$top=${top}&$skip=${skip + top}` }
          : {}),
      });
    }
    if (rest === "/subscriptions" && req.method === "POST") {
      const body = JSON.parse(await readBody(req)) as {
        changeType: string;
        notificationUrl: string;
        resource: string;
        expirationDateTime: string;
        clientState?: string;
        lifecycleNotificationUrl?: string;
      };
      const max = Date.now() + 10_080 * 60_000; // Outlook events: at most 10,080 minutes
      const asked = Date.parse(body.expirationDateTime);
      const https = (u: string | undefined) => u === undefined || u.startsWith("https://");
      if (
        !body.notificationUrl.startsWith("https://") ||
        !https(body.lifecycleNotificationUrl) ||
        Number.isNaN(asked) ||
        asked > max
      )
        return send(res, 400, { error: { code: "InvalidRequest", message: "Bad subscription" } });
      // with webhooks, both endpoints are validated
      if (
        !(await validated(body.notificationUrl)) ||
        (body.lifecycleNotificationUrl && !(await validated(body.lifecycleNotificationUrl)))
      )
        return send(res, 400, {
          error: { code: "InvalidRequest", message: "Subscription validation request failed." },
        });
      const sub = { id: randomUUID(), ...body };
      log.subscriptions.push(sub);
      return send(res, 201, sub);
    }
    const unsub = /^\/subscriptions\/([^/]+)$/.exec(rest);
    if (unsub && req.method === "DELETE") {
      const id = decodeURIComponent(unsub[1]!);
      const known =
        log.subscriptions.some((x) => x.id === id) &&
        !log.unsubscribed.includes(id) &&
        !removed.has(id);
      log.unsubscribed.push(id);
      return known ? send(res, 204) : send(res, 404, { error: { code: "ResourceNotFound" } });
    }
    const view = /^\/me\/calendars\/([^/]+)\/calendarView\/delta$/.exec(rest);
    if (view && req.method === "GET") {
      log.deltas.push({ url: url.href, prefer });
      return delta(decodeURIComponent(view[1]!), url, prefer, res);
    }
    const post = /^\/me\/calendars\/([^/]+)\/events$/.exec(rest);
    if (post && req.method === "POST") {
      const cal = calendars.get(decodeURIComponent(post[1]!));
      if (!cal) return send(res, 404, { error: { code: "ErrorItemNotFound" } });
      if (!cal.canEdit) return send(res, 403, { error: { code: "ErrorAccessDenied" } });
      const body = JSON.parse(await readBody(req)) as FakeGraphEvent;
      const retried = [...events.values()].find(
        (s) => !s.deleted && body.transactionId && s.event.transactionId === body.transactionId,
      );
      if (retried) return send(res, 201, render(retried, prefer));
      const id = `AAMk${randomBytes(9).toString("base64url")}=`;
      const stored = { calendarId: cal.id, event: { ...body, id }, seq: seq++, deleted: false };
      events.set(id, stored);
      log.writes.push({ method: "POST", id, ifMatch: undefined, status: 201 });
      changed(cal.id, id, "created");
      return send(res, 201, render(stored, prefer));
    }
    const one = /^\/me\/events\/([^/]+)$/.exec(rest);
    if (one) {
      const id = decodeURIComponent(one[1]!);
      const s = events.get(id);
      const ifMatch = req.headers["if-match"] as string | undefined;
      const record = (status: number) =>
        log.writes.push({ method: req.method ?? "", id, ifMatch, status });
      if (!s || s.deleted) {
        if (req.method !== "GET") record(404);
        return send(res, 404, { error: { code: "ErrorItemNotFound", message: "Not found" } });
      }
      if (req.method === "GET") return send(res, 200, render(s, prefer));
      if (ifMatch && ifMatch !== etag(s)) {
        record(412);
        return send(res, 412, { error: { code: "ErrorIrresolvableConflict" } });
      }
      if (req.method === "PATCH") {
        const patch = JSON.parse(await readBody(req)) as Partial<FakeGraphEvent>;
        s.event = { ...s.event, ...patch, id };
        s.seq = seq++;
        record(200);
        changed(s.calendarId, id, "updated");
        return send(res, 200, render(s, prefer));
      }
      if (req.method === "DELETE") {
        if (failDeletes) {
          record(failDeletes);
          return send(res, failDeletes, { error: { code: "generalException" } });
        }
        s.deleted = true;
        s.seq = seq++;
        record(204);
        changed(s.calendarId, id, "deleted");
        return send(res, 204);
      }
    }
    return send(res, 405, { error: { code: "ErrorInvalidRequest" } });
  }

  function delta(cal: string, url: URL, prefer: string | undefined, res: ServerResponse) {
    if (!calendars.has(cal)) return send(res, 404, { error: { code: "ErrorItemNotFound" } });
    const q = url.searchParams;
    const skip = q.get("$skiptoken");
    const deltaToken = q.get("$deltatoken");
    let round: Round | undefined;
    if (skip) round = decode<Round>(skip);
    else if (deltaToken) {
      const state = decode<Round>(deltaToken);
      if (!state) return send(res, 400, { error: { code: "BadRequest" } });
      if (state.at <= expiredBelow)
        return send(res, 410, {
          error: { code: "syncStateNotFound", message: "The sync state is not found" },
        });
      round = { ...state, since: state.at, at: seq - 1, offset: 0 };
    } else {
      const from = Date.parse(q.get("startDateTime") ?? "");
      const to = Date.parse(q.get("endDateTime") ?? "");
      if (Number.isNaN(from) || Number.isNaN(to))
        return send(res, 400, { error: { code: "ErrorInvalidParameter" } });
      round = { cal, from, to, since: 0, at: seq - 1, offset: 0 };
    }
    if (!round || round.cal !== cal) return send(res, 400, { error: { code: "BadRequest" } });
    const r = round;
    const items = [...events.values()]
      .filter((s) => s.calendarId === cal && s.seq > r.since && s.seq <= r.at)
      .filter((s) => r.since > 0 || (!s.deleted && inWindow(s.event, r.from, r.to)))
      .sort((a, b) => a.seq - b.seq)
      .map((s) =>
        s.deleted || !inWindow(s.event, r.from, r.to)
          ? { "@removed": { reason: "deleted" }, id: s.event.id }
          : deltaWithoutTransactionId
            ? { ...render(s, prefer), transactionId: undefined }
            : render(s, prefer),
      );
    const size = Number(/odata\.maxpagesize=(\d+)/.exec(prefer ?? "")?.[1] ?? "10");
    const page = items.slice(r.offset, r.offset + size);
    const base = `${linkOrigin ? `${linkOrigin}/v1.0` : graph}/me/calendars/${encodeURIComponent(cal)}/calendarView/delta`;
    const last = r.offset + size >= items.length;
    return send(
      res,
      200,
      {
        "@odata.context": `${graph}/$metadata#Collection(event)`,
        value: page,
        ...(last
          ? { "@odata.deltaLink": `${base}?$deltatoken=${encode({ ...r, offset: 0 })}` }
          : {
              "@odata.nextLink": `${base}?$skiptoken=${encode({ ...r, offset: r.offset + size })}`,
            }),
      },
      /odata\.maxpagesize/.test(prefer ?? "")
        ? { "preference-applied": `odata.maxpagesize=${size}` }
        : {},
    );
  }

  function authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    log.authorizations.push(q);
    const back = new URL(q.get("redirect_uri") ?? "");
    if (q.get("client_id") !== MS_CLIENT_ID)
      return send(res, 400, { error: "unauthorized_client" });
    if (q.get("response_type") !== "code" || q.get("code_challenge_method") !== "S256")
      return send(res, 400, { error: "invalid_request" });
    back.searchParams.set("state", q.get("state") ?? "");
    if (deny) {
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_description", "AADSTS65004: User declined to consent.");
    } else {
      const code = newToken("code");
      codes.set(code, {
        challenge: q.get("code_challenge") ?? "",
        redirectUri: q.get("redirect_uri") ?? "",
        scope: q.get("scope") ?? "",
      });
      back.searchParams.set("code", code);
    }
    res.writeHead(302, { location: back.href });
    res.end();
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== "POST") return send(res, 405, { error: "invalid_request" });
    const form = new URLSearchParams(await readBody(req));
    if (form.get("client_id") !== MS_CLIENT_ID || form.get("client_secret") !== MS_CLIENT_SECRET)
      return send(res, 401, { error: "invalid_client", error_codes: [7000215] });
    const issue = (scope: string) => {
      const access = newToken("access");
      accessTokens.add(access);
      const refresh = scope.split(" ").includes("offline_access") ? newToken("refresh") : undefined;
      if (refresh) refreshTokens.add(refresh);
      return {
        token_type: "Bearer",
        scope: scope
          .split(" ")
          .filter((s) => s !== "offline_access")
          .join(" "),
        expires_in: 3599,
        ext_expires_in: 3599,
        access_token: access,
        ...(refresh ? { refresh_token: refresh } : {}),
      };
    };
    if (form.get("grant_type") === "authorization_code") {
      const code = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? ""); // single use
      const verifier = form.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (!code || code.redirectUri !== form.get("redirect_uri") || code.challenge !== challenge)
        return send(res, 400, { error: "invalid_grant", error_codes: [70008] });
      return send(res, 200, issue(code.scope));
    }
    if (form.get("grant_type") === "refresh_token") {
      const refresh = form.get("refresh_token") ?? "";
      if (!refreshTokens.has(refresh))
        return send(res, 400, { error: "invalid_grant", error_codes: [70000] });
      log.refreshGrants++;
      return send(res, 200, issue(form.get("scope") ?? "offline_access"));
    }
    return send(res, 400, { error: "unsupported_grant_type" });
  }

  return {
    origin,
    graph,
    log,
    addCalendar(c: Calendar) {
      calendars.set(c.id, c);
    },
    put(calendarId: string, event: FakeGraphEvent) {
      const old = events.get(event.id);
      events.set(event.id, {
        calendarId,
        event: old ? { ...old.event, ...event } : event,
        seq: seq++,
        deleted: false,
      });
      changed(calendarId, event.id, old && !old.deleted ? "updated" : "created");
    },
    /** A daily series as Graph shows it in a calendar view: one occurrence per day. */
    putDailySeries(
      calendarId: string,
      master: { id: string; subject: string; start: Wall; end: Wall; count: number },
    ) {
      for (let i = 0; i < master.count; i++) {
        const shift = (w: Wall): Wall => ({
          dateTime: DateTime.fromISO(w.dateTime)
            .plus({ days: i })
            .toFormat("yyyy-MM-dd'T'HH:mm:ss'.0000000'"),
          timeZone: w.timeZone,
        });
        this.put(calendarId, {
          id: `${master.id}_occ${i}`,
          subject: master.subject,
          start: shift(master.start),
          end: shift(master.end),
          type: "occurrence",
          seriesMasterId: master.id,
        });
      }
    },
    remove(id: string) {
      const s = events.get(id);
      if (s) {
        s.deleted = true;
        s.seq = seq++;
        changed(s.calendarId, id, "deleted");
      }
    },
    /**
     * Sends a lifecycle notification for a subscription to its lifecycleNotificationUrl;
     * `subscriptionRemoved` first removes it (Graph sends nothing more on it).
     */
    lifecycle(
      subscriptionId: string,
      lifecycleEvent: "reauthorizationRequired" | "subscriptionRemoved" | "missed",
    ) {
      const x = log.subscriptions.find((s) => s.id === subscriptionId);
      if (!x) throw new Error(`no subscription ${subscriptionId}`);
      if (lifecycleEvent === "subscriptionRemoved") removed.add(x.id);
      post(x.lifecycleNotificationUrl, x, lifecycleEvent, { lifecycleEvent });
    },
    /** Whether Graph would still notify on this subscription. */
    isLive: (subscriptionId: string) =>
      log.subscriptions.some((x) => x.id === subscriptionId && live(x)),
    event: (id: string) => {
      const s = events.get(id);
      return s && !s.deleted ? { ...s.event, etag: etag(s) } : undefined;
    },
    eventsIn: (calendarId: string) =>
      [...events.values()]
        .filter((s) => s.calendarId === calendarId && !s.deleted)
        .map((s) => s.event),
    /** Delta states handed out so far answer 410 Gone from now on. */
    expireDeltaStates() {
      expiredBelow = seq;
      seq++;
    },
    /** Access tokens issued so far are refused (401) from now on. */
    expireAccessTokens() {
      accessTokens.clear();
    },
    revokeRefreshTokens() {
      refreshTokens.clear();
      accessTokens.clear();
    },
    throttleNext(count: number, retryAfter = "1") {
      throttle = { count, retryAfter };
    },
    failDeletesWith(status: number | undefined) {
      failDeletes = status;
    },
    /** Page and delta links name this origin instead of the fake's own (undefined: its own). */
    sendLinksTo(value: string | undefined) {
      linkOrigin = value;
    },
    leaveTransactionIdOutOfDeltas(value: boolean) {
      deltaWithoutTransactionId = value;
    },
    denyConsent(value: boolean) {
      deny = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
