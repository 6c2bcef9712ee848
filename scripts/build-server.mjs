// Bundles the server into dist/server/main.js, and the calendar worker beside it
// (dist/server/calendar-worker.js, found by calendar-pool.ts next to the bundle); npm
// packages stay external (node_modules).
import { build } from "esbuild";

const distDir = process.env.SAGE_DIST_DIR ?? "dist";

await build({
  entryPoints: {
    main: "src/server/main.ts",
    "calendar-worker": "src/server/integrations/calendars/worker/calendar-worker.ts",
  },
  outdir: `${distDir}/server`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log(`server built: ${distDir}/server/main.js, ${distDir}/server/calendar-worker.js`);
