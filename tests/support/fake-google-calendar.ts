import { createHash, randomBytes } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback stand-in for Google's OAuth endpoints and Calendar API v3, written from
 * Google's reference (developers.google.com/calendar/api/v3/reference, "Synchronize
 * resources efficiently"):
 * - discovery (/.well-known/openid-configuration) naming the authorization, token and
 *   revocation endpoints; the authorization endpoint grants at once and redirects back with
 *   a code bound to the PKCE challenge; the token endpoint exchanges codes and refresh tokens;
 * - calendarList.list; events.list with singleEvents=false, maxResults pages (nextPageToken)
 *   and a nextSyncToken on the last page only; with a syncToken only what changed since,
 *   deletions as status "cancelled"; 410 Gone for an expired sync token; a full listing
 *   leaves cancelled events out except cancelled exceptions of recurring events (showDeleted
 *   false, singleEvents false);
 * - events.get/insert (409 for an existing id)/patch/delete, each change a new ETag, and
 *   If-Match answered 412 when it differs;
 * - events.watch (web_hook channels, HTTPS addresses only, a resourceId and an expiration in
 *   milliseconds) and channels.stop (404 for a channel it does not know), recorded in `log`
 *   ("Push notifications" guide); with `deliver`, the notification messages themselves: a
 *   `sync` message when a channel opens, then `exists` after every change to the watched
 *   calendar's events (the person's or an API write), each an empty POST to the channel's
 *   address with the X-Goog-Channel-ID / -Token / -Expiration, X-Goog-Resource-ID / -URI /
 *   -State and X-Goog-Message-Number headers, until the channel is stopped or expires;
 * - 401 for an access token that is unknown or expired (or, with `acceptAccessToken`, one
 *   the outside OAuth server does not know).
 */

export type FakeEvent = Record<string, unknown> & { id: string; status?: string };
type Stored = { event: FakeEvent; seq: number };
type Calendar = { entry: Record<string, unknown>; events: Map<string, Stored> };

export const FAKE_CLIENT_ID = "sage-calendar-test-client";
export const FAKE_CLIENT_SECRET = "sage-calendar-test-secret";

export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;

export type FakeGoogleOptions = {
  /**
   * Decides whether a Calendar API bearer token is valid, when an outside OAuth server (the
   * loopback OpenID provider) issues the tokens instead of this fake's own token endpoint.
   */
  acceptAccessToken?: (token: string) => Promise<boolean>;
  /**
   * Delivers one notification message (an empty POST with the X-Goog-* headers) to a
   * channel's address and answers the status Sage gave; without it none are sent.
   */
  deliver?: (address: string, headers: Record<string, string>) => Promise<number>;
};

