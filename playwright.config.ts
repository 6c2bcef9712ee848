import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The loopback Microsoft identity platform and Graph (tests/support/fake-microsoft-graph.ts). */
const GRAPH_PORT = Number(process.env.E2E_GRAPH_PORT ?? PORT + 1);
const graphOrigin = `http://127.0.0.1:${GRAPH_PORT}`;
// every run starts from an empty data directory: PGlite, development sign-in, offline defaults
const dataDir = mkdtempSync(path.join(os.tmpdir(), "sage-e2e-"));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: `node ${process.env.SAGE_DIST_DIR ?? "dist"}/server/main.js`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PUBLIC_URL: `http://localhost:${PORT}`,
      // Microsoft 365 is offered; the spec that connects it starts the loopback server
      MICROSOFT_CLIENT_ID: "sage-microsoft-test-client",
      MICROSOFT_CLIENT_SECRET: "sage-microsoft-test-secret",
      MICROSOFT_AUTHORITY: graphOrigin,
      MICROSOFT_GRAPH_BASE: `${graphOrigin}/v1.0`,
    },
  },
});
