import { type ComponentType, Suspense, use } from "react";
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

// A flat list of static paths (src/web/lib/router.tsx matches them): the app uses no nested
// routes, params, loaders or actions, so it carries no router library (decision 011).
export const routes: { path: string; Component: ComponentType; preload: () => Promise<void> }[] = [
  { path: "/", ...page(() => import("../routes/landing.tsx")) },
  { path: "/dashboard", ...page(() => import("../routes/landing.tsx")) },
  { path: "/productivity", ...page(() => import("../routes/productivity.tsx")) },
  { path: "/fitness", ...page(() => import("../routes/fitness.tsx")) },
  { path: "/chat", ...page(() => import("../routes/chat.tsx")) },
  { path: "/success", ...page(() => import("../routes/success.tsx")) },
  { path: "/cancel", ...page(() => import("../routes/cancel.tsx")) },
  { path: "/billing/demo-checkout", ...page(() => import("../routes/demo-checkout.tsx")) },
  { path: "/billing/demo-portal", ...page(() => import("../routes/demo-portal.tsx")) },
  { path: "/signin", ...page(() => import("../routes/dev-sign-in.tsx")) },
  { path: "/privacy", ...page(() => import("../routes/privacy.tsx")) },
  { path: "/terms", ...page(() => import("../routes/terms.tsx")) },
  { path: "*", ...page(() => import("../routes/not-found.tsx")) },
];

export function AppRoutes() {
  const { pathname } = useLocation();
  const { Component } = matchPath(routes, pathname)!;
  return (
    <RootLayout>
      <Suspense fallback={<RouteLoading />}>
        <Component />
      </Suspense>
    </RootLayout>
  );
}

/** Loads the code of the route that matches `pathname` (never rejects). */
export function preloadRoute(pathname: string): Promise<void> {
  const match = matchPath(routes, pathname);
  return match ? match.preload().catch(() => undefined) : Promise.resolve();
}
