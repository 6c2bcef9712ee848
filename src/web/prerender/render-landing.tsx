import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { App } from "../app/app.tsx";
import { preloadRoute } from "../app/router.tsx";

/**
 * A route's page as the browser's first render draws it (signed-in state still loading, no
 * server data yet), as static HTML: the same tree as src/web/main.tsx renders, so the
 * browser hydrates it instead of drawing it again. The build puts it inside #root of the
 * page served for that path, so the content paints before any JavaScript runs.
 */
export async function renderPageHtml(path: string): Promise<string> {
  await preloadRoute(path);
  return renderToString(
    <StrictMode>
      <App url={path} />
    </StrictMode>,
  );
}
