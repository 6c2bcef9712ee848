import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { MicrosoftConfig } from "../../config.ts";

/**
 * The Microsoft identity platform's OAuth 2.0 authorization code flow with PKCE (decision
 * 040), as its protocol reference describes it: `/{tenant}/oauth2/v2.0/authorize` with
 * `response_type=code`, `response_mode=query`, `state` and an S256 `code_challenge`;
 * `/{tenant}/oauth2/v2.0/token` for the code (with the `code_verifier` and the client
 * secret: Sage is a confidential web app) and for `grant_type=refresh_token`. The scopes are
 * Graph's `Calendars.ReadWrite` and `offline_access` (without which no refresh token comes).
 * Plain fetch: two form posts, no discovery needed (the endpoints follow from the tenant).
 */

export const MICROSOFT_CALENDAR_SCOPES = ["offline_access", "Calendars.ReadWrite"] as const;

const TIMEOUT_MS = 10_000;

export type MicrosoftTokens = { accessToken: string; refreshToken?: string; expiresAt: number };
export type MicrosoftFlow = { state: string; verifier: string };

/** The token endpoint refused (invalid_grant: an expired or revoked refresh token, a used code). */
export class MicrosoftTokenError extends Error {
  override name = "MicrosoftTokenError";
  constructor(
    readonly code: string,
    readonly status: number,
  ) {
    super(`the Microsoft identity platform answered ${status} ${code}`);
  }
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().int().positive().optional(),
});
const errorAnswer = z.object({ error: z.string().max(100) });

const base64url = (b: Buffer) => b.toString("base64url");

export function microsoftIdentity(config: MicrosoftConfig, redirectUri: string) {
  const endpoint = (name: "authorize" | "token") =>
    `${config.authority}/${encodeURIComponent(config.tenant)}/oauth2/v2.0/${name}`;

  async function token(form: Record<string, string>): Promise<MicrosoftTokens> {
    let res: Response;
    try {
      res = await fetch(endpoint("token"), {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: new URLSearchParams({
          client_id: config.clientId,
          client_secret: config.clientSecret,
          scope: MICROSOFT_CALENDAR_SCOPES.join(" "),
          ...form,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new MicrosoftTokenError("unreachable", 503);
    }
    const body: unknown = await res.json().catch(() => undefined);
    if (!res.ok) {
      const parsed = errorAnswer.safeParse(body);
      throw new MicrosoftTokenError(parsed.success ? parsed.data.error : "unknown", res.status);
    }
    const parsed = tokenAnswer.safeParse(body);
    if (!parsed.success) throw new MicrosoftTokenError("malformed", 502);
    return {
      accessToken: parsed.data.access_token,
      ...(parsed.data.refresh_token ? { refreshToken: parsed.data.refresh_token } : {}),
      expiresAt: Date.now() + (parsed.data.expires_in ?? 3600) * 1000,
    };
  }

  return {
    /** The consent URL and the flow to keep (in the signed flow cookie) until the callback. */
    start(): { url: URL; flow: MicrosoftFlow } {
      const flow = { state: base64url(randomBytes(24)), verifier: base64url(randomBytes(32)) };
      const url = new URL(endpoint("authorize"));
      url.search = new URLSearchParams({
        client_id: config.clientId,
        response_type: "code",
        redirect_uri: redirectUri,
        response_mode: "query",
        scope: MICROSOFT_CALENDAR_SCOPES.join(" "),
        state: flow.state,
        code_challenge: base64url(createHash("sha256").update(flow.verifier).digest()),
        code_challenge_method: "S256",
        // the person may be signed in to several Microsoft accounts: let them pick
        prompt: "select_account",
      }).toString();
      return { url, flow };
    },

    /**
     * Exchanges the callback's code (its state checked against the flow first). Throws
     * MicrosoftTokenError when the state differs, no code came, or no refresh token did.
     */
    async finish(callback: URL, flow: MicrosoftFlow): Promise<MicrosoftTokens> {
      const state = callback.searchParams.get("state");
      const code = callback.searchParams.get("code");
      if (!state || state !== flow.state) throw new MicrosoftTokenError("state_mismatch", 400);
      if (!code) throw new MicrosoftTokenError("no_code", 400);
      const tokens = await token({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        code_verifier: flow.verifier,
      });
      if (!tokens.refreshToken) throw new MicrosoftTokenError("no_refresh_token", 400);
      return tokens;
    },

    /** A fresh access token (and usually a new refresh token: they roll) from a refresh token. */
    refresh: (refreshToken: string) =>
      token({ grant_type: "refresh_token", refresh_token: refreshToken }),
  };
}
export type MicrosoftIdentity = ReturnType<typeof microsoftIdentity>;

/** Where Microsoft returns after the consent. */
export const microsoftRedirectUri = (publicUrl: URL) =>
  new URL("/api/connections/microsoft/callback", publicUrl).href;
