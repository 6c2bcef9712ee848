import * as oidc from "openid-client";

export type OidcFlow = { state: string; nonce: string; verifier: string };
/** The calendar consent's flow: plain OAuth 2 with PKCE and state. */
export type ConsentFlow = { state: string; verifier: string };
export type GoogleIdentity = { sub: string; email: string; emailVerified: boolean };

type Options = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Where Google returns after the calendar consent (default: /api/connections/google/callback). */
  calendarRedirectUri?: string;
};

/** Read every calendar, write events (Sage only ever changes the events it created). */
export const GOOGLE_CALENDAR_SCOPES = [
  "https://www.googleapis.com/auth/calendar.readonly",
  "https://www.googleapis.com/auth/calendar.events",
] as const;

export type GoogleTokens = { accessToken: string; refreshToken?: string; expiresAt: number };

/**
 * Google OpenID Connect: authorization code flow with PKCE (S256), state and nonce.
 * openid-client checks the ID token's signature, iss, aud, exp and nonce.
 */
export function createGoogleSignIn(opts: Options) {
  let discovered: Promise<oidc.Configuration> | undefined;
  const insecure = new URL(opts.issuer).protocol === "http:"; // loopback test providers only

  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(new URL(opts.issuer), opts.clientId, opts.clientSecret, undefined, {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
      })
      .catch((err) => {
        discovered = undefined; // try again on the next sign-in
        throw err;
      });
    return discovered;
  }

  async function start(): Promise<{ url: URL; flow: OidcFlow }> {
    const config = await configuration();
    const flow: OidcFlow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: opts.redirectUri,
      scope: "openid email profile",
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: "S256",
      state: flow.state,
      nonce: flow.nonce,
      prompt: "select_account",
    });
    return { url, flow };
  }

  async function finish(callbackUrl: URL, flow: OidcFlow): Promise<GoogleIdentity> {
    const config = await configuration();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub) throw new Error("The ID token has no subject.");
    if (typeof claims.email !== "string" || !claims.email) {
      throw new Error("Google did not share an e-mail address.");
    }
    return {
      sub: claims.sub,
      email: claims.email.toLowerCase(),
      emailVerified: claims.email_verified === true,
    };
  }

  const calendarRedirectUri =
    opts.calendarRedirectUri ?? new URL("/api/connections/google/callback", opts.redirectUri).href;

  const tokensOf = (t: oidc.TokenEndpointResponse): GoogleTokens => ({
    accessToken: t.access_token,
    ...(t.refresh_token ? { refreshToken: t.refresh_token } : {}),
    expiresAt: Date.now() + (t.expires_in ?? 3600) * 1000,
  });

  /**
   * Incremental consent for the calendar (issue 16): asked only when the person clicks
   * Connect, with a refresh token (access_type=offline, prompt=consent) and the scopes
   * already granted kept (include_granted_scopes).
   */
  async function startCalendarConsent(): Promise<{ url: URL; flow: ConsentFlow }> {
    const config = await configuration();
    const flow: ConsentFlow = {
      state: oidc.randomState(),
      verifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: calendarRedirectUri,
      scope: GOOGLE_CALENDAR_SCOPES.join(" "),
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: "S256",
      state: flow.state,
      access_type: "offline",
      include_granted_scopes: "true",
      prompt: "consent",
    });
    return { url, flow };
  }

  async function finishCalendarConsent(callbackUrl: URL, flow: ConsentFlow): Promise<GoogleTokens> {
    const config = await configuration();
    // OAuth only (no openid scope asked): an ID token, if Google adds one, is not needed
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      idTokenExpected: false,
    });
    if (!tokens.refresh_token) throw new Error("Google did not return a refresh token.");
    return tokensOf(tokens);
  }

  /** A fresh access token from the stored refresh token (token endpoint of the discovery). */
  async function refreshAccessToken(refreshToken: string): Promise<GoogleTokens> {
    const config = await configuration();
    return tokensOf(await oidc.refreshTokenGrant(config, refreshToken));
  }

  /** Revokes a token at the discovery's revocation endpoint (disconnect, account deletion). */
  async function revoke(token: string): Promise<void> {
    const config = await configuration();
    await oidc.tokenRevocation(config, token);
  }

  return { start, finish, startCalendarConsent, finishCalendarConsent, refreshAccessToken, revoke };
}
export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;

/** The Google adapter the configuration asks for (app and background sync share the setup). */
export function googleFromConfig(config: {
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  publicUrl: URL;
}): GoogleSignIn | undefined {
  return config.google
    ? createGoogleSignIn({
        ...config.google,
        redirectUri: new URL("/api/auth/google/callback", config.publicUrl).href,
      })
    : undefined;
}
