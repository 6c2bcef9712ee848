import { createHash } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { unauthenticated } from "../errors.ts";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const AUDIENCE = "sage-api";

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

  /** Never throws anything but a 401 AppError. */
  async function verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ["HS256"],
        issuer,
        audience: AUDIENCE,
      });
      if (typeof payload.sub !== "string" || typeof payload.sid !== "string") {
        throw unauthenticated("Authentication failed: malformed token.");
      }
      return { userId: payload.sub, sessionId: payload.sid, email: String(payload.email ?? "") };
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
