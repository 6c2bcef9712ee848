import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consumeRateLimit } from "../../src/server/rate-limit/consume-rate-limit.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("consumeRateLimit", () => {
  it("allows exactly `max` hits in a window, even when they arrive at once", async () => {
    const rule = { name: "test-burst", max: 5, windowSeconds: 60 };
    const results = await Promise.all(
      Array.from({ length: 12 }, () => consumeRateLimit(t.db, rule, "k1")),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.find((r) => !r.allowed)!.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("keeps keys apart and starts a new window after the old one ends", async () => {
    const rule = { name: "test-window", max: 1, windowSeconds: 1 };
    expect((await consumeRateLimit(t.db, rule, "a")).allowed).toBe(true);
    expect((await consumeRateLimit(t.db, rule, "b")).allowed).toBe(true);
    expect((await consumeRateLimit(t.db, rule, "a")).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await consumeRateLimit(t.db, rule, "a")).allowed).toBe(true);
  });
});
