import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_LIVE_CACHE_MS } from "../../src/server/auth/sessions.ts";
import { sessions } from "../../src/server/db/schema.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString("base64url");

describe("development sign-in", () => {
  it("returns an access token, the user and an httpOnly SameSite=Lax session cookie", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "  Ada@Example.com " },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.email).toBe("ada@example.com");
    expect(body.accessToken.split(".")).toHaveLength(3);
    const cookie = res.cookies.find((c) => c.name === "sage_session")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.secure).toBeFalsy();
  });

  it("gives the same user for the same e-mail", async () => {
    const a = await t.signIn("same@example.com");
    const b = await t.signIn("SAME@example.com");
    expect(a.user.id).toBe(b.user.id);
  });

  it("refuses an invalid e-mail with a 400 naming the field", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "not-an-email" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "bad_request" });
    expect(res.json().error).toMatch(/^email: /);
  });

  it("refuses a cross-site request", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      headers: { origin: "https://evil.example" },
      payload: { email: "x@example.com" },
    });
    expect(res.statusCode).toBe(403);
  });

  it("answers 404 when Google is configured", async () => {
    const g = await createTestApp({
      env: { GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" },
    });
    try {
      const res = await g.app.inject({
        method: "POST",
        url: "/api/auth/dev-login",
        payload: { email: "x@example.com" },
      });
      expect(res.statusCode).toBe(404);
      const meta = await g.app.inject({ method: "GET", url: "/api/meta" });
      expect(meta.json().signIn).toEqual({ google: true, development: false });
    } finally {
      await g.close();
    }
  });
});

describe("sessions", () => {
  it("refresh returns a new access token for the cookie's user", async () => {
    const s = await t.signIn();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      headers: { cookie: s.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual(s.user);
    const profile = await t.app.inject({
      method: "GET",
      url: "/api/profile",
      headers: { authorization: `Bearer ${res.json().accessToken}` },
    });
    expect(profile.statusCode).toBe(200);
  });

  it("refresh without a cookie or with a forged one is 401", async () => {
    for (const cookie of [
      undefined,
      "sage_session=garbage",
      `sage_session=${crypto.randomUUID()}.x`,
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/refresh",
        headers: cookie ? { cookie } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toContain("Authentication");
    }
  });

  it("logout revokes the session: the cookie and the issued access token stop working", async () => {
    const s = await t.signIn();
    // a request just before logout leaves the session's liveness cached: logout must still win
    const before = await t.app.inject({ method: "GET", url: "/api/profile", headers: s.headers });
    expect(before.statusCode).toBe(200);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: s.cookie },
    });
    expect(out.statusCode).toBe(204);
    const refresh = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      headers: { cookie: s.cookie },
    });
    expect(refresh.statusCode).toBe(401);
    const api = await t.app.inject({ method: "GET", url: "/api/profile", headers: s.headers });
    expect(api.statusCode).toBe(401);
    expect(api.json().error).toContain("Authentication");
  });
});

describe("signed-in hint cookie", () => {
  it("sign-in sets a readable, secret-free hint; logout and a failed refresh clear it", async () => {
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "hint@example.com" },
    });
    const hint = login.cookies.find((c) => c.name === "sage_signed_in")!;
    expect(hint.value).toBe("1");
    expect(hint.httpOnly).toBeFalsy();
    expect(hint.path).toBe("/");
    const session = login.cookies.find((c) => c.name === "sage_session")!;
    const cookie = `sage_session=${session.value}`;

    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie },
    });
    expect(out.cookies.find((c) => c.name === "sage_signed_in")?.value).toBe("");

    const refresh = await t.app.inject({ method: "POST", url: "/api/auth/refresh" });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.cookies.find((c) => c.name === "sage_signed_in")?.value).toBe("");
  });
});

describe("session liveness cache", () => {
  it("a session revoked elsewhere (another instance) stops its tokens within SESSION_LIVE_CACHE_MS", async () => {
    const s = await t.signIn();
    const call = () => t.app.inject({ method: "GET", url: "/api/profile", headers: s.headers });
    expect((await call()).statusCode).toBe(200);
    // written straight to the database, as another server instance's logout would
    await t.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, s.user.id));
    await new Promise((r) => setTimeout(r, SESSION_LIVE_CACHE_MS + 50));
    const after = await call();
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toContain("Authentication");
  });
});

describe("bearer token tampering", () => {
  async function call(authorization?: string) {
    return t.app.inject({
      method: "GET",
      url: "/api/profile",
      headers: authorization ? { authorization } : {},
    });
  }

  it("no token, a garbage token and a wrong scheme are 401", async () => {
    for (const h of [undefined, "Bearer garbage", "Basic abc", "Bearer "]) {
      const res = await call(h);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toContain("Authentication");
    }
  });

  it("an edited payload is 401", async () => {
    const s = await t.signIn();
    const other = await t.signIn();
    const [h, p, sig] = s.accessToken.split(".");
    const payload = JSON.parse(Buffer.from(p!, "base64url").toString());
    payload.sub = other.user.id;
    const res = await call(`Bearer ${h}.${b64(payload)}.${sig}`);
    expect(res.statusCode).toBe(401);
  });

  it("alg none is 401", async () => {
    const s = await t.signIn();
    const payload = JSON.parse(Buffer.from(s.accessToken.split(".")[1]!, "base64url").toString());
    const res = await call(`Bearer ${b64({ alg: "none", typ: "JWT" })}.${b64(payload)}.`);
    expect(res.statusCode).toBe(401);
  });

  it("a token signed with another key is 401", async () => {
    const s = await t.signIn();
    const payload = JSON.parse(Buffer.from(s.accessToken.split(".")[1]!, "base64url").toString());
    const forged = await new SignJWT(payload)
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("another-secret-another-secret-another"));
    expect((await call(`Bearer ${forged}`)).statusCode).toBe(401);
  });

  it("an expired token is 401 with an 'Authentication expired' message", async () => {
    const s = await t.signIn();
    const { createAccessTokens } = await import("../../src/server/auth/access-token.ts");
    const tokens = createAccessTokens(t.config.sessionSecret, t.config.publicUrl.origin);
    const sessionId = JSON.parse(
      Buffer.from(s.accessToken.split(".")[1]!, "base64url").toString(),
    ).sid;
    const old = await tokens.sign(
      { userId: s.user.id, sessionId, email: s.user.email },
      Date.now() - 60 * 60 * 1000,
    );
    const res = await call(`Bearer ${old}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatch(/Authentication expired/);
  });
});
