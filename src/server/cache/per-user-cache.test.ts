import { describe, expect, it } from "vitest";
import { PerUserCache } from "./per-user-cache.ts";

const sized = (maxBytes: number) =>
  new PerUserCache<{ version: number; zone: string }, { bytes: number }>(maxBytes, (v) => v.bytes);

describe("PerUserCache", () => {
  it("answers only for the very stamp it holds", () => {
    const cache = sized(1_000);
    const value = { bytes: 10 };
    cache.set("u1", { version: 3, zone: "UTC" }, value);
    expect(cache.get("u1", { version: 3, zone: "UTC" })).toBe(value);
    expect(cache.get("u1", { version: 4, zone: "UTC" })).toBeUndefined();
    expect(cache.get("u1", { version: 3, zone: "Europe/Paris" })).toBeUndefined();
    expect(cache.get("u2", { version: 3, zone: "UTC" })).toBeUndefined();
    expect(cache.stampOf("u1")).toEqual({ version: 3, zone: "UTC" });
  });

  it("holds one answer per user, replacing the older", () => {
    const cache = sized(1_000);
    cache.set("u1", { version: 1, zone: "UTC" }, { bytes: 100 });
    cache.set("u1", { version: 2, zone: "UTC" }, { bytes: 40 });
    expect(cache.size).toBe(40);
    expect(cache.get("u1", { version: 1, zone: "UTC" })).toBeUndefined();
  });

  it("drops the least recently used answers past its bytes, and never holds a huge one", () => {
    const cache = sized(160);
    cache.set("a", { version: 1, zone: "UTC" }, { bytes: 10 });
    cache.set("b", { version: 1, zone: "UTC" }, { bytes: 10 });
    // a read makes "a" the most recent
    expect(cache.get("a", { version: 1, zone: "UTC" })).toBeDefined();
    for (let i = 0; i < 15; i++) cache.set(`x${i}`, { version: 1, zone: "UTC" }, { bytes: 10 });
    expect(cache.size).toBeLessThanOrEqual(160);
    expect(cache.stampOf("b")).toBeUndefined();
    expect(cache.stampOf("a")).toBeDefined();
    // over a sixteenth of the budget: not held (and the user's older answer is gone)
    cache.set("a", { version: 2, zone: "UTC" }, { bytes: 11 });
    expect(cache.stampOf("a")).toBeUndefined();
  });
});
