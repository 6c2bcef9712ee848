import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setOnline } from "../lib/use-online.ts";
import { OfflineBanner } from "./offline-banner.tsx";

afterEach(() => {
  cleanup();
  setOnline(true);
});

describe("OfflineBanner", () => {
  it("says 'offline' in a status region while offline, and nothing once back", () => {
    const { container } = render(<OfflineBanner />);
    const live = container.querySelector("[aria-live=polite]")!;
    expect(live.textContent).toBe("");
    expect(screen.queryByRole("status")).toBeNull();
    act(() => setOnline(false));
    expect(screen.getByRole("status").textContent).toContain("You're offline");
    expect(live.contains(screen.getByRole("status"))).toBe(true);
    act(() => setOnline(true));
    expect(screen.queryByRole("status")).toBeNull();
  });
});
