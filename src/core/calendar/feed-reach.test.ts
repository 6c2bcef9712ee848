import { describe, expect, it } from "vitest";
import { feedReach } from "./feed-reach.ts";

const feed = (origin: string) => `${origin}/api/calendar/feed/abc.ics`;

describe("feedReach", () => {
  it.each([
    "http://localhost:3700",
    "http://127.0.0.1:3000",
    "http://[::1]:3000",
    "http://sage.localhost",
  ])("reads %s as reachable from this computer only", (origin) => {
    expect(feedReach(feed(origin))).toBe("this-computer");
  });

  it.each([
    "http://192.168.1.20:3000",
    "http://10.0.0.5",
    "http://172.20.0.2",
    "http://[fd12:3456::1]",
    "http://nas.local",
    "http://homeserver:3000",
  ])("reads %s as reachable on this network only", (origin) => {
    expect(feedReach(feed(origin))).toBe("local-network");
  });

  it.each(["https://sage.example.com", "http://sage.example.com", "https://172.32.0.1"])(
    "reads %s as public",
    (origin) => {
      expect(feedReach(feed(origin))).toBe("public");
    },
  );
});
