import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { AuthProvider } from "../features/auth/auth-provider.tsx";
import LandingPage from "../routes/landing.tsx";

/**
 * A route's page as the browser's first render draws it (signed-in state still loading, no
 * server data yet), as static HTML. The build puts it inside #root of the page served for
 * that path, so the content paints before any JavaScript runs; the app then renders the same
 * content over it (src/web/main.tsx waits for the route's code first).
 */
export function renderPageHtml(path: string, Page: ComponentType): string {
  const queryClient = new QueryClient();
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>
          <Page />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export function renderLandingHtml(): string {
  return renderPageHtml("/", LandingPage);
}
