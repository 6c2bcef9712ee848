import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  api,
  onSignedOut,
  RENEW_RETRY_DELAYS_MS,
  renewSession,
  serverSaid,
  setAccessToken,
} from "./api.ts";
import { rememberUser } from "./local-user-data.ts";

const SESSION = {
  accessToken: "fresh-token",
  user: { id: "00000000-0000-4000-8000-000000000001", email: "ada@example.com" },
};
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

let online = true;
type Reply = Response | "network-error";

/** fetch: /api/auth/refresh answers from `refreshReplies` in turn; /api/usage needs the token. */
function mockServer(refreshReplies: Reply[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      calls.push(path);
      if (path === "/api/auth/refresh") {
        const reply = refreshReplies.shift() ?? json(500, { error: "no more replies" });
        if (reply === "network-error") throw new TypeError("Failed to fetch");
        return reply;
      }
      const auth = (init?.headers as Record<string, string> | undefined)?.authorization;
      if (auth !== "Bearer fresh-token") return json(401, { error: "Authentication required" });
      return json(200, { used: 1 });
    }),
  );
  return calls;
}

const refreshCalls = (calls: string[]) => calls.filter((c) => c === "/api/auth/refresh").length;

beforeEach(() => {
  online = true;
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
  // a user signed in on this device, so there may be a session to renew
  rememberUser(SESSION.user);
  setAccessToken("expired-token");
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  setAccessToken(null);
});

describe("serverSaid", () => {
  it("gives the server's words, and nothing when it could not be reached", () => {
    expect(serverSaid(new ApiError(409, "conflict", "That block has changed since."))).toBe(
      "That block has changed since.",
    );
    expect(serverSaid(new ApiError(0, "network", "Failed to fetch"))).toBeNull();
    expect(serverSaid(new TypeError("Failed to fetch"))).toBeNull();
  });
});

describe("renewing the session", () => {
  it("retries a rate-limited refresh with backoff and never signs out", async () => {
    const calls = mockServer([
      json(429, { error: "Rate limit exceeded" }, { "retry-after": "2" }),
      "network-error",
      json(200, SESSION),
    ]);
    const signedOut = vi.fn();
    const off = onSignedOut(signedOut);
    const answer = api<{ used: number }>("/api/usage");
    await vi.advanceTimersByTimeAsync(2_000); // the Retry-After (longer than the first delay)
    expect(refreshCalls(calls)).toBe(2);
    await vi.advanceTimersByTimeAsync(RENEW_RETRY_DELAYS_MS[1]!);
    await expect(answer).resolves.toEqual({ used: 1 });
    expect(refreshCalls(calls)).toBe(3);
    expect(signedOut).not.toHaveBeenCalled();
    off();
  });

  it("gives up for now after the backoff, as 'unavailable' (a 503), not as signed out", async () => {
    const calls = mockServer(RENEW_RETRY_DELAYS_MS.map(() => json(503, {})).concat(json(429, {})));
    const signedOut = vi.fn();
    const off = onSignedOut(signedOut);
    const answer = api("/api/usage").catch((err: unknown) => err);
    await vi.runAllTimersAsync();
    const err = await answer;
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(503);
    expect(refreshCalls(calls)).toBe(RENEW_RETRY_DELAYS_MS.length + 1);
    expect(signedOut).not.toHaveBeenCalled();
    off();
  });

  it("signs out only on a definite 401 from refresh", async () => {
    const calls = mockServer([json(401, { error: "Authentication required. Please sign in." })]);
    const signedOut = vi.fn();
    const off = onSignedOut(signedOut);
    await expect(api("/api/usage")).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls(calls)).toBe(1);
    expect(signedOut).toHaveBeenCalledTimes(1);
    off();
  });

  it("does not retry while offline: the 'online' event brings the caller back", async () => {
    online = false;
    const calls = mockServer(["network-error"]);
    await expect(renewSession()).resolves.toEqual({ kind: "unavailable" });
    expect(refreshCalls(calls)).toBe(1);
  });

  it("renews a page opened offline (no token yet) on its first 401, then answers", async () => {
    setAccessToken(null);
    const calls = mockServer([json(200, SESSION)]);
    await expect(api("/api/usage")).resolves.toEqual({ used: 1 });
    expect(calls).toEqual(["/api/usage", "/api/auth/refresh", "/api/usage"]);
  });

  it("shares one refresh between concurrent callers", async () => {
    const calls = mockServer([json(200, SESSION)]);
    await Promise.all([api("/api/usage"), api("/api/usage"), api("/api/usage")]);
    expect(refreshCalls(calls)).toBe(1);
  });
});
