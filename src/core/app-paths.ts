/**
 * The web app's screens, by path. The router (src/web/app/router.tsx) has one route per
 * entry and the server answers every other path with the app's 404 screen and status 404.
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

/** Is `pathname` (no query) one of the app's screens? */
export function isAppPath(pathname: string): boolean {
  const wanted = normalisePath(pathname);
  return APP_PATHS.some((p) => p === wanted);
}
