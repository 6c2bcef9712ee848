import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { preloadRoute } from "./app/router.tsx";
import { registerOfflineShell } from "./lib/offline-shell.ts";
import "./styles.css";

const container = document.getElementById("root")!;
const start = () =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// A prerendered page (the landing, see src/web/prerender) stays on screen until its route's
// code has loaded, so the first render replaces it with the same content rather than with
// the loading screen.
if (container.hasChildNodes()) preloadRoute(window.location.pathname).then(start);
else start();

// spec: the version file is fetched and only logged
fetch("/version.json")
  .then((res) => (res.ok ? res.json() : null))
  .then((info) => info && console.info("Sage version", info))
  .catch(() => undefined);

// the app shell opens offline, so the calendar's local copy stays usable (issue 7)
if (import.meta.env.PROD) registerOfflineShell();
