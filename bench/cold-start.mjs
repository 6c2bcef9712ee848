// Cold start: from `node dist/server/main.js` (what `npm run serve` runs) to the first 200 on
// /, with PGlite on an existing data directory.
//
//   npm run build && node bench/cold-start.mjs        (RUNS, default 5)
//
// A first start creates and migrates the data directory (not counted); each measured run
// then spawns the server on it, polls / every 5 ms and stops at the first 200. Prints every
// run and the median, next to the same for a bare Node HTTP server (the floor: starting
// node itself).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { distDir, freePort } from "./built-server.mjs";

const runs = Math.max(1, Number(process.env.RUNS ?? 5));
const dataDir = mkdtempSync(path.join(os.tmpdir(), "sage-cold-"));
const bareScript = path.join(dataDir, "bare.mjs");
writeFileSync(
  bareScript,
  'import http from "node:http"; http.createServer((_q, s) => s.end("ok")).listen(process.env.PORT);',
);

/** Spawns `args`, returns ms until GET / answers 200; the process is stopped and awaited. */
async function timeToFirst200(args) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn("node", args, {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        await res.arrayBuffer();
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (performance.now() - started > 60_000) throw new Error("no 200 within 60 s");
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  const first = await timeToFirst200([`${distDir}/server/main.js`]);
  console.log(`first start (creates and migrates the data directory): ${first.toFixed(0)} ms`);
  const sage = [];
  const bare = [];
  for (let i = 0; i < runs; i++) {
    sage.push(await timeToFirst200([`${distDir}/server/main.js`]));
    bare.push(await timeToFirst200([bareScript]));
  }
  const fmt = (xs) => xs.map((x) => x.toFixed(0)).join(", ");
  console.log(
    `cold start to the first 200 on /, PGlite, existing data dir; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}, node ${process.version}`,
  );
  console.log(`  Sage (dist/server/main.js): median ${median(sage).toFixed(0)} ms  (${fmt(sage)})`);
  console.log(`  bare node http server:      median ${median(bare).toFixed(0)} ms  (${fmt(bare)})`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
