import { BrowserRouter, MemoryRouter } from "../lib/router.tsx";
import { AppRoutes } from "./router.tsx";

/**
 * The whole app. In the browser it follows the address bar; the build's prerender
 * (src/web/prerender) renders the same tree at a fixed `url`, so the browser can hydrate it
 * (`hydrating`: the first render sees only what the prerender saw). The query client is
 * provided by the screens that use it, loaded with them (router.tsx, decision 033).
 */
export function App({ url, hydrating }: { url?: string; hydrating?: boolean }) {
  const routes = <AppRoutes />;
  return url === undefined ? (
    <BrowserRouter hydrating={hydrating}>{routes}</BrowserRouter>
  ) : (
    <MemoryRouter initialEntries={[url]}>{routes}</MemoryRouter>
  );
}
