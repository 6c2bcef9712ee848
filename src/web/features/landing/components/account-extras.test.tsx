import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch, renderWithProviders } from "../../../test/render-with-providers.tsx";
import { AccountExtras } from "./account-extras.tsx";

afterEach(cleanup);

const usage = (over: Record<string, unknown> = {}) => ({
  used: 12,
  limit: 15,
  remaining: 3,
  percent: 80,
  tier: "free",
  period: "2026-11",
  resetsAt: "2026-12-01T00:00:00.000Z",
  canUse: true,
  ...over,
});
const profile = (over: Record<string, unknown> = {}) => ({
  profile: { stripe_customer_id: null, subscription_tier: "free", ...over },
});

describe("AccountExtras", () => {
  it("shows usage and an upgrade button for a free user, and no manage button", async () => {
    mockFetch((url) => (url.endsWith("/api/usage") ? json(200, usage()) : json(200, profile())));
    const onUpgrade = vi.fn();
    renderWithProviders(
      <AccountExtras
        signedIn
        billing="demo"
        onUpgrade={onUpgrade}
        onManageSubscription={() => undefined}
      />,
    );
    // the words are for wider screens and screen readers; a phone shows "12/15"
    expect(
      await screen.findAllByText((_, el) => el?.textContent === "12/15 messages"),
    ).not.toHaveLength(0);
    await userEvent.click(screen.getByRole("button", { name: "Upgrade" }));
    expect(onUpgrade).toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Manage Subscription" })).toBeNull();
  });

  it("shows Manage Subscription for a subscriber and 'Unlimited' for pro", async () => {
    mockFetch((url) =>
      url.endsWith("/api/usage")
        ? json(200, usage({ tier: "pro", limit: 999_999, percent: 0 }))
        : json(200, profile({ subscription_tier: "pro", stripe_customer_id: "cus_1" })),
    );
    const onManage = vi.fn();
    renderWithProviders(
      <AccountExtras
        signedIn
        billing="demo"
        onUpgrade={() => undefined}
        onManageSubscription={onManage}
      />,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Manage Subscription" }));
    expect(onManage).toHaveBeenCalled();
    expect(await screen.findByText("Unlimited")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Upgrade" })).toBeNull();
  });

  it("hides the indicator when usage cannot be fetched", async () => {
    const calls = mockFetch(() => json(404, { error: "Not found", code: "not_found" }));
    renderWithProviders(
      <AccountExtras
        signedIn
        billing="demo"
        onUpgrade={() => undefined}
        onManageSubscription={() => undefined}
      />,
    );
    await vi.waitFor(() => expect(calls.length).toBe(2));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText(/messages/)).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("hides Manage Subscription from a free user the Stripe portal has nothing for", async () => {
    mockFetch((url) =>
      url.includes("usage")
        ? json(200, usage({ tier: "free", limit: 15, percent: 0 }))
        : json(200, profile({ subscription_tier: "free", stripe_customer_id: null })),
    );
    renderWithProviders(
      <AccountExtras
        signedIn
        billing="stripe"
        onUpgrade={() => undefined}
        onManageSubscription={() => undefined}
      />,
    );
    await screen.findByRole("button", { name: "Upgrade" });
    expect(screen.queryByRole("button", { name: "Manage Subscription" })).toBeNull();
  });

  it("asks nothing for a signed-out visitor", async () => {
    const calls = mockFetch(() => json(200, {}));
    renderWithProviders(
      <AccountExtras
        signedIn={false}
        billing="demo"
        onUpgrade={() => undefined}
        onManageSubscription={() => undefined}
      />,
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(0);
  });
});
