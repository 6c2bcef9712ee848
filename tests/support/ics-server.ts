import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";

const FIXTURES = new URL("../../src/core/calendar/external/fixtures/", import.meta.url);
export const icsFixture = (name: string) => readFileSync(new URL(`${name}.ics`, FIXTURES), "utf8");

/**
 * A loopback web server publishing calendars the way real ones do (ETag, Last-Modified,
 * 304 on a conditional GET), plus the bad answers a connection must survive: redirects,
 * 404, an HTML page, a slow answer.
 */
export async function startIcsServer() {
  const files = new Map<string, string>();
  const requests: { path: string; ifNoneMatch: string | undefined }[] = [];
  let delayMs = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    requests.push({ path: url.pathname, ifNoneMatch: req.headers["if-none-match"] });
    const send = () => {
      const redirect = /^\/redirect\/(\d+)(\/.*)$/.exec(url.pathname);
      if (redirect) {
        const n = Number(redirect[1]);
        res.writeHead(302, { location: n > 1 ? `/redirect/${n - 1}${redirect[2]}` : redirect[2] });
        return res.end();
      }
      if (url.pathname === "/to-metadata") {
        res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
        return res.end();
      }
      if (url.pathname === "/page.html") {
        res.writeHead(200, { "content-type": "text/html" });
        return res.end("<!doctype html><title>Sign in</title>");
      }
      const body = files.get(url.pathname);
      if (body === undefined) {
        res.writeHead(404);
        return res.end("not found");
      }
      const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 16)}"`;
      if (req.headers["if-none-match"] === etag) {
        res.writeHead(304, { etag });
        return res.end();
      }
      res.writeHead(200, { "content-type": "text/calendar; charset=utf-8", etag });
      res.end(body);
    };
    if (delayMs > 0) setTimeout(send, delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    publish: (path: string, body: string) => files.set(path, body),
    unpublish: (path: string) => files.delete(path),
    requests,
    setDelay: (ms: number) => {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type IcsServer = Awaited<ReturnType<typeof startIcsServer>>;
