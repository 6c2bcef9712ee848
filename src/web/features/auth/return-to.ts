/**
 * Where to go after sign-in, when a flow (e.g. saving a fitness program) started it. Kept in
 * sessionStorage so it survives the Google redirect; old entries (an abandoned sign-in) are
 * ignored, and only same-site paths are accepted.
 */
const KEY = "sage.returnTo";
export const RETURN_TO_TTL_MS = 10 * 60_000;

const isSafePath = (path: string) => path.startsWith("/") && !path.startsWith("//");

export function rememberReturnTo(path: string | undefined): void {
  try {
    if (path && isSafePath(path)) {
      sessionStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
    } else {
      sessionStorage.removeItem(KEY);
    }
  } catch {
    // storage unavailable (private mode): sign-in still works, it just lands on /chat
  }
}

/** Reads and forgets the remembered path; null when none, too old or unsafe. */
export function takeReturnTo(): string | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    sessionStorage.removeItem(KEY);
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof path !== "string" || !isSafePath(path) || typeof at !== "number") return null;
    return Date.now() - at <= RETURN_TO_TTL_MS ? path : null;
  } catch {
    return null;
  }
}
