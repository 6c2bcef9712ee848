// Renders the PNG app icons (src/web/public/icons/) from the SVG logo with the system
// Chromium. Run by hand when the logo changes: node scripts/render-icons.mjs
// (The PNGs are committed: the build must not need a browser.)
import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const svg = readFileSync("src/web/public/favicon.svg", "utf8");
const leaf = svg.replace(/^<svg[^>]*>|<\/svg>$/g, "").replace(/<rect[^>]*\/>/, "");
// maskable: a full-bleed square (the leaf already sits inside the 80 % safe zone)
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#2f5d50"/>${leaf}</svg>`;

const icons = [
  ["icon-192.png", 192, svg],
  ["icon-512.png", 512, svg],
  ["apple-touch-icon.png", 180, maskable],
  ["icon-maskable-512.png", 512, maskable],
];
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage();
for (const [name, size, source] of icons) {
  await page.setViewportSize({ width: size, height: size });
  const sized = source.replace("<svg ", `<svg width="${size}" height="${size}" `);
  await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${sized}`);
  await page.locator("svg").screenshot({
    path: `src/web/public/icons/${name}`,
    omitBackground: true,
  });
  console.log(`wrote src/web/public/icons/${name}`);
}
await browser.close();
