// JavaScript budget: what / loads, measured in a real browser.
//
//   npm run build && node bench/bundle.mjs            (BUDGET_KB, default 90: issue 24)
//
// Opens / of the built app in the system Chromium, waits until the app has taken over and the
// network is idle, and records every script the page fetched. Prints the gzip size (level 9,
// the .gz file the build wrote) of every chunk of the build, marks those / loaded, and
// exits 1 when their total passes the budget.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { distDir, startBuiltServer } from "./built-server.mjs";

const budgetKb = Number(process.env.BUDGET_KB ?? 90);
const assetsDir = path.join(distDir, "web", "assets");
const kb = (n) => (n / 1024).toFixed(1);
const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

const server = await startBuiltServer();
const loaded = new Set();
let browser;
try {
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const page = await browser.newPage();
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (req.resourceType() === "script" || url.pathname.endsWith(".js")) loaded.add(url.pathname);
  });
  await page.goto(`${server.base}/`, { waitUntil: "networkidle" });
  // the app has rendered over the prerendered markup once React owns the root
  await page.waitForFunction(() => {
    const root = document.getElementById("root");
    return root && Object.keys(root).some((k) => k.startsWith("__reactContainer"));
  });
  await page.waitForLoadState("networkidle");
} finally {
  await browser?.close();
  server.stop();
}

const chunks = readdirSync(assetsDir)
  .filter((f) => f.endsWith(".js"))
  .map((f) => {
    const file = path.join(assetsDir, f);
    return {
      chunk: f,
      "raw KB": Number(kb(statSync(file).size)),
      "gzip KB": Number(kb(gzipSize(file))),
      "loaded by /": loaded.has(`/assets/${f}`) ? "yes" : "",
    };
  })
  .sort((a, b) => b["gzip KB"] - a["gzip KB"]);
const other = [...loaded].filter((p) => !p.startsWith("/assets/"));
const total = chunks.filter((c) => c["loaded by /"]).reduce((s, c) => s + c["gzip KB"], 0);
const all = chunks.reduce((s, c) => s + c["gzip KB"], 0);

console.table(chunks);
if (other.length) console.log(`other scripts loaded by / (not counted): ${other.join(", ")}`);
console.log(`all chunks: ${all.toFixed(1)} KB gzip`);
console.log(`JavaScript loaded by /: ${total.toFixed(1)} KB gzip (budget ${budgetKb} KB)`);
if (total > budgetKb) {
  console.log("FAIL: / loads more JavaScript than the budget");
  process.exit(1);
}
console.log("OK");
