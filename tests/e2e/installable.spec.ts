import { expect, test } from "./fixtures.ts";

test("the web app manifest names Sage and its icons load", async ({ request }) => {
  const res = await request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("manifest+json");
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: "Sage", start_url: "/", display: "standalone" });
  const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(manifest.icons.some((i: { purpose: string }) => i.purpose === "maskable")).toBe(true);
  for (const icon of manifest.icons as { src: string; type: string }[]) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"]).toContain(icon.type);
  }
});

test("after one visit the app opens offline, even a page not visited; old caches are pruned", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    "href",
    "/manifest.webmanifest",
  );
  // the worker precaches this build's files in a cache named after the build
  const cacheName = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const build = /const BUILD = "([^"]+)"/.exec(await (await fetch("/sw.js")).text())?.[1];
    return `sage-${build}`;
  });
  expect(cacheName).not.toBe("sage-dev");
  await expect
    .poll(
      () =>
        page.evaluate(async (name) => {
          const cache = await caches.open(name);
          const keys = (await cache.keys()).map((r) => new URL(r.url).pathname);
          return keys.includes("/index.html") && keys.filter((k) => k.endsWith(".js")).length > 5;
        }, cacheName),
      { timeout: 15_000 },
    )
    .toBe(true);

  // a worker that (re)installs deletes every cache but its own: the previous version's
  // cache is left behind, the worker unregistered, and the next load installs it afresh
  await page.evaluate(async () => {
    await (await caches.open("sage-shell-v1")).put("/stale", new Response("old"));
    for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => caches.keys()), { timeout: 15_000 })
    .toEqual([cacheName]);
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);

  await context.setOffline(true);
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await context.setOffline(false);
});
