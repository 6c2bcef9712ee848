/**
 * Who can fetch a feed address: anyone on the internet ("public"), only this computer (a
 * loopback address, as on `npm start` without PUBLIC_URL), or only this network (a private
 * or link-local address, a `.local` name). Google Calendar fetches subscribed feeds from
 * Google's servers, so only a public address reaches it. Decided by the address alone; a
 * public name behind a firewall still reads as public.
 */
export type FeedReach = "public" | "this-computer" | "local-network";

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;
const PRIVATE_V4 = /^10\.|^192\.168\.|^169\.254\.|^172\.(1[6-9]|2\d|3[01])\./;
const PRIVATE_V6 = /^\[(f[cd][0-9a-f]{2}|fe[89ab][0-9a-f]):/i;

export function feedReach(feedUrl: string): FeedReach {
  const host = new URL(feedUrl).hostname.toLowerCase();
  if (LOOPBACK.test(host) || host.endsWith(".localhost")) return "this-computer";
  if (PRIVATE_V4.test(host) || PRIVATE_V6.test(host) || host.endsWith(".local"))
    return "local-network";
  if (!host.includes(".") && !host.startsWith("[")) return "local-network";
  return "public";
}
