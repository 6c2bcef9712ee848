import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("JSON errors under /api", () => {
  it("an unknown route is a JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Not found", code: "not_found" });
  });

  it("malformed JSON is a 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Malformed JSON body.", code: "bad_request" });
  });

  it("a __proto__ key is refused with a 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      headers: { "content-type": "application/json" },
      payload: '{"email":"a@example.com","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
  });

  it("an oversize body is a 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: `${"a".repeat(200_000)}@example.com` },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe("payload_too_large");
  });

  it("a wrong content type is a 415", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      headers: { "content-type": "text/plain" },
      payload: "email=a@example.com",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe("unsupported_media_type");
  });

  it("extra fields are refused with a 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "a@example.com", admin: true },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("meta endpoints", () => {
  it("GET /version.json has the version fields", async () => {
    const res = await t.app.inject({ method: "GET", url: "/version.json" });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(
      ["branch", "buildDate", "lastCommitDate", "revision", "version"].sort(),
    );
  });

  it("GET /healthz reports the database up", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.json()).toEqual({ ok: true, database: "up" });
  });

  it("sets security headers with a CSP that allows no inline script", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"));
    expect(scriptSrc).not.toContain("unsafe-inline");
    // inline styles are allowed on purpose (docs/decisions/010-inline-styles-in-csp.md)
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("GET /api/meta names the embedded defaults in use", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/meta" });
    expect(res.json()).toMatchObject({
      signIn: { google: false, development: true },
      connect: { microsoft: false },
      modes: { assistant: "offline", billing: "demo" },
    });
  });
});
