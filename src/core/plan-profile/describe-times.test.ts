import { describe, expect, it } from "vitest";
import { formatClock, formatClockRange } from "./describe-times.ts";

describe("formatClock / formatClockRange", () => {
  it.each([
    [540, "9 am"],
    [570, "9:30 am"],
    [720, "noon"],
    [0, "midnight"],
    [1440, "midnight"],
    [1290, "9:30 pm"],
  ])("%i → %s", (m, text) => {
    expect(formatClock(m)).toBe(text);
  });

  it.each([
    [480, 660, "8–11 am"],
    [510, 660, "8:30–11 am"],
    [540, 900, "9 am–3 pm"],
    [540, 720, "9 am–noon"],
    [1200, 1440, "8 pm–midnight"],
  ])("%i–%i → %s", (a, b, text) => {
    expect(formatClockRange(a, b)).toBe(text);
  });
});
