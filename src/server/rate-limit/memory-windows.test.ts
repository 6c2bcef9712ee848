import { describe, expect, it } from "vitest";
import { MEMORY_KEYS_PER_WINDOW, MemoryWindows } from "./consume-rate-limit.ts";

describe("MemoryWindows", () => {
  const rule = { name: "t", max: 3, windowSeconds: 60 };

  it("allows max hits per key in a window, then refuses with the seconds left", () => {
    const w = new MemoryWindows(rule);
    const t0 = 1_000_000;
    const results = [0, 1, 2, 3].map((i) => w.consume("ip:a", t0 + i * 1000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBe(57);
    // another key has its own count
    expect(w.consume("ip:b", t0 + 4000).allowed).toBe(true);
  });

  it("starts every key again at zero when the window ends", () => {
    const w = new MemoryWindows(rule);
    for (let i = 0; i < 4; i++) w.consume("ip:a", 0);
    expect(w.consume("ip:a", 59_999).allowed).toBe(false);
    expect(w.consume("ip:a", 60_000).allowed).toBe(true);
  });

  it("stops counting new keys past the cap instead of growing without bound", () => {
    const w = new MemoryWindows({ ...rule, max: 0 });
    for (let i = 0; i < MEMORY_KEYS_PER_WINDOW; i++) w.consume(`ip:${i}`, 0);
    // keys already counted stay limited; a new key past the cap is let through uncounted
    expect(w.consume("ip:0", 1).allowed).toBe(false);
    expect(w.consume("ip:new", 1).allowed).toBe(true);
    expect(w.consume("ip:new", 2).allowed).toBe(true);
  });
});
