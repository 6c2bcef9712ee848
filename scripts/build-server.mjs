// Bundles the server into dist/server/main.js; npm packages stay external (node_modules).
import { build } from "esbuild";

const distDir = process.env.SAGE_DIST_DIR ?? "dist";

await build({
  entryPoints: ["src/server/main.ts"],
  outfile: `${distDir}/server/main.js`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log(`server built: ${distDir}/server/main.js`);
