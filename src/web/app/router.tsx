import { type ComponentType, Suspense, use, useEffect } from "react";
import { APP_PATHS, type AppPath } from "../../core/app-paths.ts";
import { releaseEarlyTaps } from "../lib/early-taps.ts";
import { matchPath, useLocation } from "../lib/router.tsx";
import { RootLayout, RouteLoading } from "./root-layout.tsx";

type Load = () => Promise<{ default: ComponentType }>;

/**
 * A route module loaded on demand: the landing page never pays for the chat. Renders at
 * once when its code is already here (main.tsx preloads the first route), suspends before.
 */
const page = (load: Load) => {
  let Loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then((m) => {
      Loaded = m.default;
    }));
  function LazyPage() {
    if (!Loaded) use(preload());
    return Loaded ? <Loaded /> : null;
  }
  return { Component: LazyPage, preload };
};

/**
 * A screen that uses TanStack Query, loaded with the query client and rendered inside its
 * provider: the public pages (the landing, productivity, fitness…) load neither (decision
 * 033). Every such screen shares the one client, so its cache outlives a change of page.
 */
export const withQueries =
  (load: Load): Load =>
  () =>
    Promise.all([import("../lib/query-scope.tsx"), load()]).then(([{ QueryScope }, m]) => {
      const Screen = m.default;
      return {
        default: () => (
          <QueryScope>
            <Screen />
          </QueryScope>
        ),
      };
    });

const screens: Record<AppPath, Load> = {
  "/": () => import("../routes/landing.tsx"),
  "/dashboard": () => import("../routes/landing.tsx"),
  "/productivity": () => import("../routes/productivity.tsx"),
  "/fitness": () => import("../routes/fitness.tsx"),
  "/fitness/program": withQueries(() => import("../routes/fitness-program.tsx")),
  "/chat": withQueries(() => import("../routes/chat.tsx")),
  "/calendar": withQueries(() => import("../routes/calendar.tsx")),
  "/how-you-work": withQueries(() => import("../routes/how-you-work.tsx")),
  "/booking-links": withQueries(() => import("../routes/booking-links.tsx")),
  // public and light: no query client, no zod (decision 039)
  "/book/*": () => import("../routes/book.tsx"),
  "/today": withQueries(() => import("../routes/today.tsx")),
  "/success": withQueries(() => import("../routes/success.tsx")),
  "/cancel": () => import("../routes/cancel.tsx"),
  "/billing/demo-checkout": withQueries(() => import("../routes/demo-checkout.tsx")),
  "/billing/demo-portal": withQueries(() => import("../routes/demo-portal.tsx")),
  "/signin": () => import("../routes/dev-sign-in.tsx"),
  "/privacy": () => import("../routes/privacy.tsx"),
  "/terms": () => import("../routes/terms.tsx"),
};

// A flat list of static paths (src/web/lib/router.tsx matches them): the app uses no nested
// routes, params, loaders or actions, so it carries no router library (decision 011). The
// paths are core's APP_PATHS, which the server also reads to answer 404 for any other path.
export const routes: { path: string; Component: ComponentType; preload: () => Promise<void> }[] = [
  ...APP_PATHS.map((path) => ({ path, ...page(screens[path]) })),
  { path: "*", ...page(() => import("../routes/not-found.tsx")) },
];

export function AppRoutes() {
  const { pathname } = useLocation();
  const { Component } = matchPath(routes, pathname)!;
  return (
    <RootLayout>
      <Suspense fallback={<RouteLoading />}>
        <Component />
        <Hydrated />
      </Suspense>
    </RootLayout>
  );
}

/**
 * Mounts with the route's page: on a prerendered page, once React has hydrated it (after the
 * root: its Suspense boundary hydrates on its own), the tap held until then is answered.
 */
function Hydrated() {
  useEffect(() => releaseEarlyTaps(document.getElementById("root")), []);
  return null;
}

/** Loads the code of the route that matches `pathname` (never rejects). */
export function preloadRoute(pathname: string): Promise<void> {
  const match = matchPath(routes, pathname);
  return match ? match.preload().catch(() => undefined) : Promise.resolve();
}
