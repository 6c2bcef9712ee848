// Writes .br and .gz beside every compressible file of the web build, so @fastify/static
// (preCompressed) serves them without compressing on each request. Run last in build:web.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const webDir = path.join(process.env.SAGE_DIST_DIR ?? "dist", "web");
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(name)) yield full;
  }
}

let raw = 0;
let brotli = 0;
for (const file of files(webDir)) {
  const data = readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  raw += data.length;
  brotli += br.length;
}
console.log(
  `compressed: ${(raw / 1024).toFixed(0)} KiB → ${(brotli / 1024).toFixed(0)} KiB (brotli)`,
);
