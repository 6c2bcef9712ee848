import { chromium } from "@playwright/test";
import { startBuiltServer } from "./built-server.mjs";
const server = await startBuiltServer();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  for (const p of ["/", "/productivity", "/fitness"]) {
    const page = await browser.newPage();
    page.on("console", (m) => m.type() !== "info" && console.log(p, m.type(), m.text().slice(0, 300)));
    page.on("pageerror", (e) => console.log(p, "pageerror", e.message));
    await page.goto(`${server.base}${p}`, { waitUntil: "networkidle" });
    await page.waitForTimeout(1000);
    const h = await page.evaluate(() => document.querySelector("h1,h2")?.textContent);
    const owned = await page.evaluate(() => Object.keys(document.getElementById("root")).some((k) => k.startsWith("__reactContainer")));
    console.log(p, "ok", h, "react owns root:", owned);
    await page.close();
  }
} finally { await browser.close(); server.stop(); }
