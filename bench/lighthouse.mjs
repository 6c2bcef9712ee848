// Lighthouse (mobile preset, simulated throttling) on the built app with the system Chromium.
//
//   npm run build && node bench/lighthouse.mjs [path ...]        (default: /)
//
// Starts `dist/server/main.js` on a free port with an empty data directory (PGlite, offline
// defaults), or measures BASE_URL when it is set. Each path is measured RUNS times (default
// 3) and the run with the median performance score is reported, as Lighthouse advises
// (total blocking time varies with the machine's load). Prints each category score and the
// core metrics per path, and exits 1 when a path misses the bar (MIN_PERFORMANCE and
// MIN_ACCESSIBILITY, default 95). CHROME_PATH picks the browser (default /usr/bin/chromium).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["/"];
const minPerformance = Number(process.env.MIN_PERFORMANCE ?? 95);
const minAccessibility = Number(process.env.MIN_ACCESSIBILITY ?? 95);
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const runs = Math.max(1, Number(process.env.RUNS ?? 3));
const distDir = process.env.SAGE_DIST_DIR ?? "dist";

let lighthouse;
let chromeLauncher;
try {
  lighthouse = (await import("lighthouse")).default;
  chromeLauncher = await import("chrome-launcher");
} catch {
  console.error("lighthouse is not installed: npm install -D lighthouse@12");
  process.exit(2);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });

/** Starts the built server and resolves once /healthz answers. */
async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sage-lighthouse-"));
  const child = spawn("node", [`${distDir}/server/main.js`], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 120; i++) {
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
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const server = process.env.BASE_URL
  ? { base: process.env.BASE_URL, stop: () => {} }
  : await startServer();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});

const rows = [];
let failed = false;
let errors = 0;
try {
  for (const p of paths) {
    const url = new URL(p, server.base).href;
    // warm the server (first request compiles nothing, but fills OS caches) so runs compare
    await fetch(url);
    const results = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const { runtimeError, categories } = result.lhr;
      // a run that could not measure (e.g. no paint within the timeout on a busy machine) is
      // reported, not counted as a score
      if (runtimeError || categories.performance.score === null) {
        console.log(`  ${p} run ${i + 1}: ${runtimeError?.code ?? "no score"}`);
        errors += 1;
      } else results.push(result.lhr);
    }
    if (results.length === 0) {
      failed = true;
      rows.push({ path: p, performance: "error" });
      continue;
    }
    results.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = results[Math.floor(results.length / 2)];
    const allRuns = results.map((r) => Math.round(r.categories.performance.score * 100));
    const { categories, audits } = lhr;
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    const ms = (id) => Math.round(audits[id]?.numericValue ?? 0);
    const row = {
      path: p,
      performance: score("performance"),
      "perf. runs": allRuns.join(" "),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
      "FCP ms": ms("first-contentful-paint"),
      "LCP ms": ms("largest-contentful-paint"),
      "TBT ms": ms("total-blocking-time"),
      CLS: Number((audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
      "SI ms": ms("speed-index"),
    };
    rows.push(row);
    if (row.performance < minPerformance || row.accessibility < minAccessibility) failed = true;
    for (const audit of Object.values(audits)) {
      const isA11yFailure =
        audit.score === 0 && categories.accessibility.auditRefs.some((r) => r.id === audit.id);
      if (isA11yFailure) console.log(`  ${p} accessibility: ${audit.id} — ${audit.title}`);
    }
  }
} finally {
  await chrome.kill();
  server.stop();
}

console.log(
  `Lighthouse 12, mobile preset (simulated throttling), median of ${runs} run(s); ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load ${os.loadavg()[0].toFixed(1)}`,
);
console.table(rows);
if (errors > 0) console.log(`${errors} run(s) could not be measured (see above)`);
console.log(
  failed
    ? `FAIL: a path is below performance ${minPerformance} or accessibility ${minAccessibility}`
    : `OK: every path has performance ≥ ${minPerformance} and accessibility ≥ ${minAccessibility}`,
);
process.exit(failed ? 1 : 0);
