import { describe, expect, it } from "vitest";
import {
  periodResetsAt,
  remainingUsage,
  usageLevel,
  usagePercent,
  usagePeriodOf,
} from "./allowance.ts";

describe("allowance arithmetic", () => {
  it("remaining is the limit minus usage, never below zero", () => {
    expect(remainingUsage(3, 15)).toBe(12);
    expect(remainingUsage(15, 15)).toBe(0);
    expect(remainingUsage(20, 15)).toBe(0);
  });

  it("warns at 80 percent and is exhausted at 100", () => {
    expect(usageLevel(11, 15)).toBe("ok"); // 73 %
    expect(usageLevel(12, 15)).toBe("warning"); // 80 %
    expect(usageLevel(15, 15)).toBe("exhausted");
    expect(usageLevel(0, 0)).toBe("exhausted");
  });

  it("percent is bounded to 0..100", () => {
    expect(usagePercent(0, 200)).toBe(0);
    expect(usagePercent(300, 200)).toBe(100);
  });

  it("the period is the UTC month and resets on the 1st", () => {
    expect(usagePeriodOf(new Date("2026-01-31T23:59:59Z"))).toBe("2026-01");
    expect(periodResetsAt("2026-01").toISOString()).toBe("2026-02-01T00:00:00.000Z");
    expect(periodResetsAt("2026-12").toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });
});
