// first: zod builds no schema before it knows not to probe `new Function` (the CSP forbids it)
import "./lib/zod-jitless.ts";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { preloadRoute } from "./app/router.tsx";
import { registerOfflineShell } from "./lib/offline-shell.ts";
import "./styles.css";

const container = document.getElementById("root")!;
const app = (hydrating: boolean) => (
  <StrictMode>
    <App hydrating={hydrating} />
  </StrictMode>
);

// A prerendered page (the public pages, see src/web/prerender) is hydrated once its route's
// code has loaded: React adopts the markup already on screen, nothing is drawn twice. The
// first render must equal the prerendered HTML: the router shows the prerendered path alone
// until mounted, and what only this tab knows (history state, storage) is read after mount.
// Should it still differ, React renders afresh and it is logged as a warning. Hydration runs as a
// transition, so React yields to the browser every few milliseconds instead of adopting the
// whole page in one long task (the page is already on screen; links work as plain links, and
// a tap on a button is held until the page is hydrated, lib/early-taps.ts).
if (container.hasChildNodes()) {
  preloadRoute(window.location.pathname).then(() =>
    startTransition(() => {
      hydrateRoot(container, app(true), {
        onRecoverableError: (error) => console.warn("hydration: rendered afresh", error),
      });
    }),
  );
} else {
  createRoot(container).render(app(false));
}

// spec: the version file is fetched and only logged
fetch("/version.json")
  .then((res) => (res.ok ? res.json() : null))
  .then((info) => info && console.info("Sage version", info))
  .catch(() => undefined);

// the app shell opens offline, so the calendar's local copy stays usable (issue 7)
if (import.meta.env.PROD) registerOfflineShell();
