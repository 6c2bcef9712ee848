import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { registerOfflineShell } from "./lib/offline-shell.ts";
import "./styles.css";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// spec: the version file is fetched and only logged
fetch("/version.json")
  .then((res) => (res.ok ? res.json() : null))
  .then((info) => info && console.info("Sage version", info))
  .catch(() => undefined);

// the app shell opens offline, so the calendar's local copy stays usable (issue 7)
if (import.meta.env.PROD) registerOfflineShell();
