import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import type { Config } from "./config.ts";

export type Listening = {
  /** Every interface that answers, e.g. ["127.0.0.1:3000", "[::1]:3000"]. */
  addresses: string[];
  /** Servers besides Fastify's own (the ::1 one while loopback-only), for shutdown. */
  extraServers: Server[];
};

/**
 * Binds the app. While loopback-only (development sign-in or demo billing on, HOST unset)
 * it answers on 127.0.0.1 and ::1 and nowhere else: Fastify's own "localhost" binding
 * follows /etc/hosts, which often names only 127.0.0.1, so ::1 gets a server of its own
 * that hands each request to the same router. A machine without IPv6 keeps 127.0.0.1.
 */
export async function listen(app: FastifyInstance, config: Config): Promise<Listening> {
  await app.listen({ port: config.port, host: config.host });
  const addresses = app.addresses().map(describe);
  if (!config.loopbackOnly) return { addresses, extraServers: [] };

  const { port } = app.server.address() as AddressInfo;
  const v6 = createServer((req, res) => app.routing(req, res));
  try {
    await new Promise<void>((resolve, reject) => {
      v6.once("error", reject);
      v6.listen({ port, host: "::1", ipv6Only: true }, resolve);
    });
  } catch (err) {
    app.log.warn({ err }, "::1 is not available: listening on 127.0.0.1 only");
    return { addresses, extraServers: [] };
  }
  return { addresses: [...addresses, describe(v6.address() as AddressInfo)], extraServers: [v6] };
}

function describe(a: string | AddressInfo): string {
  if (typeof a === "string") return a;
  return a.family === "IPv6" || a.address.includes(":")
    ? `[${a.address}]:${a.port}`
    : `${a.address}:${a.port}`;
}
