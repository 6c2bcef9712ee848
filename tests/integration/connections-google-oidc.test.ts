/**
 * Google Calendar's consent against the real OpenID provider the sign-in test uses
 * (oidc-provider on loopback, tests/support/oidc-provider.ts), while the Calendar API calls
 * go to the loopback Calendar server (tests/support/fake-google-calendar.ts), which asks the
 * provider whether each bearer token is one it issued for the Calendar API. Start → consent
 * at the provider → callback → a connection whose refresh token is sealed → an expired
 * access token renewed through the provider's token endpoint → disconnect revokes the
 * refresh token at the provider.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccessTokens } from "../../src/server/auth/access-token.ts";
import { findOrCreateUserByEmail } from "../../src/server/auth/find-or-create-user.ts";
import { createSession, sessionIdFromCookie } from "../../src/server/auth/sessions.ts";
import { calendarConnections } from "../../src/server/db/schema.ts";
import { GOOGLE_CALENDAR_SCOPES } from "../../src/server/integrations/identity/google.ts";
import { ensureProfile } from "../../src/server/profile/ensure-profile.ts";
import { type FakeGoogle, startFakeGoogle } from "../support/fake-google-calendar.ts";
import { startOidcProvider, type TestOidcProvider } from "../support/oidc-provider.ts";
import { createTestApp, TEST_SECRET, type TestApp } from "../support/test-app.ts";

const NOW = new Date("2026-03-02T06:00:00Z");
const PUBLIC_URL = "http://localhost:3000";
const CALLBACK = `${PUBLIC_URL}/api/connections/google/callback`;
const CLIENT_ID = "sage-calendar-oidc-client";
const CLIENT_SECRET = "sage-calendar-oidc-secret";
/** The resource indicator the provider's access tokens are issued for. */
const CALENDAR_API = "https://www.googleapis.com/calendar/v3";
const ME = "me@example.com";

let t: TestApp;
let g: FakeGoogle;
let op: TestOidcProvider;
/** Every bearer token the Calendar server was shown. */
const presented = new Set<string>();

beforeAll(async () => {
  // oidc-provider announces that Node 20 is not a runtime it supports and that its in-memory
  // adapter is for development: both only notices here
  const warn = console.warn.bind(console);
  const info = console.info.bind(console);
  const quiet =
    (log: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (!String(args[0]).startsWith("oidc-provider ")) log(...args);
    };
  vi.spyOn(console, "warn").mockImplementation(quiet(warn));
  vi.spyOn(console, "info").mockImplementation(quiet(info));

  op = await startOidcProvider({
    clients: [
      {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUris: [`${PUBLIC_URL}/api/auth/google/callback`, CALLBACK],
        grantTypes: ["authorization_code", "refresh_token"],
      },
    ],
    account: () => ({ email: ME }),
    api: { resource: CALENDAR_API, scopes: GOOGLE_CALENDAR_SCOPES },
  });
  g = await startFakeGoogle({
    acceptAccessToken: async (token) => {
      presented.add(token);
      const found = await op.provider.AccessToken.find(token);
      return (
        !!found &&
        !found.isExpired &&
        found.aud === CALENDAR_API &&
        GOOGLE_CALENDAR_SCOPES.every((s) => found.scope?.split(" ").includes(s))
      );
    },
  });
  g.addCalendar({ id: ME, summary: ME, accessRole: "owner", primary: true });
  g.put(ME, {
    id: "budget",
    summary: "Budget meeting",
    start: { dateTime: "2026-03-02T10:00:00+01:00", timeZone: "Europe/Berlin" },
    end: { dateTime: "2026-03-02T11:00:00+01:00", timeZone: "Europe/Berlin" },
  });
  t = await createTestApp({
    now: () => NOW,
    llm: null,
    env: {
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_ISSUER: op.issuer,
      GOOGLE_API_BASE: g.origin,
    },
  });
});

afterAll(async () => {
  await Promise.all([t?.close(), g?.close(), op?.close()]);
  vi.restoreAllMocks();
});

