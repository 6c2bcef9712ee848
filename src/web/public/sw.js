// Sage's offline app shell. The page and its scripts open without a network, so the
// calendar's local copy and its sync queue stay usable offline (issue 7: reload while
// offline). Navigations go to the network first (so a deploy is picked up at once) and fall
// back to the cached shell; hashed /assets/ files are cached as they load. The API is never
// touched: /api requests, feeds and downloads go straight to the network.
const CACHE = "sage-shell-v1";
const SHELL = "/index.html";

const isAsset = (url) => url.origin === self.location.origin && url.pathname.startsWith("/assets/");
const isShell = (html) => html.includes('id="root"');

self.addEventListener("install", (event) => {
  event.waitUntil(precacheShell());
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

async function precacheShell() {
  const res = await fetch("/", { cache: "no-cache" });
  if (!res.ok) return;
  const html = await res.clone().text();
  if (!isShell(html)) return;
  const cache = await caches.open(CACHE);
  await cache.put(SHELL, res);
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await cache.addAll(assets);
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") event.respondWith(networkFirstShell(request));
  else if (isAsset(url)) event.respondWith(cacheFirst(request));
});

async function networkFirstShell(request) {
  try {
    const res = await fetch(request);
    if (res.ok && (res.headers.get("content-type") ?? "").includes("text/html")) {
      const html = await res.clone().text();
      if (isShell(html)) await (await caches.open(CACHE)).put(SHELL, res.clone());
    }
    return res;
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
