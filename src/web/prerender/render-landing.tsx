import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { AuthProvider } from "../features/auth/auth-provider.tsx";
import LandingPage from "../routes/landing.tsx";

/**
 * The landing page as the browser's first render draws it (signed-in state still loading,
 * no vote counts yet), as static HTML. The build puts it inside #root of the page served for
 * / and /dashboard, so the content paints before any JavaScript runs; the app then renders
 * the same content over it (src/web/main.tsx waits for the route's code first).
 */
export function renderLandingHtml(): string {
  const queryClient = new QueryClient();
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={["/"]}>
        <AuthProvider>
          <LandingPage />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
