// Writes <dist>/web/landing.html: index.html with the landing page's first render inside
// #root (see src/web/prerender/render-landing.tsx). Run after `vite build`, through tsx.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const webDir = path.join(process.env.SAGE_DIST_DIR ?? "dist", "web");
const { renderLandingHtml } = await import("../src/web/prerender/render-landing.tsx");

const index = readFileSync(path.join(webDir, "index.html"), "utf8");
const marker = '<div id="root"></div>';
if (!index.includes(marker)) throw new Error(`prerender: ${marker} not found in index.html`);
const html = index.replace(marker, `<div id="root">${renderLandingHtml()}</div>`);
writeFileSync(path.join(webDir, "landing.html"), html);
console.log(`prerendered: ${path.join(webDir, "landing.html")} (${Buffer.byteLength(html)} bytes)`);
