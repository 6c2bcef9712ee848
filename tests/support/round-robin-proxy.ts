import http from "node:http";

export type RoundRobinProxy = {
  url: string;
  /** How many requests each target was sent, in the order of `targets`. */
  served: number[];
  close: () => Promise<void>;
};

/**
 * A loopback reverse proxy sending each request to the next of `targets` in turn, as a
 * load balancer in front of several instances does: the body and the answer are streamed
 * both ways (server-sent events included), and X-Forwarded-For carries the client's
 * address (the instances run with TRUST_PROXY=1).
 */
export async function startRoundRobinProxy(
  targets: string[],
  /** Told of each answered request: its method and path, status, and milliseconds to its end. */
  onAnswered?: (method: string, path: string, status: number, ms: number) => void,
): Promise<RoundRobinProxy> {
  const served = targets.map(() => 0);
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    const started = performance.now();
    const index = next++ % targets.length;
    served[index]!++;
    const target = new URL(req.url ?? "/", targets[index]);
    // the upstream's own Host, as nginx sends by default ($proxy_host): the instances see a
    // request for themselves (development sign-in answers only a local Host on its own port)
    const headers = {
      ...req.headers,
      host: target.host,
      "x-forwarded-for": req.socket.remoteAddress ?? "",
    };
    delete headers.connection;
    const upstream = http.request(target, { method: req.method, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      const status = answer.statusCode ?? 0;
      answer.on("end", () =>
        onAnswered?.(req.method ?? "GET", req.url ?? "/", status, performance.now() - started),
      );
    });
    upstream.on("error", (err) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`proxy: ${err.message}`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
