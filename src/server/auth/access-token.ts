import { createHash } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { unauthenticated } from "../errors.ts";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const AUDIENCE = "sage-api";
/** Verified tokens remembered per process (a few hundred bytes each); beyond, start again. */
const MAX_VERIFIED_TOKENS = 10_000;

export type AccessClaims = { userId: string; sessionId: string; email: string };

/** Signs and verifies the short-lived bearer tokens (HS256, key derived from SESSION_SECRET). */
export function createAccessTokens(sessionSecret: string, issuer: string) {
  const key = createHash("sha256").update(`sage-access-token:${sessionSecret}`).digest();

  async function sign(claims: AccessClaims, now = Date.now()): Promise<string> {
    const iat = Math.floor(now / 1000);
    return new SignJWT({ sid: claims.sessionId, email: claims.email })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(claims.userId)
      .setIssuer(issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
      .sign(key);
  }

  // A token is immutable and signed: once verified, its claims hold until it expires, so
  // the same token seen again (a client sends one for 15 minutes) skips jose's WebCrypto
  // HMAC, which runs on the thread pool and was the dearest step of a signed-in read.
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  /** Never throws anything but a 401 AppError. */
  async function verify(token: string): Promise<AccessClaims> {
    const known = verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs) return known.claims;
      verified.delete(token);
    }
    const claims = await verifySignature(token);
    if (verified.size >= MAX_VERIFIED_TOKENS) verified.clear();
    verified.set(token, claims);
    return claims.claims;
  }

  async function verifySignature(
    token: string,
  ): Promise<{ claims: AccessClaims; expiresAtMs: number }> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ["HS256"],
        issuer,
        audience: AUDIENCE,
      });
      if (typeof payload.sub !== "string" || typeof payload.sid !== "string") {
        throw unauthenticated("Authentication failed: malformed token.");
      }
      return {
        claims: { userId: payload.sub, sessionId: payload.sid, email: String(payload.email ?? "") },
        // jose refused it if exp was missing or past: valid while now < exp
        expiresAtMs: Number(payload.exp) * 1000,
      };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) {
        throw unauthenticated("Authentication expired. Please sign in again.");
      }
      if (err instanceof Error && err.name === "AppError") throw err;
      throw unauthenticated("Authentication failed: invalid token.");
    }
  }

  return { sign, verify };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
