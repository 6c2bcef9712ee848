import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../../src/server/db/schema.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("POST /api/ensure-profile", () => {
  it("creates the profile with the spec's defaults, then reports it already existed", async () => {
    const s = await t.signIn();
    await t.db.delete(profiles).where(eq(profiles.id, s.user.id)); // as if never created
    const first = await t.app.inject({
      method: "POST",
      url: "/api/ensure-profile",
      headers: { ...s.headers, "content-type": "application/json" },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      created: true,
      profile: {
        id: s.user.id,
        email: s.user.email,
        subscription_tier: "free",
        subscription_status: "inactive",
        monthly_usage: 0,
        monthly_usage_limit: 15,
      },
    });
    const second = await t.app.inject({
      method: "POST",
      url: "/api/ensure-profile",
      headers: s.headers,
    });
    expect(second.json().created).toBe(false);
  });

  it("creates exactly one profile under concurrent calls", async () => {
    const s = await t.signIn();
    await t.db.delete(profiles).where(eq(profiles.id, s.user.id));
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({ method: "POST", url: "/api/ensure-profile", headers: s.headers }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.json().created).length).toBe(1);
  });

  it("needs a bearer token", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/ensure-profile" });
    expect(res.statusCode).toBe(401);
  });
});

describe("GET /api/profile", () => {
  it("returns the signed-in user's profile", async () => {
    const s = await t.signIn();
    const res = await t.app.inject({ method: "GET", url: "/api/profile", headers: s.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.id).toBe(s.user.id);
  });

  it("reads last month's counter as 0 (the month reset it)", async () => {
    const s = await t.signIn();
    await t.db
      .update(profiles)
      .set({ monthlyUsage: 9, usagePeriod: "2000-01" })
      .where(eq(profiles.id, s.user.id));
    const res = await t.app.inject({ method: "GET", url: "/api/profile", headers: s.headers });
    expect(res.json().profile.monthly_usage).toBe(0);
  });
});
