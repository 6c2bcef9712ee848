import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  consumeRateLimit,
  purgeRateLimits,
} from "../../src/server/rate-limit/consume-rate-limit.ts";
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

  it("a refused key is refused again without a new count until its window ends", async () => {
    const rule = { name: "test-blocked", max: 1, windowSeconds: 60 };
    expect((await consumeRateLimit(t.db, rule, "k")).allowed).toBe(true);
    expect((await consumeRateLimit(t.db, rule, "k")).allowed).toBe(false);
    const again = await consumeRateLimit(t.db, rule, "k");
    expect(again.allowed).toBe(false);
    expect(again.retryAfterSeconds).toBeGreaterThan(50);
    const rows = await t.db.execute(
      sql`select count from rate_limits where key = ${"test-blocked:k"}`,
    );
    expect((rows as unknown as { rows: { count: number }[] }).rows[0]!.count).toBe(2);
  });
});

describe("purgeRateLimits", () => {
  it("deletes windows that ended, keeps the ones still counting", async () => {
    await consumeRateLimit(t.db, { name: "test-live", max: 5, windowSeconds: 600 }, "x");
    await t.db.execute(sql`insert into rate_limits (key, count, reset_at)
      values ('test-old:y', 3, now() - interval '10 minutes')`);
    expect(await purgeRateLimits(t.db)).toBeGreaterThanOrEqual(1);
    const rows = await t.db.execute(
      sql`select key from rate_limits where key in ('test-live:x', 'test-old:y')`,
    );
    expect((rows as unknown as { rows: { key: string }[] }).rows.map((r) => r.key)).toEqual([
      "test-live:x",
    ]);
  });
});
