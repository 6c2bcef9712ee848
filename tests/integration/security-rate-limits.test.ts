import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ROUTES, type ApiRoute, apiRoutes } from "../support/api-routes.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Every public route with a per-address limit, found from the app's own route table:
 * `max` hits pass the limiter, the next is a 429 — whatever X-Forwarded-For the client
 * forges. Bodies are empty so the requests fail validation cheaply after the limiter.
 */
function limitedPublicRoutes(t: TestApp) {
  return apiRoutes(t.routes)
    .filter((r) => API_ROUTES[r.key]?.access === "public")
    .flatMap((r) =>
      // a public route's anonymous callers count per address under either rule ("user"
      // counts a signed-in caller on its own)
      r.rateLimits.map((limit) => ({ route: r, limit })),
    );
}

function hit(t: TestApp, route: ApiRoute, opts: { remoteAddress: string; forwardedFor?: string }) {
  return t.app.inject({
    method: route.method as "GET",
    url: route.url,
    remoteAddress: opts.remoteAddress,
    headers: opts.forwardedFor ? { "x-forwarded-for": opts.forwardedFor } : {},
    ...(route.method === "GET" ? {} : { payload: {} }),
  });
}

async function exhaust(
  t: TestApp,
  route: ApiRoute,
  max: number,
  opts: (i: number) => { remoteAddress: string; forwardedFor?: string },
) {
  const statuses: number[] = [];
  for (let i = 0; i <= max; i++) statuses.push((await hit(t, route, opts(i))).statusCode);
  return statuses;
}

const forged = (i: number) => `198.51.100.${i % 250}`;

describe("TRUST_PROXY=0: the socket address is the client, X-Forwarded-For is ignored", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "0" } });
  });
  afterAll(() => t.close());

  it("covers every rate-limited public route", () => {
    const limited = new Set(limitedPublicRoutes(t).map(({ route }) => route.key));
    const publicRoutes = Object.keys(API_ROUTES).filter((k) => API_ROUTES[k]!.access === "public");
    expect([...limited].sort()).toEqual(publicRoutes.sort());
  });

  it("a forged X-Forwarded-For on every request does not reset any limit", async () => {
    for (const { route, limit } of limitedPublicRoutes(t)) {
      const statuses = await exhaust(t, route, limit.max, (i) => ({
        remoteAddress: "203.0.113.10",
        forwardedFor: forged(i),
      }));
      expect([route.key, statuses.slice(0, -1).includes(429)]).toEqual([route.key, false]);
      expect([route.key, statuses.at(-1)]).toEqual([route.key, 429]);
      // another real client is not affected
      const other = await hit(t, route, { remoteAddress: "203.0.113.11" });
      expect([route.key, other.statusCode]).not.toEqual([route.key, 429]);
    }
    // every public route's limit counts in the database: ~2,000 writes, one after another
  }, 180_000);

  it("a signed-in person saving a quick setup is not starved by visitors on the same address", async () => {
    const address = { remoteAddress: "203.0.113.40" };
    const body = { domain: "goals", answers: { "What is the goal?": "Run 10k" } };
    for (let i = 0; i < 20; i++) {
      await t.app.inject({
        method: "POST",
        url: "/api/onboarding/context",
        payload: body,
        ...address,
      });
    }
    const visitor = await t.app.inject({
      method: "POST",
      url: "/api/onboarding/context",
      payload: body,
      ...address,
    });
    expect(visitor.statusCode).toBe(429);
    const s = await t.signIn();
    const member = await t.app.inject({
      method: "POST",
      url: "/api/onboarding/context",
      payload: body,
      headers: s.headers,
      ...address,
    });
    expect(member.statusCode).toBe(200);
  });

  it("the 429 says 'Rate limit' with a Retry-After header and the {error, code} body", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/sage-votes",
      remoteAddress: "203.0.113.10",
      payload: {},
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: "rate_limited",
      error: expect.stringMatching(/Rate limit/),
    });
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("TRUST_PROXY=1: the proxy's entry is the client, anything the client prepends is not", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "1" } });
  });
  afterAll(() => t.close());

  it("a client cannot reset a limit by prepending forged addresses", async () => {
    const proxy = "10.0.0.2";
    for (const { route, limit } of limitedPublicRoutes(t)) {
      // the proxy appends the real address it saw; the client forges what comes before
      const statuses = await exhaust(t, route, limit.max, (i) => ({
        remoteAddress: proxy,
        forwardedFor: `${forged(i)}, 203.0.113.20`,
      }));
      expect([route.key, statuses.slice(0, -1).includes(429)]).toEqual([route.key, false]);
      expect([route.key, statuses.at(-1)]).toEqual([route.key, 429]);
      // the proxy's own address is not one client: another real client behind it still passes
      const other = await hit(t, route, { remoteAddress: proxy, forwardedFor: "203.0.113.21" });
      expect([route.key, other.statusCode]).not.toEqual([route.key, 429]);
    }
    // every public route's limit counts in the database: ~2,000 writes, one after another
  }, 180_000);
});
