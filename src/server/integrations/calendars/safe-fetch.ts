import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http, { type IncomingHttpHeaders } from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { AppError, badRequest } from "../../errors.ts";

/**
 * Fetching addresses a person typed in, without letting them point the server at itself or
 * its network (SSRF): every address a host resolves to is checked, and the connection is
 * made to the checked address (no second lookup to rebind); redirects (at most 3) are
 * checked again; https is required for public hosts; time and size are capped.
 */

export type FetchPolicy = {
  /** Loopback servers are reachable (a localhost PUBLIC_URL: the embedded setup and tests). */
  allowLoopback: boolean;
  timeoutMs?: number;
  maxBytes?: number;
};

export type SafeResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The address that answered, after redirects. */
  url: URL;
};

const MAX_REDIRECTS = 3;
export const FETCH_TIMEOUT_MS = 10_000;
export const FETCH_MAX_BYTES = 10 * 1024 * 1024;

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96], // NAT64: may reach IPv4 private space
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7], // unique local (fd00:ec2::254 is AWS metadata)
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}
const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** An IPv4-mapped IPv6 address is judged as the IPv4 address it maps. */
function normalize(address: string): { address: string; family: "ipv4" | "ipv6" } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: "ipv4" };
  return { address, family: isIP(address) === 6 ? "ipv6" : "ipv4" };
}

export function isLoopbackAddress(address: string): boolean {
  const a = normalize(address);
  return loopback.check(a.address, a.family);
}

/** May the server connect to this address under the policy? */
export function isAllowedAddress(address: string, policy: FetchPolicy): boolean {
  const a = normalize(address);
  if (policy.allowLoopback && loopback.check(a.address, a.family)) return true;
  return !blocked.check(a.address, a.family);
}

export const refusedAddress = (detail: string) =>
  badRequest(`Sage cannot fetch this address: ${detail}`);

/** Checks scheme and credentials in the URL; turns webcal:// into https://. */
export function normalizeCalendarUrl(raw: string): URL {
  let url: URL;
  try {
    // a bare host ("caldav.fastmail.com", as the form suggests) is read as https
    const value = raw.trim();
    url = new URL(
      (value.includes("://") ? value : `https://${value}`).replace(/^webcals?:\/\//i, "https://"),
    );
  } catch {
    throw badRequest("url must be a web address (https://…) or a webcal:// link");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw badRequest("url must start with https://, http:// or webcal://");
  }
  if (url.username || url.password) {
    throw badRequest("Put the user name and password in their own fields, not in the address");
  }
  url.hash = "";
  return url;
}

/** The lookup every connection uses: a name resolving to any refused address fails. */
export function checkedLookup(policy: FetchPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 4);
      const bad = addresses.find((a) => !isAllowedAddress(a.address, policy));
      if (bad || addresses.length === 0) {
        const refusal = new Error("refused address") as NodeJS.ErrnoException;
        refusal.code = "ESAGEREFUSED";
        return callback(refusal, "", 4);
      }
      if ((options as { all?: boolean }).all) return callback(null, addresses as never);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

function checkScheme(url: URL, policy: FetchPolicy): void {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !isAllowedAddress(host, policy)) {
    throw refusedAddress("it is a private, loopback or link-local address");
  }
  const local =
    host === "localhost" ||
    host.endsWith(".localhost") ||
    (isIP(host) > 0 && isLoopbackAddress(host));
  if (url.protocol === "http:" && !(policy.allowLoopback && local)) {
    throw refusedAddress("use https:// (an address on the public internet must be encrypted)");
  }
  if (local && !policy.allowLoopback) {
    throw refusedAddress("it points at this server's own machine");
  }
}

function requestOnce(
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: string | undefined },
  policy: FetchPolicy,
  signal: AbortSignal,
): Promise<Omit<SafeResponse, "url">> {
  const maxBytes = policy.maxBytes ?? FETCH_MAX_BYTES;
  return new Promise((resolve, reject) => {
    const transport = url.protocol === "https:" ? https : http;
    const req = transport.request(
      url,
      {
        method: init.method,
        headers: {
          "accept-encoding": "identity",
          "user-agent": "Sage-Calendar/1.0",
          ...init.headers,
          // a length, not chunks: some WSGI servers (Radicale) read a chunked body as empty
          ...(init.body !== undefined
            ? { "content-length": String(Buffer.byteLength(init.body)) }
            : {}),
        },
        lookup: checkedLookup(policy),
        // a fresh connection each time: every connect goes through the checked lookup, and a
        // pooled socket the server has since closed cannot fail a sync (ECONNRESET)
        agent: false,
        signal,
      },
      (res) => {
        const declared = Number(res.headers["content-length"] ?? 0);
        if (declared > maxBytes) {
          res.destroy();
          return reject(new AppError(422, "unprocessable", "The calendar is larger than 10 MB"));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(new AppError(422, "unprocessable", "The calendar is larger than 10 MB"));
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

/** Why a request failed, in words a person can act on (never a stack). */
export class FetchFailure extends Error {
  override name = "FetchFailure";
}

/**
 * One HTTP exchange under the policy, following at most 3 redirects (each re-checked).
 * Throws AppError 400 for a refused address, FetchFailure for an unreachable or slow one.
 */
export async function safeFetch(
  raw: URL,
  init: { method?: string; headers?: Record<string, string>; body?: string },
  policy: FetchPolicy,
): Promise<SafeResponse> {
  const signal = AbortSignal.timeout(policy.timeoutMs ?? FETCH_TIMEOUT_MS);
  let url = raw;
  for (let hop = 0; ; hop++) {
    checkScheme(url, policy);
    let res: Omit<SafeResponse, "url">;
    try {
      res = await requestOnce(
        url,
        { method: init.method ?? "GET", headers: init.headers ?? {}, body: init.body },
        policy,
        signal,
      );
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ESAGEREFUSED")
        throw refusedAddress("it resolves to a private, loopback or link-local address");
      if (signal.aborted) throw new FetchFailure("the server did not answer within 10 seconds");
      if (code === "ENOTFOUND" || code === "EAI_AGAIN")
        throw new FetchFailure(`no server is called ${url.hostname}`);
      if (code === "ECONNREFUSED") throw new FetchFailure("the server refused the connection");
      throw new FetchFailure("the server could not be reached");
    }
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && res.status !== 304 && location) {
      if (hop >= MAX_REDIRECTS) throw new FetchFailure("the address redirected more than 3 times");
      url = new URL(location, url);
      continue;
    }
    return { ...res, url };
  }
}
