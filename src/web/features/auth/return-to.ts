import { guard, sessionValue } from "../../lib/session-value.ts";

/**
 * Where to go after sign-in, when a flow (e.g. saving a fitness program) started it. Kept in
 * sessionStorage so it survives the Google redirect; old entries (an abandoned sign-in) are
 * ignored, and only same-site paths are accepted.
 */
export const RETURN_TO_TTL_MS = 10 * 60_000;

const isSafePath = (path: unknown): path is string =>
  typeof path === "string" && path.startsWith("/") && !path.startsWith("//");

const returnTo = sessionValue("sage.returnTo", guard(isSafePath), { maxAgeMs: RETURN_TO_TTL_MS });

export function rememberReturnTo(path: string | undefined): void {
  // storage unavailable (private mode): sign-in still works, it just lands on /chat
  if (isSafePath(path)) returnTo.write(path);
  else returnTo.clear();
}

/** Reads and forgets the remembered path; null when none, too old or unsafe. */
export function takeReturnTo(): string | null {
  return returnTo.take();
}
