import { describe, expect, it } from "vitest";
import { type FeedReach, feedReach } from "./feed-reach.ts";

const CASES: [origin: string, reach: FeedReach][] = [
  ["http://localhost:3700", "this-computer"],
  ["http://127.0.0.1:3000", "this-computer"],
  ["http://[::1]:3000", "this-computer"],
  ["http://sage.localhost", "this-computer"],
  ["http://192.168.1.20:3000", "local-network"],
  ["http://10.0.0.5", "local-network"],
  ["http://172.20.0.2", "local-network"],
  ["http://[fd12:3456::1]", "local-network"],
  ["http://nas.local", "local-network"],
  ["http://homeserver:3000", "local-network"],
  ["https://sage.example.com", "public"],
  ["http://sage.example.com", "public"],
  ["https://172.32.0.1", "public"],
];

describe("feedReach", () => {
  it.each(CASES)("reads a feed at %s as reachable from %s", (origin, reach) => {
    expect(feedReach(`${origin}/api/calendar/feed/abc.ics`)).toBe(reach);
  });
});
