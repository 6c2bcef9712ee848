import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { preparedPerDb } from "../db/prepared.ts";
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

/**
 * How long this process trusts a positive liveness check (docs/decisions/002: a few seconds
 * at most). Revocations made through this process (logout, account deletion) drop the entry
 * at once, so here revocation stays exact; another instance sees it within this window.
 */
export const SESSION_LIVE_CACHE_MS = 2_000;
const MAX_CACHED = 10_000;
const liveUntil = new Map<string, { userId: string; until: number }>();

/** Forgets cached liveness: one session, or (with `userId`) every session of a user. */
export function forgetSessionLiveness(by: { sessionId?: string; userId?: string }): void {
  if (by.sessionId) liveUntil.delete(by.sessionId);
  if (by.userId) {
    for (const [id, entry] of liveUntil) if (entry.userId === by.userId) liveUntil.delete(id);
  }
}

/**
 * Is the session an access token points at still live? (Logout must kill issued tokens.)
 * A live answer is remembered for SESSION_LIVE_CACHE_MS, which takes the session query off
 * nearly every request of an active client; a dead one is never cached.
 */
export async function isSessionLive(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const now = Date.now();
  const cached = liveUntil.get(sessionId);
  if (cached && cached.until > now && cached.userId === userId) return true;
  const live = await querySessionLive(db, sessionId, userId);
  if (live) {
    if (liveUntil.size >= MAX_CACHED) liveUntil.clear();
    liveUntil.set(sessionId, { userId, until: now + SESSION_LIVE_CACHE_MS });
  } else {
    liveUntil.delete(sessionId);
  }
  return live;
}

/** The session check's query, with `sessionId` and `userId` placeholders. */
export const liveSessionQuery = (db: Db) =>
  db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sql.placeholder("sessionId")),
        eq(sessions.userId, sql.placeholder("userId")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    );
const liveSession = preparedPerDb((db) => liveSessionQuery(db).prepare("live_session"));

async function querySessionLive(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const [row] = await liveSession(db).execute({ sessionId, userId });
  return Boolean(row);
}

/** Idempotent. */
export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  // after the write: a check that starts now reads the revocation
  forgetSessionLiveness({ sessionId });
}

export function sessionIdFromCookie(value: string): string | undefined {
  return splitCookie(value)?.id;
}
