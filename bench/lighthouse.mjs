// Lighthouse (mobile preset, simulated throttling) on the built app with the system Chromium.
//
//   npm run build && node bench/lighthouse.mjs [path ...]
//   (default: / /productivity /fitness /chat /success; /chat is measured signed in)
//
// Starts `dist/server/main.js` on a free port with an empty data directory (PGlite, offline
// defaults), or measures BASE_URL when it is set. Paths in SIGNED_IN (default /chat) are
// measured signed in: before each run a new user signs in through the development sign-in
// (POST /api/auth/dev-login) and its cookies (the httpOnly refresh cookie and the readable
// signed-in hint) are put into the browser's own cookie jar over CDP, the origin's other
// storage cleared instead of Lighthouse's reset (which would drop the cookies); the page
// trades them for an access token exactly as after a real sign-in. A run that does not end
// on the page asked for (e.g. redirected home as signed out) is refused, not scored. Each
// path is measured RUNS times (default 3) and the run with the median performance score is
// reported, as Lighthouse advises (total blocking time varies with the machine's load).
// Prints each category score and the core metrics per path, and exits 1 when a path misses
// the bar (MIN_PERFORMANCE, MIN_ACCESSIBILITY, MIN_BEST_PRACTICES, default 95;
// MIN_PERFORMANCE_HOME for /, default 100). CHROME_PATH picks the browser (default
// /usr/bin/chromium).
import os from "node:os";
import { chromium } from "@playwright/test";
import { startBuiltServer } from "./built-server.mjs";

const paths =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : ["/", "/productivity", "/fitness", "/chat", "/success"];
const signedInPaths = new Set((process.env.SIGNED_IN ?? "/chat").split(",").filter(Boolean));
const minPerformance = Number(process.env.MIN_PERFORMANCE ?? 95);
const minPerformanceHome = Number(process.env.MIN_PERFORMANCE_HOME ?? 100);
const minAccessibility = Number(process.env.MIN_ACCESSIBILITY ?? 95);
const minBestPractices = Number(process.env.MIN_BEST_PRACTICES ?? 95);
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const runs = Math.max(1, Number(process.env.RUNS ?? 3));
const _distDir = process.env.SAGE_DIST_DIR ?? "dist";

let lighthouse;
let chromeLauncher;
try {
  lighthouse = (await import("lighthouse")).default;
  chromeLauncher = await import("chrome-launcher");
} catch {
  console.error("lighthouse is not installed: npm install -D lighthouse@12");
  process.exit(2);
}

const server = process.env.BASE_URL
  ? { base: process.env.BASE_URL, stop: () => {} }
  : await startBuiltServer();

/** A new user's session cookies (from the development sign-in), as CDP cookie params. */
async function sessionCookies(base) {
  const res = await fetch(`${base}/api/auth/dev-login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: `lighthouse-${Date.now()}@example.com` }),
  });
  if (!res.ok) throw new Error(`dev-login failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((header) => {
    const [pair, ...attributes] = header.split(";").map((part) => part.trim());
    const eq = pair.indexOf("=");
    const attribute = (name) =>
      attributes.find((a) => a.toLowerCase().startsWith(name))?.split("=")[1];
    return {
      name: pair.slice(0, eq),
      value: pair.slice(eq + 1),
      domain: new URL(base).hostname,
      path: attribute("path") ?? "/",
      httpOnly: attributes.some((a) => a.toLowerCase() === "httponly"),
      sameSite: "Lax",
    };
  });
}

/** Signs a new user in, in the browser Lighthouse drives: cookies set, other storage empty. */
async function signInBrowser(cdp, base) {
  await cdp.send("Storage.clearDataForOrigin", {
    origin: base,
    storageTypes: "local_storage,indexeddb,service_workers,cache_storage,file_systems,shader_cache",
  });
  await cdp.send("Network.clearBrowserCache");
  await cdp.send("Storage.setCookies", { cookies: await sessionCookies(base) });
}
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});

// a second CDP client on the same browser, for the signed-in runs' cookies
const cdpBrowser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
const cdpContext = cdpBrowser.contexts()[0];
const cdp = await cdpContext.newCDPSession(cdpContext.pages()[0] ?? (await cdpContext.newPage()));

const rows = [];
let failed = false;
let errors = 0;
try {
  for (const p of paths) {
    const url = new URL(p, server.base).href;
    const signedIn = signedInPaths.has(p);
    // warm the server (first request compiles nothing, but fills OS caches) so runs compare
    await fetch(url);
    const results = [];
    for (let i = 0; i < runs; i++) {
      if (signedIn) await signInBrowser(cdp, server.base);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        disableStorageReset: signedIn,
      });
      const { runtimeError, categories, finalDisplayedUrl } = result.lhr;
      if (new URL(finalDisplayedUrl).pathname !== new URL(url).pathname) {
        console.log(`  ${p} run ${i + 1}: ended on ${finalDisplayedUrl}, not measured`);
        errors += 1;
        continue;
      }
      // a run that could not measure (e.g. no paint within the timeout on a busy machine) is
      // reported, not counted as a score
      if (runtimeError || categories.performance.score === null) {
        console.log(`  ${p} run ${i + 1}: ${runtimeError?.code ?? "no score"}`);
        errors += 1;
      } else results.push(result.lhr);
      if (process.env.LH_SAVE) {
        const file = `${process.env.LH_SAVE}/${p.replace(/\W+/g, "_") || "root"}-${i + 1}.json`;
        (await import("node:fs")).writeFileSync(file, JSON.stringify(result.lhr));
      }
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
      path: signedIn ? `${p} (signed in)` : p,
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
    const minPerf = p === "/" ? minPerformanceHome : minPerformance;
    if (
      row.performance < minPerf ||
      row.accessibility < minAccessibility ||
      row["best-practices"] < minBestPractices
    ) {
      failed = true;
    }
    for (const category of ["accessibility", "best-practices", "performance"]) {
      for (const ref of categories[category].auditRefs) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit?.score !== null && audit?.score < 0.9) {
          console.log(`  ${p} ${category}: ${audit.id} (${audit.score}) — ${audit.title}`);
          if (category === "best-practices") {
            for (const item of audit.details?.items ?? []) {
              console.log(
                `      ${String(item.description ?? item.issueType ?? item.source ?? "").slice(0, 240)}`,
              );
            }
          }
        }
      }
    }
  }
} finally {
  await cdpBrowser.close().catch(() => undefined);
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
    ? `FAIL: a path is below performance ${minPerformance} (${minPerformanceHome} on /), accessibility ${minAccessibility} or best practices ${minBestPractices}`
    : `OK: performance ≥ ${minPerformance} (${minPerformanceHome} on /), accessibility ≥ ${minAccessibility}, best practices ≥ ${minBestPractices} on every path`,
);
process.exit(failed ? 1 : 0);
