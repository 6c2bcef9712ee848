import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listPlans } from "../../../../server/billing/list-plans.ts";
import type { BillingProvider } from "../../../../server/integrations/billing/billing-provider.ts";
import { DEMO_PRICE_IDS } from "../../../../server/integrations/billing/demo-billing.ts";
import { setOnline } from "../../../lib/use-online.ts";
import {
  type ApiRoutes,
  authState,
  mockApi,
  profile,
  renderWithApp,
  usage,
} from "../../../test/render-with-app.tsx";
import { PricingScreen } from "./pricing-screen.tsx";

const demoPlans = listPlans({ kind: "demo", priceIds: DEMO_PRICE_IDS } as BillingProvider);

function routes(over: ApiRoutes = {}): ApiRoutes {
  return {
    "GET /api/plans": { body: demoPlans },
    "GET /api/usage": { body: usage() },
    "GET /api/profile": { body: { profile: profile() } },
    ...over,
  };
}

const card = (name: string) => screen.getByRole("listitem", { name: new RegExp(`^${name}`) });

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal("location", { ...window.location, assign, href: "http://localhost/" });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setOnline(true);
});

describe("PricingScreen", () => {
  it("opened offline it says so instead of 'Loading plans…', and shows them once back", async () => {
    const api = mockApi(routes());
    setOnline(false);
    renderWithApp(<PricingScreen />);
    expect((await screen.findByText(/You're offline/)).textContent).toContain(
      "The plans will appear when you're back online.",
    );
    expect(screen.queryByText("Loading plans…")).toBeNull();
    expect(api.calls.filter((c) => c.key === "GET /api/plans")).toEqual([]);
    act(() => setOnline(true));
    await screen.findByText("Upgrade to Starter");
  });

  it("shows three plans, 'Most Popular' on starter and 'Current Plan' on the user's", async () => {
    mockApi(routes());
    renderWithApp(<PricingScreen />);
    await screen.findByText("Upgrade to Starter");
    expect(screen.getAllByRole("listitem", { name: /^(Free|Starter|Pro)/ })).toHaveLength(3);
    expect(within(card("Starter")).getByText("Most Popular")).toBeTruthy();
    await waitFor(() => expect(within(card("Free")).getByText("Current Plan")).toBeTruthy());
    expect(within(card("Pro")).queryByText("Current Plan")).toBeNull();
    expect(
      within(card("Free")).getByText("Calendar sync: subscribe in Google or Apple Calendar"),
    ).toBeTruthy();
    expect(within(card("Free")).getByText("Full multi-week fitness program")).toBeTruthy();
    expect(within(card("Free")).getByText("(not included)")).toBeTruthy();
    expect(within(card("Pro")).getByText("All 12 life areas")).toBeTruthy();
    expect(screen.getByText(/Demo mode — no real charge/)).toBeTruthy();
  });

  it("an upgrade starts a checkout for the plan's price id and goes to its page", async () => {
    const api = mockApi(
      routes({
        "POST /api/create-checkout-session": {
          body: { url: "http://localhost/billing/demo-checkout?session_id=demo_cs_1" },
        },
      }),
    );
    renderWithApp(<PricingScreen />);
    fireEvent.click(await screen.findByRole("button", { name: "Upgrade to Pro" }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        "http://localhost/billing/demo-checkout?session_id=demo_cs_1",
      ),
    );
    expect(api.calls.find((c) => c.key === "POST /api/create-checkout-session")?.body).toEqual({
      priceId: "demo_price_pro",
    });
  });

  it("a failed checkout shows the server's text in a red banner", async () => {
    mockApi(
      routes({
        "POST /api/create-checkout-session": {
          status: 502,
          body: { error: "Failed to start checkout process", code: "service_unavailable" },
        },
      }),
    );
    renderWithApp(<PricingScreen />);
    fireEvent.click(await screen.findByRole("button", { name: "Upgrade to Starter" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(
      "Failed to start checkout process",
    );
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Upgrade to Starter" })).toBeTruthy();
  });

  it("signed out, choosing a plan says 'User not authenticated' and offers sign-in", async () => {
    const api = mockApi(routes());
    const auth = authState({ status: "signedOut", user: null });
    renderWithApp(<PricingScreen />, { auth });
    fireEvent.click(await screen.findByRole("button", { name: "Choose Starter" }));
    expect((await screen.findByRole("alert")).textContent).toMatch("User not authenticated");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(auth.signIn).toHaveBeenCalledOnce();
    expect(api.calls.some((c) => c.key.startsWith("POST"))).toBe(false);
    expect(screen.queryByText("Current Plan")).toBeNull();
  });

  it("says when the chosen life area needs a higher plan", async () => {
    mockApi(routes());
    const { unmount } = renderWithApp(<PricingScreen requestedArea="writing" />);
    expect((await screen.findByRole("status")).textContent).toMatch(
      /writing is part of the Starter plan/,
    );
    unmount();
    mockApi(routes());
    renderWithApp(<PricingScreen requestedArea="productivity" />);
    await screen.findByText("Upgrade to Starter");
    expect(screen.queryByText(/is part of the/)).toBeNull();
  });

  it("a subscriber changes plan through the billing portal and sees Manage Billing", async () => {
    const tab = { opener: {}, location: { href: "" }, close: vi.fn() };
    vi.stubGlobal(
      "open",
      vi.fn(() => tab),
    );
    const api = mockApi(
      routes({
        "GET /api/usage": { body: usage({ tier: "starter", limit: 200 }) },
        "GET /api/profile": {
          body: {
            profile: profile({ subscription_tier: "starter", subscription_status: "active" }),
          },
        },
        "POST /api/create-portal-session": {
          body: { url: "http://localhost/billing/demo-portal?return_url=x" },
        },
      }),
    );
    renderWithApp(<PricingScreen />);
    await waitFor(() => expect(within(card("Starter")).getByText("Current Plan")).toBeTruthy());
    expect(await screen.findByRole("button", { name: "Manage Billing" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Upgrade to Pro" }));
    await waitFor(() =>
      expect(tab.location.href).toBe("http://localhost/billing/demo-portal?return_url=x"),
    );
    expect(tab.opener).toBeNull();
    expect(api.calls.some((c) => c.key === "POST /api/create-checkout-session")).toBe(false);
  });

  it("'Continue with current plan' closes the screen", async () => {
    mockApi(routes());
    const onClose = vi.fn();
    renderWithApp(<PricingScreen onClose={onClose} />);
    fireEvent.click(await screen.findByRole("button", { name: "Continue with current plan" }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
