import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { z } from "zod";

/** What a connection needs to reach its calendars; sealed at rest, never returned or logged. */
export const credentials = z.object({
  url: z.string(),
  username: z.string().optional(),
  password: z.string().optional(),
  refreshToken: z.string().optional(),
  /** Google: the last access token and when it expires (ms since the epoch). */
  accessToken: z.string().optional(),
  accessTokenExpiresAt: z.number().optional(),
});
export type Credentials = z.infer<typeof credentials>;

const VERSION = "v1";

/** AES-256-GCM with a fresh 96-bit nonce: `v1.<nonce>.<tag>.<ciphertext>` (base64url). */
export function sealCredentials(key: Buffer, value: Credentials): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** Opens a sealed value; throws when the key is wrong or the text was altered (GCM tag). */
export function openCredentials(key: Buffer, sealed: string): Credentials {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) {
    throw new Error("sealed credentials: unknown format");
  }
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  const text = Buffer.concat([
    decipher.update(Buffer.from(body, "base64url")),
    decipher.final(),
  ]).toString("utf8");
  return credentials.parse(JSON.parse(text));
}
