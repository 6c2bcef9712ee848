import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { AuthContext, type AuthState } from "../lib/auth-context.ts";
import { MemoryRouter, useLocation } from "../lib/router.tsx";

type Reply = { status?: number; body?: unknown } | "network-error";
export type ApiRoutes = Record<string, Reply | ((body: unknown) => Reply)>;

/**
 * Replaces fetch with a table of `METHOD /path` → reply, and records the calls. Unknown
 * calls answer 404 in the API's error shape, so a missing route shows up in the test.
 */
export function mockApi(routes: ApiRoutes) {
  const calls: { key: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const key = `${init?.method ?? "GET"} ${url.pathname}${url.search}`;
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ key, body });
    const route = routes[key];
    const reply = typeof route === "function" ? route(body) : route;
    if (reply === "network-error") throw new TypeError("Failed to fetch");
    const { status = 200, body: out = {} } = reply ?? {
      status: 404,
      body: { error: "Not found", code: "not_found" },
    };
    return new Response(JSON.stringify(out), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}

export function authState(over: Partial<AuthState> = {}): AuthState {
  return {
    status: "signedIn",
    user: { id: "00000000-0000-4000-8000-000000000001", email: "ada@example.com" },
    signIn: vi.fn(async () => {}),
    signOut: vi.fn(async () => {}),
    completeSignIn: vi.fn(),
    ...over,
  };
}

/** `children` while the location is `route`; after navigating elsewhere, a marker. */
function AtRoute({ route, children }: { route: string; children: ReactNode }) {
  const { pathname } = useLocation();
  return pathname === route ? children : <p data-testid="elsewhere">elsewhere</p>;
}

/** Renders `ui` at `path` inside the app's providers; other paths show their name. */
export function renderWithApp(
  ui: ReactNode,
  opts: { auth?: AuthState; path?: string; route?: string; staleTime?: number } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: opts.staleTime ?? 0 } },
  });
  const auth = opts.auth ?? authState();
  const utils = render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[opts.path ?? "/"]}>
          <AtRoute route={opts.route ?? "/"}>{ui}</AtRoute>
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { ...utils, auth, client };
}

export const usage = (over: Record<string, unknown> = {}) => ({
  used: 3,
  limit: 15,
  remaining: 12,
  percent: 20,
  tier: "free",
  period: "2026-11",
  resetsAt: "2026-12-01T00:00:00.000Z",
  canUse: true,
  ...over,
});

export const profile = (over: Record<string, unknown> = {}) => ({
  id: "00000000-0000-4000-8000-000000000001",
  email: "ada@example.com",
  subscription_tier: "free",
  subscription_status: "inactive",
  monthly_usage: 3,
  monthly_usage_limit: 15,
  stripe_customer_id: null,
  current_period_end: null,
  timezone: null,
  created_at: "2026-01-02T00:00:00.000Z",
  updated_at: "2026-01-02T00:00:00.000Z",
  ...over,
});