export async function startFakeGoogle(opts: FakeGoogleOptions = {}) {
  let seq = 1;
  /** Sync tokens at or below this sequence answer 410 Gone. */
  let expiredBelow = 0;
  let pageSize = 250;
  const calendars = new Map<string, Calendar>();
  const codes = new Map<string, { challenge: string; redirectUri: string; scope: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  /** Calendars whose events.watch Google refuses, as it does for some (holidays, others'). */
  const unwatchable = new Set<string>();
  const log = {
    /** Every Calendar API request (what Google's per-user quota counts), method and path. */
    requests: [] as string[],
    /** Every events.list request's query (to see incremental reads and pages). */
    lists: [] as Record<string, string>[],
    refreshGrants: 0,
    revoked: [] as string[],
    authorizations: [] as URLSearchParams[],
    writes: [] as { method: string; id: string; ifMatch: string | undefined; status: number }[],
    /** events.watch channels opened (id, token, address, calendarId, resourceId, expiration). */
    watches: [] as {
      id: string;
      token?: string;
      address: string;
      calendarId: string;
      resourceId: string;
      expiration: string;
    }[],
    /** channels.stop bodies. */
    stops: [] as { id: string; resourceId: string }[],
    /** Notification messages delivered (with `deliver`), and the status Sage answered. */
    notifications: [] as { channelId: string; state: string; status: number }[],
  };
  /** Message numbers per channel: Google counts each channel's messages from 1. */
  const messageNumbers = new Map<string, number>();

  const etag = (n: number) => `"${n}000"`;
  const withEtag = (s: Stored): FakeEvent => ({ ...s.event, etag: etag(s.seq) });

  type Channel = (typeof log.watches)[number];
  const live = (c: Channel) =>
    Number(c.expiration) > Date.now() &&
    !log.stops.some((x) => x.id === c.id && x.resourceId === c.resourceId);

  /** One notification message, sent as Google sends it: after the change, not awaited. */
  function deliverTo(c: Channel, state: "sync" | "exists"): void {
    if (!opts.deliver) return;
    const number = (messageNumbers.get(c.id) ?? 0) + 1;
    messageNumbers.set(c.id, number);
    const headers: Record<string, string> = {
      "x-goog-channel-id": c.id,
      "x-goog-channel-expiration": new Date(Number(c.expiration)).toUTCString(),
      "x-goog-resource-id": c.resourceId,
      "x-goog-resource-uri": `${origin}/calendar/v3/calendars/${encodeURIComponent(c.calendarId)}/events?alt=json`,
      "x-goog-resource-state": state,
      "x-goog-message-number": String(number),
      ...(c.token ? { "x-goog-channel-token": c.token } : {}),
    };
    void opts.deliver(c.address, headers).then(
      (status) => log.notifications.push({ channelId: c.id, state, status }),
      () => log.notifications.push({ channelId: c.id, state, status: 0 }),
    );
  }
  /** Something changed in a calendar's events: every live channel on it is told. */
  function changed(calendarId: string): void {
    for (const c of log.watches) if (c.calendarId === calendarId && live(c)) deliverTo(c, "exists");
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      send(res, 500, { error: { message: String(err) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

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
  const tokenResponse = (refresh?: string) => {
    const access = newToken("access");
    accessTokens.add(access);
    return {
      access_token: access,
      token_type: "Bearer",
      expires_in: 3599,
      scope:
        "https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.readonly",
      ...(refresh ? { refresh_token: refresh } : {}),
    };
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", origin);
    const path = url.pathname;
    if (path === "/.well-known/openid-configuration") {
      return send(res, 200, {
        issuer: origin,
        authorization_endpoint: `${origin}/o/oauth2/v2/auth`,
        token_endpoint: `${origin}/token`,
        revocation_endpoint: `${origin}/revoke`,
        jwks_uri: `${origin}/certs`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["plain", "S256"],
        token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
      });
    }
    if (path === "/o/oauth2/v2/auth") {
      const q = url.searchParams;
      log.authorizations.push(q);
      const back = new URL(q.get("redirect_uri") ?? "");
      if (q.get("client_id") !== FAKE_CLIENT_ID) return send(res, 400, { error: "invalid_client" });
      const code = newToken("code");
      codes.set(code, {
        challenge: q.get("code_challenge") ?? "",
        redirectUri: back.href,
        scope: q.get("scope") ?? "",
      });
      back.searchParams.set("code", code);
      back.searchParams.set("state", q.get("state") ?? "");
      res.writeHead(302, { location: back.href });
      res.end();
      return;
    }
    if (path === "/token" && req.method === "POST") {
      const form = new URLSearchParams(await readBody(req));
      const basic = req.headers.authorization?.startsWith("Basic ")
        ? Buffer.from(req.headers.authorization.slice(6), "base64").toString().split(":")
        : [];
      const clientId = form.get("client_id") ?? decodeURIComponent(basic[0] ?? "");
      const secret = form.get("client_secret") ?? decodeURIComponent(basic[1] ?? "");
      if (clientId !== FAKE_CLIENT_ID || secret !== FAKE_CLIENT_SECRET)
        return send(res, 401, { error: "invalid_client" });
      if (form.get("grant_type") === "authorization_code") {
        const code = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        const challenge = createHash("sha256")
          .update(form.get("code_verifier") ?? "")
          .digest("base64url");
        if (!code || code.challenge !== challenge || code.redirectUri !== form.get("redirect_uri"))
          return send(res, 400, { error: "invalid_grant" });
        const refresh = newToken("refresh");
        refreshTokens.add(refresh);
        return send(res, 200, tokenResponse(refresh));
      }
      if (form.get("grant_type") === "refresh_token") {
        if (!refreshTokens.has(form.get("refresh_token") ?? ""))
          return send(res, 400, { error: "invalid_grant" });
        log.refreshGrants++;
        return send(res, 200, tokenResponse());
      }
      return send(res, 400, { error: "unsupported_grant_type" });
    }
    if (path === "/revoke" && req.method === "POST") {
      const token = new URLSearchParams(await readBody(req)).get("token") ?? "";
      log.revoked.push(token);
      refreshTokens.delete(token);
      accessTokens.delete(token);
      return send(res, 200, {});
    }

    if (!path.startsWith("/calendar/v3/")) return send(res, 404, { error: { code: 404 } });
    log.requests.push(`${req.method} ${path}`);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const valid = opts.acceptAccessToken
      ? !!bearer && (await opts.acceptAccessToken(bearer))
      : !!bearer && accessTokens.has(bearer);
    if (!valid) {
      return send(res, 401, { error: { code: 401, message: "Invalid Credentials" } });
    }
    if (path === "/calendar/v3/users/me/calendarList") {
      return send(res, 200, {
        kind: "calendar#calendarList",
        items: [...calendars.values()].map((c) => c.entry),
      });
    }
    // events.watch: a web_hook channel; the answer names Google's resourceId and expiration
    const w = /^\/calendar\/v3\/calendars\/([^/]+)\/events\/watch$/.exec(path);
    if (w && req.method === "POST") {
      const calendarId = decodeURIComponent(w[1]!);
      if (!calendars.has(calendarId)) return send(res, 404, { error: { code: 404 } });
      const body = JSON.parse(await readBody(req)) as {
        id: string;
        type: string;
        address: string;
        token?: string;
        expiration?: number;
      };
      if (unwatchable.has(calendarId))
        return send(res, 400, {
          error: {
            code: 400,
            errors: [{ reason: "pushNotSupportedForRequestedResource" }],
            message: "Push notifications are not supported by this resource.",
          },
        });
      if (body.type !== "web_hook" || !body.address.startsWith("https://"))
        return send(res, 400, { error: { code: 400, message: "WebHook callback must be HTTPS" } });
      // the requested expiration, or Google's default of a week
      const channel = {
        ...body,
        calendarId,
        resourceId: `res-${Buffer.from(calendarId).toString("hex")}`,
        expiration: String(body.expiration ?? Date.now() + 604_800_000),
      };
      log.watches.push(channel);
      // Google confirms a new channel with a `sync` message, soon after answering
      setTimeout(() => deliverTo(channel, "sync"), 0);
      return send(res, 200, {
        kind: "api#channel",
        id: body.id,
        resourceId: channel.resourceId,
        resourceUri: `${origin}${path.replace(/\/watch$/, "")}`,
        token: body.token,
        expiration: channel.expiration,
      });
    }
    if (path === "/calendar/v3/channels/stop" && req.method === "POST") {
      const body = JSON.parse(await readBody(req)) as { id: string; resourceId: string };
      const known = log.watches.find((c) => c.id === body.id && c.resourceId === body.resourceId);
      log.stops.push(body);
      return known ? send(res, 204) : send(res, 404, { error: { code: 404 } });
    }
    const m = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
    const cal = m ? calendars.get(decodeURIComponent(m[1]!)) : undefined;
    if (!m || !cal) return send(res, 404, { error: { code: 404, message: "Not Found" } });
    const id = m[2] ? decodeURIComponent(m[2]) : undefined;
    const ifMatch = req.headers["if-match"] as string | undefined;

    if (!id && req.method === "GET") {
      const q = Object.fromEntries(url.searchParams);
      log.lists.push(q);
      const syncToken = q.syncToken;
      let since = 0;
      if (syncToken) {
        since = Number(syncToken.replace(/^sync-/, ""));
        if (since <= expiredBelow)
          return send(res, 410, {
            error: {
              code: 410,
              message: "Sync token is no longer valid, a full sync is required.",
            },
          });
      }
      const all = [...cal.events.values()]
        .filter((s) =>
          syncToken
            ? s.seq > since
            : s.event.status !== "cancelled" || typeof s.event.recurringEventId === "string",
        )
        .sort((a, b) => a.seq - b.seq);
      const size = Math.min(Number(q.maxResults ?? 250), pageSize);
      const offset = Number(q.pageToken ?? 0);
      const page = all.slice(offset, offset + size);
      const more = offset + size < all.length;
      return send(res, 200, {
        kind: "calendar#events",
        items: page.map(withEtag),
        ...(more ? { nextPageToken: String(offset + size) } : { nextSyncToken: `sync-${seq}` }),
      });
    }
    if (!id && req.method === "POST") {
      const event = JSON.parse(await readBody(req)) as FakeEvent;
      const newId = event.id ?? newToken("ev").replace(/-/g, "");
      const status = cal.events.has(newId) ? 409 : 200;
      log.writes.push({ method: "POST", id: newId, ifMatch, status });
      if (status === 409)
        return send(res, 409, {
          error: { code: 409, message: "The requested identifier already exists." },
        });
      const stored = {
        event: { ...event, id: newId, status: "confirmed", iCalUID: `${newId}@google.com` },
        seq: ++seq,
      };
      cal.events.set(newId, stored);
      changed(decodeURIComponent(m[1]!));
      return send(res, 200, withEtag(stored));
    }
    const stored = id ? cal.events.get(id) : undefined;
    if (!stored) return send(res, 404, { error: { code: 404, message: "Not Found" } });
    if (req.method === "GET") return send(res, 200, withEtag(stored));
    if (req.method === "PATCH" || req.method === "DELETE") {
      const status =
        ifMatch && ifMatch !== etag(stored.seq)
          ? 412
          : stored.event.status === "cancelled"
            ? 410
            : req.method === "DELETE"
              ? 204
              : 200;
      log.writes.push({ method: req.method, id: id!, ifMatch, status });
      if (status === 412)
        return send(res, 412, { error: { code: 412, message: "Precondition Failed" } });
      if (status === 410)
        return send(res, 410, { error: { code: 410, message: "Resource has been deleted" } });
      if (req.method === "DELETE") {
        stored.event = { ...stored.event, status: "cancelled" };
        stored.seq = ++seq;
        changed(decodeURIComponent(m[1]!));
        return send(res, 204);
      }
      stored.event = { ...stored.event, ...(JSON.parse(await readBody(req)) as object) };
      stored.seq = ++seq;
      changed(decodeURIComponent(m[1]!));
      return send(res, 200, withEtag(stored));
    }
    return send(res, 405, { error: { code: 405 } });
  }

  return {
    origin,
    log,
    /** Google refuses (or, with false, accepts again) channels on this calendar. */
    refuseWatch(calendarId: string, refuse = true) {
      if (refuse) unwatchable.add(calendarId);
      else unwatchable.delete(calendarId);
    },
    /** Adds a calendar to the list (an entry of calendarList.list). */
    addCalendar(entry: {
      id: string;
      summary: string;
      accessRole: string;
      primary?: boolean;
      backgroundColor?: string;
    }) {
      calendars.set(entry.id, {
        entry: { kind: "calendar#calendarListEntry", ...entry },
        events: new Map(),
      });
    },
    /** The person creates or changes an event in their calendar (a new ETag, seen by sync). */
    put(calendarId: string, event: FakeEvent) {
      calendars.get(calendarId)!.events.set(event.id, {
        event: { status: "confirmed", iCalUID: `${event.id}@google.com`, ...event },
        seq: ++seq,
      });
      changed(calendarId);
    },
    /** The person deletes an event: kept as status "cancelled", as Google does. */
    remove(calendarId: string, id: string) {
      const s = calendars.get(calendarId)!.events.get(id)!;
      s.event = { ...s.event, status: "cancelled" };
      s.seq = ++seq;
      changed(calendarId);
    },
    /** Google forgets a deletion after a while: only a full resync notices it then. */
    purge(calendarId: string, id: string) {
      calendars.get(calendarId)!.events.delete(id);
    },
    get(calendarId: string, id: string): FakeEvent | undefined {
      const s = calendars.get(calendarId)?.events.get(id);
      return s ? withEtag(s) : undefined;
    },
    events(calendarId: string): FakeEvent[] {
      return [...(calendars.get(calendarId)?.events.values() ?? [])].map(withEtag);
    },
    /** Every sync token handed out so far answers 410 Gone from now on. */
    expireSyncTokens() {
      expiredBelow = seq;
    },
    /** The person removed Sage's access in their Google account: every grant is gone. */
    revokeAllGrants() {
      refreshTokens.clear();
      accessTokens.clear();
    },
    /** Every access token handed out so far answers 401 from now on. */
    expireAccessTokens() {
      accessTokens.clear();
    },
    setPageSize(n: number) {
      pageSize = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
