// Starts the built server (dist/server/main.js) for a benchmark: a free port, PGlite in a data
// directory (a fresh temporary one unless `dataDir` is given), offline defaults.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

export const distDir = process.env.SAGE_DIST_DIR ?? "dist";

export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });

/** Resolves once /healthz answers; `stop()` ends the server and removes a temporary data dir. */
export async function startBuiltServer({ dataDir } = {}) {
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), "sage-bench-"));
  const child = spawn("node", [`${distDir}/server/main.js`], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      LOG_LEVEL: "warn",
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    stop: () => {
      child.kill("SIGTERM");
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
