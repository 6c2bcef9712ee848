import * as oidc from "openid-client";

export type OidcFlow = { state: string; nonce: string; verifier: string };
export type GoogleIdentity = { sub: string; email: string; emailVerified: boolean };

type Options = { issuer: string; clientId: string; clientSecret: string; redirectUri: string };

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

  return { start, finish };
}
export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;
