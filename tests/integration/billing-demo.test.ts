import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessTokens } from "../../src/server/auth/access-token.ts";
import { findOrCreateUserByEmail } from "../../src/server/auth/find-or-create-user.ts";
import { createSession, sessionIdFromCookie } from "../../src/server/auth/sessions.ts";
import { activityLogs, profiles } from "../../src/server/db/schema.ts";
import { ensureProfile } from "../../src/server/profile/ensure-profile.ts";
import { createTestApp, TEST_SECRET, type TestApp } from "../support/test-app.ts";

let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: "POST", url, headers, ...(payload ? { payload } : {}) });

async function checkout(headers: Headers, priceId = "demo_price_starter") {
  const res = await post("/api/create-checkout-session", headers, { priceId });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().url);
  return { url, sessionId: url.searchParams.get("session_id")! };
}

async function profileOf(userId: string) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.id, userId));
  return row!;
}

describe("demo billing (localhost without Stripe)", () => {
  it("plans carry the demo provider's own price ids", async () => {
    const body = (await t.app.inject({ method: "GET", url: "/api/plans" })).json();
    expect(body.billing).toBe("demo");
    expect(body.plans.map((p: { stripePriceId: string | null }) => p.stripePriceId)).toEqual([
      null,
      "demo_price_starter",
      "demo_price_pro",
    ]);
  });

  it("checkout → local checkout page → Pay → verify: starter, 200 a month, one grant", async () => {
    const s = await t.signIn();
    const { url, sessionId } = await checkout(s.headers);
    expect(url.origin + url.pathname).toBe("http://localhost:3000/billing/demo-checkout");
    expect(sessionId).toMatch(/^demo_cs_/);

    const info = await t.app.inject({
      method: "GET",
      url: `/api/demo-billing/sessions/${sessionId}`,
      headers: s.headers,
    });
    expect(info.json()).toEqual({
      id: sessionId,
      tier: "starter",
      planName: "Starter",
      price: 5,
      currency: "usd",
      interval: "month",
      status: "open",
    });

    const early = await post("/api/verify-payment", s.headers, { sessionId });
    expect(early.json()).toMatchObject({ success: false, subscription: { tier: "free" } });

    const paid = await post("/api/demo-billing/complete", s.headers, { sessionId });
    expect(paid.json()).toEqual({ redirectUrl: `/success?session_id=${sessionId}` });
    const again = await post("/api/demo-billing/complete", s.headers, { sessionId });
    expect(again.statusCode).toBe(200);

    const v = await post("/api/verify-payment", s.headers, { sessionId });
    expect(v.json()).toMatchObject({
      success: true,
      subscription: { tier: "starter", status: "active" },
    });
    const end = new Date(v.json().subscription.current_period_end).getTime();
    expect(end - clock).toBeGreaterThan(27 * 86_400_000);
    expect(end - clock).toBeLessThan(32 * 86_400_000);
    expect(await profileOf(s.user.id)).toMatchObject({
      subscriptionTier: "starter",
      monthlyUsageLimit: 200,
    });
    const logs = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.userId, s.user.id),
          eq(activityLogs.activityType, "subscription_started"),
        ),
      );
    expect(logs).toHaveLength(1);
  });

  it("an exhausted free user can chat again after paying", async () => {
    const s = await t.signIn();
    const period = new Date(clock).toISOString().slice(0, 7);
    await t.db
      .update(profiles)
      .set({ monthlyUsage: 15, usagePeriod: period })
      .where(eq(profiles.id, s.user.id));
    const before = await t.app.inject({ method: "GET", url: "/api/usage", headers: s.headers });
    expect(before.json()).toMatchObject({ canUse: false, remaining: 0 });
    const { sessionId } = await checkout(s.headers);
    await post("/api/demo-billing/complete", s.headers, { sessionId });
    const after = await t.app.inject({ method: "GET", url: "/api/usage", headers: s.headers });
    expect(after.json()).toMatchObject({
      canUse: true,
      used: 15,
      limit: 200,
      remaining: 185,
      tier: "starter",
    });
  });

  it("only the session's own user can see, pay or verify it", async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const { sessionId } = await checkout(owner.headers);
    const see = await t.app.inject({
      method: "GET",
      url: `/api/demo-billing/sessions/${sessionId}`,
      headers: other.headers,
    });
    expect(see.statusCode).toBe(404);
    const pay = await post("/api/demo-billing/complete", other.headers, { sessionId });
    expect(pay.statusCode).toBe(404);
    expect(pay.json().error).toBe("Payment session not found");
    const none = await post("/api/demo-billing/complete", {}, { sessionId });
    expect(none.json().error).toBe("User not authenticated");
    expect((await profileOf(other.user.id)).subscriptionTier).toBe("free");
    expect((await profileOf(owner.user.id)).subscriptionTier).toBe("free");
  });

  it("an expired checkout session cannot be paid and verifies as not paid", async () => {
    const s = await t.signIn();
    const { sessionId } = await checkout(s.headers);
    clock += 25 * 3_600_000;
    try {
      const pay = await post("/api/demo-billing/complete", s.headers, { sessionId });
      expect(pay.statusCode).toBe(409);
      expect(pay.json().error).toMatch(/expired/);
      const v = await post("/api/verify-payment", s.headers, { sessionId });
      expect(v.json()).toMatchObject({ success: false, subscription: { tier: "free" } });
    } finally {
      clock -= 25 * 3_600_000;
    }
  });

  it("a subscriber is sent to Manage Billing instead of a second checkout", async () => {
    const s = await t.signIn();
    const { sessionId } = await checkout(s.headers);
    await post("/api/demo-billing/complete", s.headers, { sessionId });
    const res = await post("/api/create-checkout-session", s.headers, {
      priceId: "demo_price_pro",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/Manage Billing/);
  });

  it("portal: none on free; a local portal that changes plan and cancels back to free", async () => {
    const s = await t.signIn();
    const none = await post("/api/create-portal-session", s.headers, { returnUrl: "/chat" });
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe("No active subscription found");
    const noCancel = await post("/api/demo-billing/cancel-subscription", s.headers);
    expect(noCancel.statusCode).toBe(404);

    const { sessionId } = await checkout(s.headers);
    await post("/api/demo-billing/complete", s.headers, { sessionId });
    const portal = await post("/api/create-portal-session", s.headers, { returnUrl: "/chat" });
    const url = new URL(portal.json().url);
    expect(url.pathname).toBe("/billing/demo-portal");
    expect(url.searchParams.get("return_url")).toBe("http://localhost:3000/chat");
    const evil = await post("/api/create-portal-session", s.headers, {
      returnUrl: "https://evil.example/x",
    });
    expect(new URL(evil.json().url).searchParams.get("return_url")).toBe("http://localhost:3000/");

    const pro = await post("/api/demo-billing/change-plan", s.headers, { tier: "pro" });
    expect(pro.json().subscription).toMatchObject({ tier: "pro", status: "active" });
    expect(await profileOf(s.user.id)).toMatchObject({
      subscriptionTier: "pro",
      monthlyUsageLimit: 999_999,
    });
    const bad = await post("/api/demo-billing/change-plan", s.headers, { tier: "free" });
    expect(bad.statusCode).toBe(400);

    const cancel = await post("/api/demo-billing/cancel-subscription", s.headers);
    expect(cancel.json().subscription).toEqual({
      tier: "free",
      status: "canceled",
      current_period_end: null,
    });
    expect(await profileOf(s.user.id)).toMatchObject({
      subscriptionTier: "free",
      monthlyUsageLimit: 15,
      stripeSubscriptionId: null,
    });
  });

  it("concurrent Pay clicks grant once", async () => {
    const s = await t.signIn();
    const { sessionId } = await checkout(s.headers);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => post("/api/demo-billing/complete", s.headers, { sessionId })),
    );
    for (const r of results) expect(r.statusCode).toBe(200);
    const logs = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.userId, s.user.id),
          eq(activityLogs.activityType, "subscription_started"),
        ),
      );
    expect(logs).toHaveLength(1);
  });

  it("checkout is rate limited per user", async () => {
    const s = await t.signIn();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await post("/api/create-checkout-session", s.headers, {
        priceId: "demo_price_starter",
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe("billing on a public host without Stripe", () => {
  let pub: TestApp;
  let headers: Headers;
  beforeAll(async () => {
    pub = await createTestApp({
      env: {
        PUBLIC_URL: "https://sage.example",
        GOOGLE_CLIENT_ID: "id",
        GOOGLE_CLIENT_SECRET: "secret",
      },
    });
    // no development sign-in here: a session made the way Google sign-in makes one
    const user = await findOrCreateUserByEmail(pub.db, `pub-${Date.now()}@example.com`);
    await ensureProfile(pub.db, user);
    const cookie = await createSession(pub.db, user.id);
    const token = await createAccessTokens(TEST_SECRET, "https://sage.example").sign({
      userId: user.id,
      sessionId: sessionIdFromCookie(cookie)!,
      email: user.email,
    });
    headers = { authorization: `Bearer ${token}` };
  });
  afterAll(() => pub.close());

  it("never hands out free upgrades: checkout and verify are unavailable, demo endpoints do not exist", async () => {
    const plans = (await pub.app.inject({ method: "GET", url: "/api/plans" })).json();
    expect(plans.billing).toBe("unavailable");
    expect(
      plans.plans.every((p: { stripePriceId: string | null }) => p.stripePriceId === null),
    ).toBe(true);
    const res = await pub.app.inject({
      method: "POST",
      url: "/api/create-checkout-session",
      headers,
      payload: { priceId: "demo_price_starter" },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe("Service unavailable");
    const v = await pub.app.inject({
      method: "POST",
      url: "/api/verify-payment",
      headers,
      payload: { sessionId: "demo_cs_x" },
    });
    expect(v.statusCode).toBe(503);
    expect(v.json().error).toBe("Service unavailable. Please try again later.");
    const demo = await pub.app.inject({
      method: "POST",
      url: "/api/demo-billing/complete",
      headers,
      payload: { sessionId: "demo_cs_x" },
    });
    expect(demo.statusCode).toBe(404);
    const hook = await pub.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=x" },
      payload: "{}",
    });
    expect(hook.statusCode).toBe(404);
  });
});
