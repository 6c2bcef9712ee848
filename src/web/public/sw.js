// Sage's offline app shell. After one visit the app opens without a network: the shell and
// every script and stylesheet of the build are cached when this worker installs, so the
// calendar's local copy and its sync queue stay usable offline (issue 7: reload while
// offline), even on a page the visitor has not opened yet.
//
// - Navigations go to the network first (a deploy is picked up on the next load) and fall
//   back to the cached shell.
// - Hashed /assets/ files never change: served from the cache, fetched and kept on a miss.
// - The API is never touched: /api requests, feeds and downloads go straight to the network.
// - Each build gets its own cache: the build writes its id and file list below
//   (scripts/write-service-worker.mjs), so a deploy changes this file, the browser installs
//   the new worker, and activating it deletes every older cache (nothing grows forever).
const BUILD = "dev";
const PRECACHE = [];
const CACHE = `sage-${BUILD}`;
const SHELL = "/index.html";

const isAsset = (url) => url.origin === self.location.origin && url.pathname.startsWith("/assets/");
const isPrecached = (url) => url.origin === self.location.origin && PRECACHE.includes(url.pathname);

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

/** The shell must be cached for the install to count; a missing asset is skipped, not fatal. */
async function precache() {
  const cache = await caches.open(CACHE);
  await cache.add(new Request(SHELL, { cache: "no-cache" }));
  await Promise.allSettled(PRECACHE.map((url) => cache.add(url)));
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") event.respondWith(networkFirstShell(request));
  else if (isAsset(url) || isPrecached(url)) event.respondWith(cacheFirst(request));
});

async function networkFirstShell(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const cached = await caches.match(SHELL);
    if (cached) return cached;
    throw err;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const res = await fetch(request);
  if (res.ok) await (await caches.open(CACHE)).put(request, res.clone());
  return res;
}

// the page reports the assets it loaded before this worker controlled it
self.addEventListener("message", (event) => {
  if (event.data?.type !== "cache-assets" || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls.filter((u) => {
    try {
      return isAsset(new URL(u, self.location.origin));
    } catch {
      return false;
    }
  });
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const u of urls) if (!(await cache.match(u))) await cache.add(u);
    })(),
  );
});
