import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { UsageResponse } from "../../../../core/contract/usage.ts";
import { usage } from "../../../test/render-with-app.tsx";
import { UsageExceededBanner } from "./usage-exceeded-banner.tsx";
import { UsagePanel } from "./usage-panel.tsx";

afterEach(cleanup);

const u = (over: Record<string, unknown>) => usage(over) as UsageResponse;

describe("UsagePanel", () => {
  it("shows used of limit and what is left, without a warning below 80 %", () => {
    render(<UsagePanel usage={u({ used: 11, remaining: 4, percent: 73 })} />);
    expect(screen.getByText("11 of 15 messages")).toBeTruthy();
    expect(screen.getByText(/4 left this month · resets on December 1/)).toBeTruthy();
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("11");
    expect(screen.queryByText(/close to your monthly limit/)).toBeNull();
    // a count below the messages sent is explained: which replies are free
    fireEvent.click(screen.getByText("What counts as a message?"));
    expect(screen.getByText(/Small talk such as “hi” or “thanks” never counts\./)).toBeTruthy();
  });

  it("warns at 80 % and says exhausted at 100 %", () => {
    const { rerender, container } = render(
      <UsagePanel usage={u({ used: 12, remaining: 3, percent: 80 })} onUpgrade={() => {}} />,
    );
    expect(screen.getByText(/You're close to your monthly limit\./)).toBeTruthy();
    expect(container.querySelector("[data-usage-level]")?.getAttribute("data-usage-level")).toBe(
      "warning",
    );
    rerender(
      <UsagePanel
        usage={u({ used: 15, remaining: 0, percent: 100, canUse: false })}
        onUpgrade={() => {}}
      />,
    );
    expect(screen.getByText(/You've reached your monthly limit\./)).toBeTruthy();
    expect(screen.getByText(/Upgrade to Starter for more messages/)).toBeTruthy();
  });

  it("offers Upgrade while a higher plan exists, and never on pro (unlimited)", () => {
    const onUpgrade = vi.fn();
    const { rerender } = render(<UsagePanel usage={u({})} onUpgrade={onUpgrade} />);
    fireEvent.click(screen.getByRole("button", { name: "Upgrade" }));
    expect(onUpgrade).toHaveBeenCalledOnce();
    rerender(
      <UsagePanel
        usage={u({ tier: "pro", used: 420, limit: 999_999, remaining: 999_579, percent: 0 })}
        onUpgrade={onUpgrade}
      />,
    );
    expect(screen.getByText("420 messages · Unlimited")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Upgrade" })).toBeNull();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("has a compact form: plan, used of limit and a bar", () => {
    render(
      <UsagePanel
        variant="compact"
        usage={u({ tier: "starter", used: 190, limit: 200, remaining: 10, percent: 95 })}
      />,
    );
    expect(screen.getByText("Starter plan")).toBeTruthy();
    expect(screen.getByText("190 of 200 messages")).toBeTruthy();
    expect(screen.getByText("You're close to your monthly limit.")).toBeTruthy();
    expect(screen.queryByRole("heading")).toBeNull();
  });
});

describe("UsageExceededBanner", () => {
  it("'Keep Getting Help' leads on and 'Not Now' dismisses", () => {
    const keep = vi.fn();
    const notNow = vi.fn();
    render(
      <UsageExceededBanner
        usage={u({ used: 15, remaining: 0, percent: 100, canUse: false })}
        onKeepGettingHelp={keep}
        onNotNow={notNow}
      />,
    );
    expect(screen.getByRole("alert").textContent).toMatch(/You've used all 15 messages this month/);
    fireEvent.click(screen.getByRole("button", { name: "Keep Getting Help" }));
    fireEvent.click(screen.getByRole("button", { name: "Not Now" }));
    expect(keep).toHaveBeenCalledOnce();
    expect(notNow).toHaveBeenCalledOnce();
  });
});
