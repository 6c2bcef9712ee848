import type { FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return address === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export const isLoopbackPeer = (request: FastifyRequest): boolean =>
  isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);

/** The names a browser on this computer uses for it (PUBLIC_URL's hostname). */
const LOOPBACK_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The ports this server is reached on from this computer: the one the request came in on
 * (the configured PORT for an in-process request, which has no socket), and PUBLIC_URL's
 * when that is a loopback address (`npm run dev` serves the app on :5173 and Vite's proxy
 * keeps that Host).
 */
function localPorts(request: FastifyRequest, config: Pick<Config, "port" | "publicUrl">) {
  const ports = new Set([String(request.socket.localPort ?? config.port)]);
  const pub = config.publicUrl;
  if (LOOPBACK_HOSTNAMES.has(pub.hostname))
    ports.add(pub.port || (pub.protocol === "https:" ? "443" : "80"));
  return ports;
}

/** `host[:port]` names this computer on one of `ports` (no port: the scheme's default). */
function isLocalAuthority(authority: string, ports: Set<string>, defaultPort: string): boolean {
  const match = /^(localhost|127\.0\.0\.1|\[::1\])(?::(\d{1,5}))?$/i.exec(authority);
  if (!match) return false;
  return ports.has(match[2] === undefined ? defaultPort : String(Number(match[2])));
}

/**
 * Whether a request was made on this computer, to this server: the socket's peer is loopback
 * (and, behind a trusted proxy, the client address it reports), the Host header names
 * localhost, 127.0.0.1 or [::1] on the server's port, and so does the Origin when one is
 * sent. A tunnel (ngrok, `ssh -R`, a reverse proxy on this machine) connects from loopback
 * too, but carries its public name in Host: that is refused, as is a page of another site
 * or port (Origin) and a DNS-rebinding page (its own name in Host).
 */
export function isLocalRequest(
  request: FastifyRequest,
  config: Pick<Config, "port" | "publicUrl">,
): boolean {
  if (!isLoopbackPeer(request)) return false;
  const ports = localPorts(request, config);
  const host = request.headers.host;
  if (typeof host !== "string" || !isLocalAuthority(host, ports, "80")) return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const match = /^(https?):\/\/([^/]+)$/.exec(origin);
  if (!match) return false;
  return isLocalAuthority(match[2]!, ports, match[1] === "https" ? "443" : "80");
}

/**
 * preHandler for the development-only routes (development sign-in, demo billing): they hand
 * out accounts and plans for free, so only this computer may call them (`isLocalRequest`).
 * Anyone else gets 403, even when HOST exposes the server to the network.
 */
export function requireLocalRequest(config: Pick<Config, "port" | "publicUrl">) {
  return async (request: FastifyRequest): Promise<void> => {
    if (isLocalRequest(request, config)) return;
    throw new AppError(
      403,
      "forbidden",
      "Development sign-in and demo billing only answer requests made on this computer (http://localhost).",
    );
  };
}
