/**
 * Google sign-in end to end against a real OpenID provider (oidc-provider) on loopback standing
 * in for accounts.google.com: discovery, the authorization code flow with PKCE, state and
 * nonce, the token exchange and the ID token checks, all over real HTTP. The app itself is
 * driven with `inject`; the provider's redirect to the app's callback is replayed into it.
 */
import { randomBytes } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import {
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  type JWTPayload,
  SignJWT,
} from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessions, users } from "../../src/server/db/schema.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// --- the subset of oidc-provider's API used here (the package ships no type declarations) ---
type Interaction = {
  uid: string;
  prompt: { name: string };
  params: Record<string, unknown>;
  session?: { accountId: string };
};
type InteractionResult = Record<string, unknown>;
type OidcProvider = {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: InteractionResult,
    opts: { mergeWithLastSubmission: boolean },
  ): Promise<void>;
  Grant: new (props: {
    accountId: string;
    clientId: string;
  }) => { addOIDCScope(scope: string): void; save(): Promise<string> };
};
type OidcProviderModule = {
  default: new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;
  interactionPolicy: {
    base(): unknown[] & { add(prompt: unknown, index?: number): void };
    Prompt: new (opts: { name: string; requestable: boolean }) => unknown;
  };
};

const CLIENT_ID = "sage-test-client";
const CLIENT_SECRET = randomBytes(32).toString("base64url");
/** Another client of the same provider: an ID token minted for it must not sign anyone in. */
const OTHER_CLIENT_ID = "some-other-app";
const PUBLIC_URL = "http://localhost:3000";
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;
const KID = "test-rsa-1";

/** Headers the test's browser sends to the provider to steer the non-interactive login. */
const ACCOUNT_HEADER = "x-test-account";
const DENY_HEADER = "x-test-deny";
/** Marks the token proxy's own request to the provider so that it is not proxied again. */
const PROXIED_HEADER = "x-test-proxied";

let t: TestApp;
let server: http.Server;
let issuer: string;
let signingKey: CryptoKey;
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

  // @ts-expect-error oidc-provider ships no type declarations
  const oidcProvider = (await import("oidc-provider")) as OidcProviderModule;

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  signingKey = privateKey;
  const jwk = { ...(await exportJWK(privateKey)), kid: KID, alg: "RS256", use: "sig" };

  server = http.createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(`test provider wrapper failed: ${String(err)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Google shows an account chooser (prompt=select_account), which the base policy lacks
  const policy = oidcProvider.interactionPolicy.base();
  policy.add(
    new oidcProvider.interactionPolicy.Prompt({ name: "select_account", requestable: true }),
  );

  const provider = new oidcProvider.default(issuer, {
    clients: [CLIENT_ID, OTHER_CLIENT_ID].map((clientId) => ({
      client_id: clientId,
      client_secret: clientId === CLIENT_ID ? CLIENT_SECRET : randomBytes(32).toString("hex"),
      redirect_uris: [CALLBACK],
      response_types: ["code"],
      grant_types: ["authorization_code"],
      token_endpoint_auth_method: "client_secret_post",
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx: unknown, i: { uid: string }) => `/interaction/${i.uid}` },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name"],
    },
    // like Google: the ID token of the code flow carries the e-mail claims
    conformIdTokenClaims: false,
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, ...account(sub), email_verified: true }),
    }),
  });
  const handle = provider.callback();

  /** In front of the provider: the (non-interactive) login pages and the token proxy. */
  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", issuer).pathname;
    if (req.method === "GET" && path.startsWith("/interaction/")) return interact(req, res);
    if (
      req.method === "POST" &&
      path === "/token" &&
      rewriteIdToken &&
      !req.headers[PROXIED_HEADER]
    ) {
      return proxyToken(req, res, rewriteIdToken);
    }
    handle(req, res);
  }

  async function interact(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    let result: InteractionResult;
    if (req.headers[DENY_HEADER]) {
      result = { error: "access_denied", error_description: "The user said no." };
    } else if (details.prompt.name === "login") {
      const accountId = req.headers[ACCOUNT_HEADER];
      if (typeof accountId !== "string") throw new Error("the test did not say who logs in");
      result = { login: { accountId } };
    } else if (details.prompt.name === "consent") {
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope("openid email profile");
      result = { consent: { grantId: await grant.save() } };
    } else if (details.prompt.name === "select_account") {
      result = { select_account: {} };
    } else {
      throw new Error(`unexpected prompt ${details.prompt.name}`);
    }
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }

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
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
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
      .setProtectedHeader({ ...header, alg: "RS256", kid: KID })
      .sign(signingKey);
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

// --- a tiny browser for the provider's pages ---

type Cookie = { value: string; path: string };

/** Follows the provider's redirects with a cookie jar until it sends the browser to the app. */
async function authorizeAtProvider(
  authorizationUrl: URL,
  opts: { accountId: string; deny?: boolean },
): Promise<URL> {
  const jar = new Map<string, Cookie>();
  const steer: Record<string, string> = { [ACCOUNT_HEADER]: opts.accountId };
  if (opts.deny) steer[DENY_HEADER] = "1";
  let url = authorizationUrl;
  for (let hop = 0; hop < 20; hop++) {
    if (url.origin !== issuer) throw new Error(`unexpected redirect to ${url.href}`);
    const cookie = [...jar]
      .filter(([, c]) => url.pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join("; ");
    const res = await fetch(url, { redirect: "manual", headers: { ...steer, cookie } });
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";").map((s) => s.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const pathAttr = attributes.find((a) => /^path=/i.test(a));
      const expired =
        attributes.some((a) => /^max-age=0$/i.test(a)) ||
        attributes.some((a) => /^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now());
      if (expired || !value) jar.delete(name);
      else jar.set(name, { value, path: pathAttr ? pathAttr.slice(5) : "/" });
    }
    const location = res.headers.get("location");
    if (res.status < 300 || res.status >= 400 || !location) {
      throw new Error(`the provider answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
    }
    await res.arrayBuffer();
    const next = new URL(location, url);
    if (`${next.origin}${next.pathname}` === CALLBACK) return next;
    url = next;
  }
  throw new Error("too many redirects at the provider");
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
