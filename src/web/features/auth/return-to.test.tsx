import { afterEach, describe, expect, it, vi } from "vitest";
import { RETURN_TO_TTL_MS, rememberReturnTo, takeReturnTo } from "./return-to.ts";

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe("returnTo after sign-in", () => {
  it("is read once", () => {
    rememberReturnTo("/fitness");
    expect(takeReturnTo()).toBe("/fitness");
    expect(takeReturnTo()).toBeNull();
  });

  it("is cleared by a sign-in that names no destination", () => {
    rememberReturnTo("/fitness");
    rememberReturnTo(undefined);
    expect(takeReturnTo()).toBeNull();
  });

  it("refuses other sites", () => {
    rememberReturnTo("//evil.example/");
    expect(takeReturnTo()).toBeNull();
    rememberReturnTo("https://evil.example/");
    expect(takeReturnTo()).toBeNull();
  });

  it("expires, so an abandoned sign-in does not redirect a later one", () => {
    vi.useFakeTimers();
    rememberReturnTo("/productivity");
    vi.advanceTimersByTime(RETURN_TO_TTL_MS + 1);
    expect(takeReturnTo()).toBeNull();
  });
});
