import type { SessionUser } from "../../core/contract/auth.ts";

/**
 * Every key the web app keeps in local storage for a user starts with this prefix
 * (the calendar's events and sync queue, the last signed-in user), so signing out can
 * remove them all without knowing each feature.
 */
export const LOCAL_DATA_PREFIX = "sage.";
const USER_KEY = `${LOCAL_DATA_PREFIX}session.user`;

/** Remembers who is signed in (id and e-mail, never a token) for opening the app offline. */
export function rememberUser(user: SessionUser): void {
  try {
    localStorage.setItem(USER_KEY, JSON.stringify({ id: user.id, email: user.email }));
  } catch {
    // storage unavailable (private mode): the app just will not open offline
  }
}

export function rememberedUser(): SessionUser | null {
  try {
    return asSessionUser(JSON.parse(localStorage.getItem(USER_KEY) ?? "null"));
  } catch {
    return null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks a stored value by hand rather than with the contract's zod schema: this file is in
 * the entry chunk every page loads, and zod alone would add ~40 KB (gzip) to it.
 */
function asSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== "object" || value === null) return null;
  const { id, email } = value as Record<string, unknown>;
  if (typeof id !== "string" || !UUID.test(id) || typeof email !== "string") return null;
  return { id, email };
}

/** Removes everything the app stored locally for the user (spec: sign-out clears the local copy). */
export function clearLocalUserData(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) if (key?.startsWith(LOCAL_DATA_PREFIX)) localStorage.removeItem(key);
  } catch (err) {
    console.error("could not clear local data", err);
  }
}
