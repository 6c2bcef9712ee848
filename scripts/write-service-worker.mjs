// Writes this build's id and file list into <dist>/web/sw.js (see src/web/public/sw.js):
// the worker precaches every script, stylesheet and icon of the build, and a new build
// (a different file list or shell) is a different worker with its own cache.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const webDir = path.join(process.env.SAGE_DIST_DIR ?? "dist", "web");
const PRECACHED = /\.(js|css|svg|png|webmanifest)$/;

function* files(dir, prefix = "") {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full, `${prefix}/${name}`);
    else yield `${prefix}/${name}`;
  }
}

const urls = [...files(webDir)].filter((url) => PRECACHED.test(url) && url !== "/sw.js").sort();
const build = createHash("sha256")
  .update(urls.join("\n"))
  .update(readFileSync(path.join(webDir, "index.html")))
  .update(readFileSync(path.join(webDir, "manifest.webmanifest")))
  .digest("hex")
  .slice(0, 12);

const swPath = path.join(webDir, "sw.js");
const sw = readFileSync(swPath, "utf8");
const out = sw
  .replace(/^const BUILD = .*;$/m, `const BUILD = ${JSON.stringify(build)};`)
  .replace(/^const PRECACHE = .*;$/m, `const PRECACHE = ${JSON.stringify(urls)};`);
if (out === sw || !out.includes(build)) throw new Error("sw.js: BUILD/PRECACHE lines not found");
writeFileSync(swPath, out);
console.log(`service worker: build ${build}, ${urls.length} files precached`);