/** A session made the way Google sign-in makes one (development sign-in is off with Google). */
async function signedIn() {
  const user = await findOrCreateUserByEmail(t.db, `g-${Date.now()}@example.com`);
  await ensureProfile(t.db, user);
  const cookie = await createSession(t.db, user.id);
  const token = await createAccessTokens(TEST_SECRET, PUBLIC_URL).sign({
    userId: user.id,
    sessionId: sessionIdFromCookie(cookie)!,
    email: user.email,
  });
  return { user, headers: { authorization: `Bearer ${token}` }, session: cookie };
}

describe("Google Calendar consent against the loopback OpenID provider", () => {
  it("connects through the provider's consent and token exchange, renews the access token there, and revokes there on disconnect", async () => {
    const s = await signedIn();
    // the card's plain link, then the hop where the session cookie travels
    const link = await t.app.inject({ method: "GET", url: "/api/connections/google/start" });
    expect(link.headers.location).toBe("/api/auth/google/calendar");
    const start = await t.app.inject({
      method: "GET",
      url: link.headers.location,
      cookies: { sage_session: s.session },
    });
    expect(start.statusCode).toBe(302);
    const consentUrl = new URL(start.headers.location as string);
    expect(consentUrl.origin).toBe(op.issuer);
    expect(consentUrl.searchParams.get("scope")?.split(" ").sort()).toEqual(
      [...GOOGLE_CALENDAR_SCOPES].sort(),
    );
    const flow = start.cookies.find((c) => c.name === "sage_gcal")!;

    // the person logs in and consents at the provider, which sends the browser back
    const back = await op.authorize(consentUrl, { accountId: "1001", returnTo: CALLBACK });
    expect(back.searchParams.get("code")).toBeTruthy();
    const callback = await t.app.inject({
      method: "GET",
      url: back.pathname + back.search,
      cookies: { sage_gcal: flow.value },
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe("/calendar?panel=calendars&connected=google");

    // the code was exchanged at the provider, which issued a refresh token for the API
    const exchange = op.tokenRequests.filter((r) => r.grantType === "authorization_code");
    expect(exchange).toHaveLength(1);
    expect(exchange[0]!.status).toBe(200);
    const refreshToken = String(exchange[0]!.body.refresh_token ?? "");
    expect(refreshToken).not.toBe("");
    expect(String(exchange[0]!.body.scope).split(" ").sort()).toEqual(
      [...GOOGLE_CALENDAR_SCOPES].sort(),
    );

    const list = await t.app.inject({ method: "GET", url: "/api/connections", headers: s.headers });
    const connection = list.json().connections[0];
    expect(connection).toMatchObject({
      kind: "google",
      name: `Google Calendar (${ME})`,
      status: "ok",
      eventCount: 1,
    });
    expect(list.body).not.toContain(refreshToken);
    const [row] = await t.db
      .select({ credentials: calendarConnections.credentials })
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connection.id));
    expect(row!.credentials).toMatch(/^v1\./);
    expect(row!.credentials).not.toContain(refreshToken);
    expect(row!.credentials).not.toContain(String(exchange[0]!.body.access_token));

    // the access token ends at the provider: the next sync is refused, renews it there, and goes on
    for (const token of presented) {
      await (await op.provider.AccessToken.find(token))?.destroy();
    }
    g.put(ME, {
      id: "review",
      summary: "Review",
      start: { dateTime: "2026-03-03T10:00:00+01:00", timeZone: "Europe/Berlin" },
      end: { dateTime: "2026-03-03T11:00:00+01:00", timeZone: "Europe/Berlin" },
    });
    const sync = await t.app.inject({
      method: "POST",
      url: `/api/connections/${connection.id}/sync`,
      headers: s.headers,
    });
    expect(sync.statusCode).toBe(200);
    expect(sync.json().connection).toMatchObject({ status: "ok", eventCount: 2 });
    const refreshes = op.tokenRequests.filter((r) => r.grantType === "refresh_token");
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]!.status).toBe(200);
    // the Calendar server's own token endpoint was never used
    expect(g.log.refreshGrants).toBe(0);

    // disconnecting revokes the refresh token at the provider's revocation endpoint
    expect(await op.provider.RefreshToken.find(refreshToken)).toBeDefined();
    const gone = await t.app.inject({
      method: "DELETE",
      url: `/api/connections/${connection.id}`,
      headers: s.headers,
    });
    expect(gone.statusCode).toBe(204);
    expect(await op.provider.RefreshToken.find(refreshToken)).toBeUndefined();
  });
});
