import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback HTTP proxy in front of a test server (Radicale) that passes everything through
 * except the requests `fail` picks, which it answers with a 5xx itself — a server that is
 * up but failing, which stopping the server cannot show.
 */
export async function startFaultProxy(target: string) {
  const upstream = new URL(target);
  let fail: ((req: http.IncomingMessage) => number | undefined) | undefined;
  const log: { method: string; url: string; status: number }[] = [];
  const server = http.createServer((req, res) => {
    const status = fail?.(req);
    if (status) {
      log.push({ method: req.method ?? "", url: req.url ?? "", status });
      req.resume();
      res.writeHead(status, { "content-type": "text/plain" });
      res.end("failing on purpose");
      return;
    }
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        log.push({ method: req.method ?? "", url: req.url ?? "", status: answer.statusCode ?? 0 });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    /** Answers the requests `pick` names with the status it returns; undefined: none. */
    failWhen(pick: typeof fail) {
      fail = pick;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
