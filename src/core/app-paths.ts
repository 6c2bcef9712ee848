/**
 * The web app's screens, by path. The router (src/web/app/router.tsx) has one route per
 * entry and the server answers every other path with the app's 404 screen and status 404.
 * A path ending in `/*` is one screen for every path under it (`/book/<slug>`, decision 039):
 * the screen reads the rest of the path itself; there are no other path parameters.
 */
export const APP_PATHS = [
  "/",
  "/dashboard",
  "/productivity",
  "/fitness",
  "/fitness/program",
  "/chat",
  "/calendar",
  "/how-you-work",
  "/booking-links",
  "/book/*",
  "/today",
  "/success",
  "/cancel",
  "/billing/demo-checkout",
  "/billing/demo-portal",
  "/signin",
  "/privacy",
  "/terms",
] as const;
export type AppPath = (typeof APP_PATHS)[number];

/** '/Chat/' → '/chat': paths match without a trailing slash and case-insensitively. */
export const normalisePath = (path: string) => (path.replace(/\/+$/, "") || "/").toLowerCase();

/** Does `path` (one of APP_PATHS, or a router's `*`) name the already normalised `wanted`? */
export function pathMatches(path: string, wanted: string): boolean {
  if (path === "*") return false;
  if (path.endsWith("/*")) return wanted.startsWith(`${normalisePath(path.slice(0, -2))}/`);
  return normalisePath(path) === wanted;
}

/** Is `pathname` (no query) one of the app's screens? */
export function isAppPath(pathname: string): boolean {
  const wanted = normalisePath(pathname);
  return APP_PATHS.some((p) => pathMatches(p, wanted));
}
