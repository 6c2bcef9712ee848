import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { guard, sessionValue } from "./session-value.ts";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const point = z.object({ x: z.number(), y: z.number() });

describe("sessionValue", () => {
  it("reads back what was written, and take() forgets it", () => {
    const v = sessionValue("t.point", point);
    v.write({ x: 1, y: 2 });
    expect(v.read()).toEqual({ x: 1, y: 2 });
    expect(v.take()).toEqual({ x: 1, y: 2 });
    expect(v.read()).toBeNull();
  });

  it("refuses and removes a stored value that fails the schema", () => {
    sessionStorage.setItem("t.point", JSON.stringify({ x: 1, y: "2" }));
    expect(sessionValue("t.point", point).read()).toBeNull();
    expect(sessionStorage.getItem("t.point")).toBeNull();
    sessionStorage.setItem("t.point", "{not json");
    expect(sessionValue("t.point", point).read()).toBeNull();
    expect(sessionStorage.getItem("t.point")).toBeNull();
  });

  it("checks with a type guard as well as with zod", () => {
    const flag = sessionValue(
      "t.flag",
      guard((v): v is 1 => v === 1),
    );
    flag.write(1);
    // without maxAgeMs the value is stored as its JSON alone
    expect(sessionStorage.getItem("t.flag")).toBe("1");
    expect(flag.read()).toBe(1);
    sessionStorage.setItem("t.flag", "2");
    expect(flag.read()).toBeNull();
  });

  it("expires after maxAgeMs, and refuses an entry without its time", () => {
    vi.useFakeTimers();
    const v = sessionValue("t.point", point, { maxAgeMs: 1000 });
    v.write({ x: 1, y: 2 });
    vi.advanceTimersByTime(1000);
    expect(v.read()).toEqual({ x: 1, y: 2 });
    vi.advanceTimersByTime(1);
    expect(v.read()).toBeNull();
    sessionStorage.setItem("t.point", JSON.stringify({ value: { x: 1, y: 2 } }));
    expect(v.read()).toBeNull();
  });

  it("reads null and drops writes when storage is blocked", () => {
    const v = sessionValue("t.point", point);
    const blocked = () => {
      throw new DOMException("blocked", "SecurityError");
    };
    vi.stubGlobal("sessionStorage", { getItem: blocked, setItem: blocked, removeItem: blocked });
    expect(() => v.write({ x: 1, y: 2 })).not.toThrow();
    expect(v.read()).toBeNull();
    expect(v.take()).toBeNull();
  });
});
