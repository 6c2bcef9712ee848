import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { setAccessToken } from "../../lib/api.ts";
import { useAuth } from "../../lib/auth-context.ts";
import { rememberUser } from "../../lib/local-user-data.ts";
import { MemoryRouter } from "../../lib/router.tsx";
import { addSessionCache } from "../../lib/session-caches.ts";
import { AuthProvider } from "./auth-provider.tsx";

const USER = { id: "00000000-0000-4000-8000-000000000001", email: "ada@example.com" };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function Status() {
  const { status, user } = useAuth();
  return <p data-testid="auth">{`${status} ${user?.email ?? "-"}`}</p>;
}

function renderProvider(refresh: () => Response) {
  const calls = { refresh: 0 };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) === "/api/auth/refresh") {
        calls.refresh++;
        return refresh();
      }
      return json(404, { error: "Not found" });
    }),
  );
  // a cache as the query client registers itself: told when the session is confirmed
  const invalidate = vi.fn();
  onTestFinished(addSessionCache({ refresh: invalidate, clear: () => undefined }));
  render(
    <MemoryRouter>
      <AuthProvider>
        <Status />
      </AuthProvider>
    </MemoryRouter>,
  );
  return { calls, invalidate };
}

const shown = () => screen.getByTestId("auth").textContent;
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

beforeEach(() => {
  localStorage.clear();
  rememberUser(USER);
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => true });
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setAccessToken(null);
});

describe("AuthProvider when the session cannot be confirmed", () => {
  it("keeps the remembered user through rate-limited refreshes, then refetches once renewed", async () => {
    let limited = true;
    const { calls, invalidate } = renderProvider(() =>
      limited
        ? json(429, { error: "Rate limit exceeded" })
        : json(200, { accessToken: "t", user: USER }),
    );
    await advance(20_000); // the backoff runs out
    expect(shown()).toBe("signedIn ada@example.com");
    const afterBackoff = calls.refresh;
    expect(afterBackoff).toBeGreaterThan(1);
    expect(invalidate).not.toHaveBeenCalled();

    limited = false;
    await advance(30_000); // asked again, without any user action
    expect(calls.refresh).toBeGreaterThan(afterBackoff);
    expect(shown()).toBe("signedIn ada@example.com");
    expect(invalidate).toHaveBeenCalled();
  });

  it("signs out on a definite 401 from refresh", async () => {
    renderProvider(() => json(401, { error: "Authentication required. Please sign in." }));
    await advance(0);
    expect(shown()).toBe("signedOut -");
  });
});
