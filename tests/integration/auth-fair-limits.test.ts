import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, loggerOptions } from "../../src/server/app.ts";
import { AUTH_RATE_LIMITS } from "../../src/server/routes/auth.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Everyone behind one proxy with TRUST_PROXY=0: one address for all. */
const shared = "203.0.113.10";

const refresh = (cookie: string | undefined, remoteAddress = shared) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/refresh",
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });
const devLogin = (payload: object) =>
  t.app.inject({ method: "POST", url: "/api/auth/dev-login", payload });

describe("a valid credential is never starved by invalid ones from the same address", () => {
  it(`${AUTH_RATE_LIMITS.logout.max} logouts without a session from the address: the next gets 429, a signed-in person's logout still works`, async () => {
    const s = await t.signIn();
    const logout = (cookie?: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/logout",
        remoteAddress: shared,
        headers: cookie ? { cookie } : {},
      });
    for (let i = 0; i < AUTH_RATE_LIMITS.logout.max; i++) {
      expect((await logout(i % 2 ? undefined : `sage_session=forged-${i}.sig`)).statusCode).toBe(
        204,
      );
    }
    expect((await logout()).statusCode).toBe(429);
    expect((await logout(s.cookie)).statusCode).toBe(204);
    // the session is really gone
    expect((await refresh(s.cookie, "203.0.113.99")).statusCode).toBe(401);
  }, 60_000);

  it(`${AUTH_RATE_LIMITS.refresh.max} bogus refreshes: the bogus ones get 429, a real user's refresh still answers 200`, async () => {
    const s = await t.signIn();
    for (let i = 0; i < AUTH_RATE_LIMITS.refresh.max; i++) {
      const bogus = await refresh(i % 2 ? undefined : `sage_session=forged-${i}.sig`);
      expect(bogus.statusCode).toBe(401);
    }
    expect((await refresh("sage_session=forged-more.sig")).statusCode).toBe(429);
    expect((await refresh(undefined)).statusCode).toBe(429);
    const real = await refresh(s.cookie);
    expect(real.statusCode).toBe(200);
    expect(real.json().accessToken).toEqual(expect.any(String));
  }, 60_000);

  it(`a live session's own refreshes are limited per session (${AUTH_RATE_LIMITS.refreshSession.max}/min), not the address`, async () => {
    const s = await t.signIn();
    const other = await t.signIn();
    const address = "203.0.113.30";
    for (let i = 0; i < AUTH_RATE_LIMITS.refreshSession.max; i++) {
      expect((await refresh(s.cookie, address)).statusCode).toBe(200);
    }
    const over = await refresh(s.cookie, address);
    expect(over.statusCode).toBe(429);
    expect(over.headers["retry-after"]).toBeDefined();
    expect((await refresh(other.cookie, address)).statusCode).toBe(200);
  }, 60_000);

  it("80 development sign-ins do not lock the next person out; failures and one e-mail's sign-ins are limited", async () => {
    for (let i = 0; i < 80; i++) {
      expect((await devLogin({ email: `crowd-${i}@example.com` })).statusCode).toBe(200);
    }
    expect((await devLogin({ email: "next-person@example.com" })).statusCode).toBe(200);

    for (let i = 0; i < AUTH_RATE_LIMITS.devLogin.max; i++) {
      expect((await devLogin({ email: `not-an-email-${i}` })).statusCode).toBe(400);
    }
    expect((await devLogin({ email: "still-not-an-email" })).statusCode).toBe(429);
    expect((await devLogin({ email: "after-the-failures@example.com" })).statusCode).toBe(200);

    for (let i = 1; i < AUTH_RATE_LIMITS.devLoginEmail.max; i++) {
      expect((await devLogin({ email: "after-the-failures@example.com" })).statusCode).toBe(200);
    }
    expect((await devLogin({ email: "After-The-Failures@example.com" })).statusCode).toBe(429);
  }, 60_000);
});

describe("X-Forwarded-For while TRUST_PROXY=0", () => {
  async function warnings(trustProxy: number) {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = { ...t.config, logLevel: "info", trustProxy };
    const app = await buildApp({
      config,
      database: t.database,
      logger: { ...loggerOptions(config), stream },
      webRoot: "/nonexistent",
    });
    await app.ready();
    try {
      await app.inject({ method: "GET", url: "/healthz" });
      for (const ip of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
        await app.inject({ method: "GET", url: "/healthz", headers: { "x-forwarded-for": ip } });
      }
      return lines.filter((l) => l.includes("TRUST_PROXY"));
    } finally {
      await app.close();
    }
  }

  it("warns once, naming TRUST_PROXY", async () => {
    const found = await warnings(0);
    expect(found).toHaveLength(1);
    expect(JSON.parse(found[0]!)).toMatchObject({ level: 40 });
  });

  it("says nothing when TRUST_PROXY is set", async () => {
    expect(await warnings(1)).toEqual([]);
  });
});
