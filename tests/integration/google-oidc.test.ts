/**
 * Google sign-in end to end against a real OpenID provider (oidc-provider) on loopback standing
 * in for accounts.google.com: discovery, the authorization code flow with PKCE, state and
 * nonce, the token exchange and the ID token checks, all over real HTTP. The app itself is
 * driven with `inject`; the provider's redirect to the app's callback is replayed into it.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { decodeJwt, decodeProtectedHeader, type JWTPayload, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessions, users } from "../../src/server/db/schema.ts";
import { AUTH_RATE_LIMITS } from "../../src/server/routes/auth.ts";
import { startOidcProvider, type TestOidcProvider } from "../support/oidc-provider.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const CLIENT_ID = "sage-test-client";
const CLIENT_SECRET = randomBytes(32).toString("base64url");
/** Another client of the same provider: an ID token minted for it must not sign anyone in. */
const OTHER_CLIENT_ID = "some-other-app";
const PUBLIC_URL = "http://localhost:3000";
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;

/** Marks the token proxy's own request to the provider so that it is not proxied again. */
const PROXIED_HEADER = "x-test-proxied";

let t: TestApp;
let op: TestOidcProvider;
let issuer: string;
/** When set, the token endpoint's ID token is re-signed with these claims changed. */
let rewriteIdToken: ((claims: JWTPayload) => JWTPayload) | undefined;

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
    clients: [CLIENT_ID, OTHER_CLIENT_ID].map((clientId) => ({
      clientId,
      clientSecret: clientId === CLIENT_ID ? CLIENT_SECRET : randomBytes(32).toString("hex"),
      redirectUris: [CALLBACK],
    })),
    account,
  });
  issuer = op.issuer;
  // in front of the provider: the token proxy that re-signs ID tokens
  op.setIntercept(async (req, res) => {
    const path = new URL(req.url ?? "/", issuer).pathname;
    if (
      req.method === "POST" &&
      path === "/token" &&
      rewriteIdToken &&
      !req.headers[PROXIED_HEADER]
    ) {
      await proxyToken(req, res, rewriteIdToken);
      return true;
    }
    return false;
  });

  t = await createTestApp({
    env: {
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_ISSUER: issuer,
    },
  });
});

afterAll(async () => {
  await t?.close();
  await op?.close();
  vi.restoreAllMocks();
});

/** Forwards a token request to the provider and re-signs the ID token it answers with. */
async function proxyToken(
  req: IncomingMessage,
  res: ServerResponse,
  rewrite: (claims: JWTPayload) => JWTPayload,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers: Record<string, string> = { [PROXIED_HEADER]: "1" };
  for (const name of ["content-type", "authorization", "accept", "dpop"]) {
    const value = req.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  const upstream = await fetch(`${issuer}/token`, {
    method: "POST",
    headers,
    body: Buffer.concat(chunks),
  });
  const body = (await upstream.json()) as Record<string, unknown>;
  if (typeof body.id_token === "string") {
    const header = decodeProtectedHeader(body.id_token);
    body.id_token = await new SignJWT(rewrite(decodeJwt(body.id_token)))
      .setProtectedHeader({ ...header, alg: "RS256", kid: op.kid })
      .sign(op.signingKey);
  }
  res.writeHead(upstream.status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
  });
  res.end(JSON.stringify(body));
}

// --- the provider's accounts ---

let accounts = 0;
/** A fresh Google-like account: an opaque numeric subject and an e-mail address. */
function newAccount() {
  accounts += 1;
  return `10${Date.now()}${accounts}`;
}
function account(sub: string) {
  return { email: `Person.${sub}@Example.com` };
}

// --- the browser at the provider's pages ---

/** Follows the provider's redirects with a cookie jar until it sends the browser to the app. */
function authorizeAtProvider(
  authorizationUrl: URL,
  opts: { accountId: string; deny?: boolean },
): Promise<URL> {
  return op.authorize(authorizationUrl, { ...opts, returnTo: CALLBACK });
}

