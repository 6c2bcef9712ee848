import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
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
