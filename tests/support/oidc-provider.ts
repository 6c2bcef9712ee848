/**
 * A real OpenID provider (oidc-provider) on loopback standing in for accounts.google.com,
 * with non-interactive login and consent pages steered by request headers, and a tiny
 * browser that follows its redirects with a cookie jar. Used by the calendar consent test
 * (tests/integration/connections-google-oidc.test.ts) with the same provider configuration
 * as the sign-in test (tests/integration/google-oidc.test.ts): PKCE required, Google's
 * select_account prompt, client_secret_post clients.
 *
 * For Google Calendar the provider is also the authorization server of an API: with
 * `api` set, the Resource Indicators feature makes every access token one for that API
 * (opaque, carrying the calendar scopes the consent granted), and a client allowed the
 * refresh_token grant gets a refresh token with its code — what Google does for
 * `access_type=offline`, a parameter oidc-provider does not know (it would otherwise issue
 * one only for the `offline_access` scope).
 */
import { randomBytes } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";

// --- the subset of oidc-provider's API used here (the package ships no type declarations) ---
type Interaction = {
  uid: string;
  prompt: { name: string };
  params: Record<string, unknown>;
  session?: { accountId: string };
};
type InteractionResult = Record<string, unknown>;
type KoaContext = {
  path: string;
  method: string;
  status: number;
  body: unknown;
  oidc?: { params?: Record<string, unknown> };
};
type StoredAccessToken = {
  aud?: string | string[];
  scope?: string;
  isExpired: boolean;
  destroy(): Promise<void>;
};
export type OidcProvider = {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
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
  }) => {
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  };
  AccessToken: { find(token: string): Promise<StoredAccessToken | undefined> };
  RefreshToken: { find(token: string): Promise<{ isExpired: boolean } | undefined> };
};
type OidcProviderModule = {
  default: new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;
  interactionPolicy: {
    base(): unknown[] & { add(prompt: unknown, index?: number): void };
    Prompt: new (opts: { name: string; requestable: boolean }) => unknown;
  };
};

/** Headers the test's browser sends to the provider to steer the non-interactive login. */
const ACCOUNT_HEADER = "x-test-account";
const DENY_HEADER = "x-test-deny";

export type ProviderClient = {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Default: the authorization code grant only. */
  grantTypes?: string[];
};

export type TestOidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;

export async function startOidcProvider(opts: {
  clients: ProviderClient[];
  /** The claims of an account, by subject. */
  account: (sub: string) => Record<string, unknown>;
  /** An API whose access tokens the provider issues, and the scopes a consent grants for it. */
  api?: { resource: string; scopes: readonly string[] };
}) {
  // @ts-expect-error oidc-provider ships no type declarations
  const oidcProvider = (await import("oidc-provider")) as OidcProviderModule;

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = "test-rsa-1";
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: "RS256", use: "sig" };

  const server = http.createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(`test provider wrapper failed: ${String(err)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Google shows an account chooser (prompt=select_account), which the base policy lacks
  const policy = oidcProvider.interactionPolicy.base();
  policy.add(
    new oidcProvider.interactionPolicy.Prompt({ name: "select_account", requestable: true }),
  );

  const api = opts.api;
  const provider = new oidcProvider.default(issuer, {
    clients: opts.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      response_types: ["code"],
      grant_types: c.grantTypes ?? ["authorization_code"],
      token_endpoint_auth_method: "client_secret_post",
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      ...(api
        ? {
            resourceIndicators: {
              enabled: true,
              // Google's authorization requests name no `resource`: the API is implied
              defaultResource: () => api.resource,
              // the refresh grant keeps the API the code was granted for
              useGrantedResource: () => true,
              getResourceServerInfo: (_ctx: unknown, resource: string) => {
                if (resource !== api.resource) throw new Error(`unknown resource ${resource}`);
                return { scope: api.scopes.join(" "), accessTokenFormat: "opaque" };
              },
            },
          }
        : {}),
    },
    // like Google with access_type=offline: a client allowed refresh tokens gets one
    issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(g: string): boolean }) =>
      client.grantTypeAllowed("refresh_token"),
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
      claims: () => ({ sub, ...opts.account(sub), email_verified: true }),
    }),
  });

  /** Every answer of the token endpoint: the grant asked for and the status given. */
  const tokenRequests: { grantType: string; status: number; body: Record<string, unknown> }[] = [];
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.method === "POST" && ctx.path === "/token") {
      const body = (ctx.body ?? {}) as Record<string, unknown>;
      tokenRequests.push({
        grantType: String(ctx.oidc?.params?.grant_type ?? ""),
        status: ctx.status,
        body,
      });
    }
  });
  const handle = provider.callback();

  /** Extra routes in front of the provider (a test's token proxy): true when handled. */
  let intercept: ((req: IncomingMessage, res: ServerResponse) => Promise<boolean>) | undefined;

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", issuer).pathname;
    if (req.method === "GET" && path.startsWith("/interaction/")) return interact(req, res);
    if (intercept && (await intercept(req, res))) return;
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
      // the person grants every API scope the app asked for
      if (api) {
        const asked = String(details.params.scope ?? "").split(" ");
        grant.addResourceScope(api.resource, api.scopes.filter((s) => asked.includes(s)).join(" "));
      }
      result = { consent: { grantId: await grant.save() } };
    } else if (details.prompt.name === "select_account") {
      result = { select_account: {} };
    } else {
      throw new Error(`unexpected prompt ${details.prompt.name}`);
    }
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }

  type Cookie = { value: string; path: string };

  /**
   * The browser at the provider: follows its redirects with a cookie jar, logging in as
   * `accountId` (or refusing), until it is sent to `returnTo` (origin and path).
   */
  async function authorize(
    authorizationUrl: URL,
    o: { accountId: string; deny?: boolean; returnTo: string },
  ): Promise<URL> {
    const jar = new Map<string, Cookie>();
    const steer: Record<string, string> = { [ACCOUNT_HEADER]: o.accountId };
    if (o.deny) steer[DENY_HEADER] = "1";
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
      if (`${next.origin}${next.pathname}` === o.returnTo) return next;
      url = next;
    }
    throw new Error("too many redirects at the provider");
  }

  return {
    issuer,
    provider,
    /** The provider's signing key and its id (a test re-signs tokens with them). */
    signingKey: privateKey,
    kid,
    tokenRequests,
    authorize,
    setIntercept(f: typeof intercept) {
      intercept = f;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
