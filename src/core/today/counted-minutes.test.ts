import { describe, expect, it } from "vitest";
import { countedMinutes } from "./counted-minutes.ts";

describe("countedMinutes", () => {
  it("counts a done block whole, whatever minutes it really took", () => {
    expect(countedMinutes({ outcome: "done", minutes: 80, plannedMinutes: 50 })).toBe(50);
    expect(countedMinutes({ outcome: "done", minutes: null, plannedMinutes: 50 })).toBe(50);
  });
  it("counts a partly block by its minutes, never more than the block", () => {
    expect(countedMinutes({ outcome: "partly", minutes: 20, plannedMinutes: 50 })).toBe(20);
    expect(countedMinutes({ outcome: "partly", minutes: 90, plannedMinutes: 50 })).toBe(50);
  });
  it("counts nothing for a skipped block", () => {
    expect(countedMinutes({ outcome: "skipped", minutes: null, plannedMinutes: 50 })).toBe(0);
  });
});
