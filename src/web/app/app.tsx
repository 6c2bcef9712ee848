import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "../lib/query-client.ts";
import { BrowserRouter, MemoryRouter } from "../lib/router.tsx";
import { AppRoutes } from "./router.tsx";

/**
 * The whole app. In the browser it follows the address bar; the build's prerender
 * (src/web/prerender) renders the same tree at a fixed `url`, so the browser can hydrate it
 * (`hydrating`: the first render sees only what the prerender saw).
 */
export function App({ url, hydrating }: { url?: string; hydrating?: boolean }) {
  const routes = <AppRoutes />;
  return (
    <QueryClientProvider client={queryClient}>
      {url === undefined ? (
        <BrowserRouter hydrating={hydrating}>{routes}</BrowserRouter>
      ) : (
        <MemoryRouter initialEntries={[url]}>{routes}</MemoryRouter>
      )}
    </QueryClientProvider>
  );
}
