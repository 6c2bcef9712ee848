import { createBrowserRouter } from "react-router";
import { RootLayout, RouteLoading } from "./root-layout.tsx";

/** Every route module is loaded on demand: the landing page never pays for the chat. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    hydrateFallbackElement: <RouteLoading />,
    children: [
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
    ],
  },
]);
