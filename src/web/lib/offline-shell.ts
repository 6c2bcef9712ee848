/**
 * Registers the service worker that lets the app open offline (src/web/public/sw.js) and
 * tells it about every script and stylesheet this page loads, including those loaded
 * before it took control. Production builds only; failures are logged and change nothing.
 */
export function registerOfflineShell(): void {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker
    .register("/sw.js")
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const report = (names: string[]) => {
        const urls = names.filter((n) =>
          new URL(n, location.origin).pathname.startsWith("/assets/"),
        );
        if (urls.length) registration.active?.postMessage({ type: "cache-assets", urls });
      };
      new PerformanceObserver((list) => report(list.getEntries().map((e) => e.name))).observe({
        type: "resource",
        buffered: true,
      });
    })
    .catch((err) => console.warn("offline support unavailable", err));
}
