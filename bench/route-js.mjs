// JavaScript a signed-in screen loads, measured in a real browser (issue 32: /calendar).
//
//   npm run build && node bench/route-js.mjs [path]        (default /calendar)
//   WIDTH=375 node bench/route-js.mjs /chat                 (a phone's width; default 1280)
//
// Starts the built server (fresh PGlite, offline defaults), signs a new user in through the
// development sign-in, opens the path in the system Chromium and waits until the network is
// idle; then opens / signed out the same way. Prints every script the path fetched with its
// gzip size (level 9), marks those / also loads, and totals both: "the route's own" is what
// the path costs beyond the first page.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { distDir, startBuiltServer } from "./built-server.mjs";

const target = process.argv[2] ?? "/calendar";
const assetsDir = path.join(distDir, "web", "assets");
const gzipKb = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

const server = await startBuiltServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});

/** The /assets/*.js a fresh page fetches on `url` (signed in when `signIn`). */
async function scriptsOf(url, signIn) {
  const width = Number(process.env.WIDTH ?? 1280);
  const context = await browser.newContext({
    baseURL: server.base,
    viewport: { width, height: width < 768 ? 812 : 900 },
  });
  if (signIn) {
    const res = await context.request.post("/api/auth/dev-login", {
      headers: { origin: server.base },
      data: { email: `route-js-${Date.now()}@example.com` },
    });
    if (!res.ok()) throw new Error(`dev-login failed: ${res.status()}`);
  }
  const page = await context.newPage();
  const seen = new Set();
  page.on("request", (req) => {
    const p = new URL(req.url()).pathname;
    if (p.startsWith("/assets/") && p.endsWith(".js")) seen.add(p.slice("/assets/".length));
  });
  await page.goto(url, { waitUntil: "networkidle" });
  if (new URL(page.url()).pathname !== url) throw new Error(`${url} ended on ${page.url()}`);
  await page.waitForLoadState("networkidle");
  await context.close();
  return seen;
}

try {
  const route = await scriptsOf(target, true);
  const home = await scriptsOf("/", false);
  const rows = [...route]
    .map((chunk) => ({
      chunk,
      "gzip KB": Number(gzipKb(path.join(assetsDir, chunk)).toFixed(1)),
      "also on /": home.has(chunk) ? "yes" : "",
    }))
    .sort((a, b) => b["gzip KB"] - a["gzip KB"]);
  console.table(rows);
  const sum = (list) => list.reduce((s, r) => s + r["gzip KB"], 0).toFixed(1);
  console.log(`at ${process.env.WIDTH ?? 1280} px wide`);
  console.log(`${target} (signed in) loads ${sum(rows)} KB gzip of JavaScript`);
  console.log(`of which not loaded by /: ${sum(rows.filter((r) => !r["also on /"]))} KB`);
} finally {
  await browser.close();
  server.stop();
}
