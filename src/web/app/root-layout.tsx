import { Outlet, ScrollRestoration } from "react-router";
import { AuthProvider } from "../features/auth/auth-provider.tsx";

export function RootLayout() {
  return (
    <AuthProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Outlet />
      <ScrollRestoration />
    </AuthProvider>
  );
}

export function RouteLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status">
      <span className="text-stone-600">Loading…</span>
    </div>
  );
}
