import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";

export const SESSION_TTL_DAYS = 30;
const sha256 = (v: string) => createHash("sha256").update(v).digest("hex");

/** Cookie value `<sessionId>.<secret>`; the database keeps only the secret's hash. */
export async function createSession(db: Db, userId: string): Promise<string> {
  const secret = randomBytes(32).toString("base64url");
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: sha256(secret),
      expiresAt: new Date(Date.now() + SESSION_TTL_DAYS * 86_400_000),
    })
    .returning({ id: sessions.id });
  return `${row!.id}.${secret}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function splitCookie(value: string): { id: string; secret: string } | undefined {
  const [id, secret] = value.split(".");
  if (!id || !secret || !UUID.test(id)) return undefined;
  return { id, secret };
}

/** The live session behind a refresh cookie, or undefined (unknown, revoked, expired, forged). */
export async function findSessionByCookie(db: Db, value: string) {
  const parts = splitCookie(value);
  if (!parts) return undefined;
  const [row] = await db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      userId: users.id,
      email: users.email,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, parts.id),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    );
  if (!row) return undefined;
  const a = Buffer.from(row.tokenHash);
  const b = Buffer.from(sha256(parts.secret));
  if (a.length !== b.length || !timingSafeEqual(a, b)) return undefined;
  return { sessionId: row.id, user: { id: row.userId, email: row.email } };
}

/** Is the session an access token points at still live? (Logout must kill issued tokens.) */
export async function isSessionLive(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    );
  return Boolean(row);
}

/** Idempotent. */
export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export function sessionIdFromCookie(value: string): string | undefined {
  return splitCookie(value)?.id;
}