// --- the app's side ---

/** `name=value` of a cookie the app set, exactly as a browser would send it back. */
function setCookie(res: LightMyRequestResponse, name: string): string | undefined {
  const header = res.headers["set-cookie"];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  const line = lines.find((l) => l.startsWith(`${name}=`));
  const pair = line?.split(";")[0];
  return pair && pair.length > name.length + 1 ? pair : undefined;
}

/** GET /api/auth/google: the provider URL the browser is sent to, and the flow cookie. */
async function startSignIn() {
  const res = await t.app.inject({ method: "GET", url: "/api/auth/google" });
  expect(res.statusCode).toBe(302);
  const url = new URL(String(res.headers.location));
  expect(url.origin).toBe(issuer);
  const flowCookie = setCookie(res, "sage_oidc");
  expect(flowCookie).toBeDefined();
  return { url, flowCookie: flowCookie! };
}

function callback(url: URL, flowCookie?: string) {
  expect(`${url.origin}${url.pathname}`).toBe(CALLBACK);
  return t.app.inject({
    method: "GET",
    url: `${url.pathname}${url.search}`,
    headers: flowCookie ? { cookie: flowCookie } : {},
  });
}

async function sessionRows(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(sessions);
  return Number(row!.n);
}

async function expectSignedIn(res: LightMyRequestResponse, sub: string) {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe("/chat");
  const session = setCookie(res, "sage_session");
  expect(session).toBeDefined();

  const rows = await t.db
    .select({ id: users.id, email: users.email, googleSub: users.googleSub })
    .from(users)
    .where(eq(users.googleSub, sub));
  expect(rows).toHaveLength(1);
  expect(rows[0]!.email).toBe(account(sub).email.toLowerCase());

  const refresh = await t.app.inject({
    method: "POST",
    url: "/api/auth/refresh",
    headers: { cookie: session! },
  });
  expect(refresh.statusCode).toBe(200);
  expect(refresh.json().user).toMatchObject({ id: rows[0]!.id, email: rows[0]!.email });
}

async function expectRefused(res: LightMyRequestResponse, sessionsBefore: number, reason: RegExp) {
  expect(res.statusCode).toBe(302);
  const location = String(res.headers.location);
  expect(location.startsWith("/?authError=")).toBe(true);
  expect(new URL(location, PUBLIC_URL).searchParams.get("authError")).toMatch(reason);
  expect(setCookie(res, "sage_session")).toBeUndefined();
  expect(await sessionRows()).toBe(sessionsBefore);
}

