import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { isAppPath } from "../../core/app-paths.ts";
import { PROJECT_ROOT } from "../project-root.ts";

/** A built server (dist/server/main.js) serves the web build beside it (dist/web). */
export function defaultWebRoot(): string {
  const besideBundle = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "web");
  // src/web (the Vite source, beside src/server) has no assets/ folder; a build does
  return existsSync(path.join(besideBundle, "assets"))
    ? besideBundle
    : path.join(PROJECT_ROOT, "dist", "web");
}

/**
 * The build's path → HTML file table (pages.json); an older build without it has only the
 * prerendered landing.
 */
function builtPages(webRoot: string): Record<string, string> {
  const table = path.join(webRoot, "pages.json");
  if (existsSync(table)) {
    const pages = JSON.parse(readFileSync(table, "utf8")) as Record<string, string>;
    return Object.fromEntries(
      Object.entries(pages).filter(
        ([route, file]) => route.startsWith("/") && existsSync(path.join(webRoot, file)),
      ),
    );
  }
  if (!existsSync(path.join(webRoot, "landing.html"))) return {};
  return { "/": "landing.html", "/dashboard": "landing.html" };
}

/**
 * The web build: hashed assets (cached for a year, precompressed), the prerendered pages,
 * and the SPA shell for every other screen; everything else that is not found is the API's
 * JSON 404. Registered after the API routes.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  const hasWeb = existsSync(path.join(webRoot, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      // the build writes .br and .gz beside each asset (scripts/compress-assets.mjs)
      preCompressed: true,
      // send's own cache-control would override the one set below
      cacheControl: false,
      setHeaders: (res, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
        res.setHeader("vary", "accept-encoding");
      },
    });
  }

  const isSpaPath = (url: string) => {
    const pathname = url.split("?")[0] ?? "";
    // /api is the API's; a path with a file extension is a missing file, not a screen
    return !/^\/api(\/|$)/.test(pathname) && !/\.[a-z0-9]+$/i.test(pathname);
  };
  const sendIndex = (reply: FastifyReply) => {
    reply.header("cache-control", "no-cache");
    return reply.sendFile("index.html", { cacheControl: false });
  };
  if (hasWeb) {
    // pages written by the build (scripts/prerender-landing.mjs): the public pages are
    // prerendered so they paint before the JavaScript has loaded, and each page preloads
    // its route's chunks; every other path gets the bare shell. A route ending in /* (the
    // booking page, /book/<slug>) is one file for every path under it.
    for (const [route, file] of Object.entries(builtPages(webRoot))) {
      app.get(route, (_request, reply) => {
        reply.header("cache-control", "no-cache");
        return reply.sendFile(file, { cacheControl: false });
      });
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const readable = request.method === "GET" || request.method === "HEAD";
    // the SPA owns every other path: its screens, and its own 404 screen with a 404 status
    if (hasWeb && readable && isSpaPath(request.url)) {
      if (!isAppPath(request.url.split("?")[0] ?? "")) reply.code(404);
      return sendIndex(reply);
    }
    return reply.code(404).send({ error: "Not found", code: "not_found" });
  });
}
