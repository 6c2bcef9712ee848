import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { preloadRoute } from "./app/router.tsx";
import { registerOfflineShell } from "./lib/offline-shell.ts";
import "./styles.css";

const container = document.getElementById("root")!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A prerendered page (the public pages, see src/web/prerender) is hydrated once its route's
// code has loaded: React adopts the markup already on screen, nothing is drawn twice. Where
// the first render differs (e.g. a questionnaire result kept in this tab), React renders
// afresh; that is expected, so it is not reported as an error. Hydration runs as a
// transition, so React yields to the browser every few milliseconds instead of adopting the
// whole page in one long task (the page is already on screen; links work as plain links).
if (container.hasChildNodes()) {
  preloadRoute(window.location.pathname).then(() =>
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError: (error) => console.warn("hydration: rendered afresh", error),
      });
    }),
  );
} else {
  createRoot(container).render(app);
}

// spec: the version file is fetched and only logged
fetch("/version.json")
  .then((res) => (res.ok ? res.json() : null))
  .then((info) => info && console.info("Sage version", info))
  .catch(() => undefined);

// the app shell opens offline, so the calendar's local copy stays usable (issue 7)
if (import.meta.env.PROD) registerOfflineShell();