describe("Google sign-in against a real OpenID provider", () => {
  it("signs in: code flow with PKCE, state and nonce; the user is keyed by the provider's sub", async () => {
    const { url, flowCookie } = await startSignIn();
    expect(url.pathname).toBe("/auth");
    expect(url.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(url.searchParams.get("redirect_uri")).toBe(CALLBACK);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("nonce")).toBeTruthy();

    const sub = newAccount();
    const back = await authorizeAtProvider(url, { accountId: sub });
    expect(back.searchParams.get("code")).toBeTruthy();
    await expectSignedIn(await callback(back, flowCookie), sub);
  });

  it("refuses a callback whose state does not match the flow", async () => {
    const { url, flowCookie } = await startSignIn();
    const back = await authorizeAtProvider(url, { accountId: newAccount() });
    back.searchParams.set("state", `${back.searchParams.get("state")}x`);
    const before = await sessionRows();
    await expectRefused(await callback(back, flowCookie), before, /did not match/);
  });

  it("refuses a replayed authorization code", async () => {
    const { url, flowCookie } = await startSignIn();
    const sub = newAccount();
    const back = await authorizeAtProvider(url, { accountId: sub });
    await expectSignedIn(await callback(back, flowCookie), sub);

    const before = await sessionRows();
    await expectRefused(await callback(back, flowCookie), before, /invalid or already used/);
  });

  it("refuses an ID token whose nonce is not the flow's", async () => {
    const { url, flowCookie } = await startSignIn();
    url.searchParams.set("nonce", "a-nonce-the-app-never-issued");
    const back = await authorizeAtProvider(url, { accountId: newAccount() });
    const before = await sessionRows();
    await expectRefused(await callback(back, flowCookie), before, /could not be verified/);
  });

  it("signs in through the token proxy when it changes nothing (control for the next case)", async () => {
    const { url, flowCookie } = await startSignIn();
    const sub = newAccount();
    const back = await authorizeAtProvider(url, { accountId: sub });
    rewriteIdToken = (claims) => claims;
    try {
      await expectSignedIn(await callback(back, flowCookie), sub);
    } finally {
      rewriteIdToken = undefined;
    }
  });

  it("refuses a validly signed ID token issued to another client", async () => {
    const { url, flowCookie } = await startSignIn();
    const sub = newAccount();
    const back = await authorizeAtProvider(url, { accountId: sub });
    rewriteIdToken = (claims) => ({ ...claims, aud: OTHER_CLIENT_ID, azp: OTHER_CLIENT_ID });
    try {
      const before = await sessionRows();
      await expectRefused(await callback(back, flowCookie), before, /could not be verified/);
    } finally {
      rewriteIdToken = undefined;
    }
    const [user] = await t.db.select().from(users).where(eq(users.googleSub, sub));
    expect(user).toBeUndefined();
  });

  it("refuses a callback without the flow cookie", async () => {
    const { url } = await startSignIn();
    const back = await authorizeAtProvider(url, { accountId: newAccount() });
    const before = await sessionRows();
    await expectRefused(await callback(back), before, /expired/);
  });

  it("reports a denied consent", async () => {
    const { url, flowCookie } = await startSignIn();
    const back = await authorizeAtProvider(url, { accountId: newAccount(), deny: true });
    expect(back.searchParams.get("error")).toBe("access_denied");
    const before = await sessionRows();
    await expectRefused(await callback(back, flowCookie), before, /denied/);
  });
});

describe("an office behind one address (TRUST_PROXY=0)", () => {
  const office = "203.0.113.77";
  const start = () =>
    t.app.inject({ method: "GET", url: "/api/auth/google", remoteAddress: office });

  it(`more than 30 sign-in starts a minute from one address all reach Google (limit ${AUTH_RATE_LIMITS.google.max})`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 45; i++) statuses.push((await start()).statusCode);
    expect(statuses.filter((s) => s !== 302)).toEqual([]);
  });

  it("callbacks without a flow of theirs, used up from the address, never refuse a person's own flow", async () => {
    const bogus = () =>
      t.app.inject({
        method: "GET",
        url: "/api/auth/google/callback?code=forged&state=forged",
        remoteAddress: office,
      });
    for (let i = 0; i < AUTH_RATE_LIMITS.callback.max; i++) {
      expect((await bogus()).statusCode).toBe(302);
    }
    expect((await bogus()).statusCode).toBe(429);
    // a colleague on the same address signs in with the flow their own start gave them
    const started = await start();
    const flowCookie = setCookie(started, "sage_oidc")!;
    const sub = newAccount();
    const back = await authorizeAtProvider(new URL(String(started.headers.location)), {
      accountId: sub,
    });
    const res = await t.app.inject({
      method: "GET",
      url: `${back.pathname}${back.search}`,
      headers: { cookie: flowCookie },
      remoteAddress: office,
    });
    await expectSignedIn(res, sub);
  });

  it(`one flow's callback is tried at most ${AUTH_RATE_LIMITS.callbackFlow.max} times`, async () => {
    const started = await start();
    const flowCookie = setCookie(started, "sage_oidc")!;
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_RATE_LIMITS.callbackFlow.max; i++) {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/auth/google/callback?code=forged&state=forged",
        headers: { cookie: flowCookie },
        remoteAddress: "203.0.113.78",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 302)).toBe(true);
  });
});
