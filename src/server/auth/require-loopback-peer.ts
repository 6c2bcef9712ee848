import type { FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return address === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export const isLoopbackPeer = (request: FastifyRequest): boolean =>
  isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);

/**
 * preHandler for the development-only routes (development sign-in, demo billing): they hand
 * out accounts and plans for free, so only this machine may call them. Decided from the
 * socket's peer — a Host or X-Forwarded-For header is the caller's to choose — and, behind
 * a trusted proxy on this machine, from the client address the proxy reports as well.
 * Anyone else gets 403, even when HOST exposes the server to the network.
 */
export async function requireLoopbackPeer(request: FastifyRequest): Promise<void> {
  if (isLoopbackPeer(request)) return;
  throw new AppError(
    403,
    "forbidden",
    "Development sign-in and demo billing only answer requests from this computer.",
  );
}
