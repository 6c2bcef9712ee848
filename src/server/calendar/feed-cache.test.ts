import { describe, expect, it } from "vitest";
import type { BuiltFeed } from "./build-user-feed.ts";
import { FeedCache } from "./feed-cache.ts";

const feed = (bytes: number): BuiltFeed => ({ gzip: Buffer.alloc(bytes), bytes, events: 1 });
const later = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("FeedCache", () => {
  it("builds once per stamp and again when the stamp changes", async () => {
    const cache = new FeedCache({ maxBytes: 1000, maxBuilds: 2 });
    let builds = 0;
    const build = async () => {
      builds++;
      return feed(10);
    };
    await cache.get("u1", "v1", build);
    await cache.get("u1", "v1", build);
    expect(builds).toBe(1);
    await cache.get("u1", "v2", build);
    expect(builds).toBe(2);
    expect(cache.size).toBe(10); // one entry per user: v1 was replaced
  });

  it("shares one build among concurrent fetches of a stamp", async () => {
    const cache = new FeedCache({ maxBytes: 1000, maxBuilds: 2 });
    let builds = 0;
    const build = async () => {
      builds++;
      await later();
      return feed(10);
    };
    await Promise.all(Array.from({ length: 5 }, () => cache.get("u1", "v1", build)));
    expect(builds).toBe(1);
  });

  it("drops the least recently used feeds to stay under its byte budget", async () => {
    const cache = new FeedCache({ maxBytes: 250, maxBuilds: 2 });
    let builds = 0;
    const build = async () => {
      builds++;
      return feed(100);
    };
    await cache.get("a", "1", build);
    await cache.get("b", "1", build);
    await cache.get("a", "1", build); // a is now the most recent
    await cache.get("c", "1", build); // over budget: b goes
    expect(cache.size).toBe(200);
    expect(builds).toBe(3);
    await cache.get("a", "1", build);
    expect(builds).toBe(3);
    await cache.get("b", "1", build);
    expect(builds).toBe(4);
  });

  it("serves but does not keep a feed larger than the whole budget", async () => {
    const cache = new FeedCache({ maxBytes: 50, maxBuilds: 2 });
    const built = await cache.get("a", "1", async () => feed(100));
    expect(built.gzip.length).toBe(100);
    expect(cache.size).toBe(0);
  });

  it("runs at most maxBuilds builds at once", async () => {
    const cache = new FeedCache({ maxBytes: 10_000, maxBuilds: 2 });
    let running = 0;
    let peak = 0;
    const build = async () => {
      running++;
      peak = Math.max(peak, running);
      await later();
      running--;
      return feed(10);
    };
    await Promise.all(Array.from({ length: 6 }, (_, i) => cache.get(`u${i}`, "1", build)));
    expect(peak).toBe(2);
  });
});
