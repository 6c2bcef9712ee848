// Writes one HTML page per public route into <dist>/web, and pages.json (path → file), which
// the server sends for those paths instead of the bare shell (index.html):
// - the route's first render inside #root for the public pages and for /chat (whose first
//   render, while the session is checked, is the chat's frame and greeting)
//   (src/web/prerender/render-landing.tsx), so they paint before any JavaScript runs;
// - for the other pages, <link rel="modulepreload"> for the route's own chunks (from Vite's
//   manifest), so the browser fetches them alongside the entry instead of after it has run.
// Run after `vite build`, through tsx.
import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const webDir = path.join(process.env.SAGE_DIST_DIR ?? "dist", "web");
const { renderPageHtml } = await import("../src/web/prerender/render-landing.tsx");
const { HOLD_EARLY_TAPS } = await import("../src/web/lib/early-taps.ts");

/**
 * path → [html file, route module(s) (as named in the manifest), prerender?]. A screen with
 * queries loads the query client's module with it (src/web/app/router.tsx, `withQueries`).
 */
const withQueries = (module) => [module, "lib/query-scope.tsx"];
const PAGES = [
  ["/", "landing.html", "routes/landing.tsx", true],
  ["/dashboard", "landing.html", "routes/landing.tsx", true],
  ["/productivity", "productivity.html", "routes/productivity.tsx", true],
  ["/fitness", "fitness.html", "routes/fitness.tsx", true],
  ["/chat", "chat.html", withQueries("routes/chat.tsx"), true],
  // every /book/<slug>: the page's first render does not depend on the slug (it is read
  // after mount), so one file serves them all (decision 039)
  ["/book/*", "book.html", "routes/book.tsx", true],
  ["/success", "success.html", withQueries("routes/success.tsx"), false],
  ["/signin", "signin.html", "routes/dev-sign-in.tsx", false],
];

const manifestPath = path.join(webDir, ".vite", "manifest.json");
const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
const entry = Object.values(manifest).find((c) => c.isEntry);

/** The files a chunk needs before it runs: itself and its static imports, not the entry's. */
function chunkFiles(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key) || chunk.isEntry) return seen;
  seen.add(key);
  for (const dep of chunk.imports ?? []) chunkFiles(dep, seen);
  return seen;
}

const index = readFileSync(path.join(webDir, "index.html"), "utf8");
const marker = '<div id="root"></div>';
if (!index.includes(marker)) throw new Error(`prerender: ${marker} not found in index.html`);

/**
 * A prerendered page paints from its HTML alone, so its stylesheet is inlined: one request
 * fewer before the first paint (the CSP allows inline styles, docs/decisions/010).
 */
function inlineStylesheet(html) {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/,
    (_tag, href) => {
      const css = readFileSync(path.join(webDir, href), "utf8");
      return `<style>${css}</style>`;
    },
  );
}

/**
 * Writes (once) the module that holds a tap on a button until the page is hydrated
 * (src/web/lib/early-taps.ts) and, after the first paint, lists the route's chunks as
 * <link rel="modulepreload"> (all at once, one insertion into the head) and loads `entry`;
 * returns its URL. With the links already there, the entry's loader adds none of its own:
 * its one insertion per chunk cost a long task on these pages.
 */
const boots = new Map();
function bootScript(entry, chunks) {
  const key = JSON.stringify([entry, chunks]);
  if (boots.has(key)) return boots.get(key);
  const code = `${HOLD_EARLY_TAPS};const f=document.createDocumentFragment();for(const h of ${JSON.stringify(chunks)}){const l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;f.append(l)}requestAnimationFrame(()=>setTimeout(()=>{document.head.append(f);import(${JSON.stringify(entry)})}));\n`;
  const hash = createHash("sha256").update(code).digest("hex").slice(0, 8);
  const url = `/assets/boot-${hash}.js`;
  writeFileSync(path.join(webDir, url), code);
  boots.set(key, url);
  return url;
}

const pages = {};
const written = new Set();
for (const [route, file, module, prerender] of PAGES) {
  pages[route] = file;
  if (written.has(file)) continue;
  written.add(file);
  const modules = [module].flat();
  for (const key of modules)
    if (!manifest[key]) throw new Error(`prerender: ${key} is not in the Vite manifest`);
  let html = index;
  // the route's own chunks, fetched alongside the entry instead of after it has run
  const seen = new Set();
  for (const key of modules) chunkFiles(key, seen);
  const chunks = [...seen]
    .map((key) => `/${manifest[key].file}`)
    .filter((href) => !index.includes(`href="${href}"`));
  if (prerender) {
    // a prerendered page paints from its HTML alone: its scripts are fetched and run only
    // after that first paint (a tiny module asks for them on the next frame), so they never
    // compete with the page's own bytes
    html = html.replace(
      /<script type="module" crossorigin src="(\/assets\/[^"]+)"><\/script>/,
      (_tag, src) => `<script type="module" src="${bootScript(src, chunks)}"></script>`,
    );
  } else {
    const preloads = chunks
      .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
      .join("");
    html = html.replace("</head>", `${preloads}</head>`);
  }
  if (prerender) {
    const at = route.replace(/\*$/, "link");
    html = html.replace(marker, `<div id="root">${await renderPageHtml(at)}</div>`);
    html = inlineStylesheet(html);
  }
  writeFileSync(path.join(webDir, file), html);
  console.log(
    `page ${route}: ${file} (${Buffer.byteLength(html)} bytes${prerender ? ", prerendered" : ""})`,
  );
}
writeFileSync(path.join(webDir, "pages.json"), JSON.stringify(pages, null, 2));
// the manifest is a build input, not something to serve
rmSync(path.join(webDir, ".vite"), { recursive: true, force: true });
console.log(`entry: ${entry?.file}`);
