import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ApiRoutes, authState, mockApi, renderWithApp } from "../test/render-with-app.tsx";
import SuccessPage from "./success.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const meta = (billing = "demo") => ({
  body: {
    signIn: { google: false, development: true },
    connect: { microsoft: false },
    modes: { database: "pglite", assistant: "offline", billing },
  },
});

function open(routes: ApiRoutes, path = "/success?session_id=demo_cs_1", auth = authState()) {
  const api = mockApi({ "GET /api/meta": meta(), ...routes });
  const utils = renderWithApp(<SuccessPage />, { path, route: "/success", auth });
  return { ...utils, api };
}

describe("/success", () => {
  it("verifies, then welcomes with the capitalised plan, status and next billing date", async () => {
    const { api } = open({
      "POST /api/verify-payment": {
        body: {
          success: true,
          subscription: {
            tier: "starter",
            status: "active",
            current_period_end: "2026-12-22T10:00:00.000Z",
          },
        },
      },
    });
    expect(screen.getByRole("heading", { name: "Verifying Payment" })).toBeTruthy();
    expect(
      await screen.findByRole("heading", { name: "Welcome to calendar intelligence!" }),
    ).toBeTruthy();
    expect(screen.getByText("Starter")).toBeTruthy();
    expect(screen.getByText("active")).toBeTruthy();
    expect(
      screen.getByText(
        new Date("2026-12-22T10:00:00.000Z").toLocaleDateString(undefined, {
          year: "numeric",
          month: "long",
          day: "numeric",
        }),
      ),
    ).toBeTruthy();
    expect(api.calls.filter((c) => c.key === "POST /api/verify-payment")).toEqual([
      { key: "POST /api/verify-payment", body: { sessionId: "demo_cs_1" } },
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Start Using Your Calendar AI" }));
    expect(await screen.findByTestId("elsewhere")).toBeTruthy();
  });

  it.each([
    ["no session id", "/success", {}, authState(), "No payment session found"],
    [
      "signed out",
      undefined,
      {},
      authState({ status: "signedOut", user: null }),
      "User not authenticated",
    ],
    [
      "billing unavailable",
      undefined,
      { "GET /api/meta": meta("unavailable") },
      authState(),
      "Service unavailable. Please try again later.",
    ],
    [
      "an expired session",
      undefined,
      {
        "POST /api/verify-payment": {
          status: 401,
          body: { error: "User session expired. Please sign in again.", code: "unauthenticated" },
        },
      },
      authState(),
      "User session expired. Please sign in again.",
    ],
    [
      "the server's refusal",
      undefined,
      {
        "POST /api/verify-payment": {
          status: 404,
          body: { error: "Payment session not found", code: "not_found" },
        },
      },
      authState(),
      "Payment session not found",
    ],
    [
      "an unpaid session without a reason",
      undefined,
      {
        "POST /api/verify-payment": {
          body: {
            success: false,
            subscription: { tier: "free", status: "inactive", current_period_end: null },
          },
        },
      },
      authState(),
      "Payment verification failed",
    ],
    [
      "a network failure",
      undefined,
      { "POST /api/verify-payment": "network-error" },
      authState(),
      "Failed to verify payment",
    ],
  ] as const)("shows 'Payment Error' for %s", async (_name, path, routes, auth, message) => {
    open(routes as ApiRoutes, path, auth);
    expect(await screen.findByRole("heading", { name: "Payment Error" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(screen.getByRole("link", { name: "Return to App" }).getAttribute("href")).toBe("/");
  });
});
