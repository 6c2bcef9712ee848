import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const distDir = process.env.SAGE_DIST_DIR ?? "dist";

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: path.resolve(distDir, "web"),
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
    // scripts/prerender-landing.mjs reads it to add each page's modulepreload links
    manifest: true,
    // every browser the app supports has <link rel="modulepreload">; the polyfill is dead weight
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": "http://localhost:3000",
      "/version.json": "http://localhost:3000",
      "/healthz": "http://localhost:3000",
    },
  },
});
