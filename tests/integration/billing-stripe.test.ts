import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { activityLogs, checkoutSessions, profiles, users } from "../../src/server/db/schema.ts";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe-server.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const PRICE_STARTER = "price_starter_test";
const PRICE_PRO = "price_pro_test";

let fake: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_PRICE_STARTER: PRICE_STARTER,
      STRIPE_PRICE_PRO: PRICE_PRO,
    },
    stripeClient: fake.client(),
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.setFailing(false));

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: "POST", url, headers, ...(payload ? { payload } : {}) });

async function checkout(headers: Headers, priceId = PRICE_STARTER) {
  const res = await post("/api/create-checkout-session", headers, { priceId });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().url);
  const sessionId = url.pathname.split("/").pop()!;
  return { url, sessionId };
}

const verify = (headers: Headers, sessionId: string) =>
  post("/api/verify-payment", headers, { sessionId });

function deliver(event: unknown, opts: { secret?: string; timestamp?: number } = {}) {
  const { payload, header } = fake.sign(event, opts);
  return t.app.inject({
    method: "POST",
    url: "/api/stripe/webhook",
    // exactly what Stripe sends
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": header },
    payload,
  });
}

async function profileOf(userId: string) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.id, userId));
  return row!;
}

async function grants(userId: string) {
  const rows = await t.db
    .select()
    .from(activityLogs)
    .where(
      and(eq(activityLogs.userId, userId), eq(activityLogs.activityType, "subscription_started")),
    );
  return rows.length;
}

describe("plans", () => {
  it("GET /api/plans is public and carries the configured Stripe price ids", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/plans" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.billing).toBe("stripe");
    expect(
      body.plans.map((p: { id: string; stripePriceId: string | null }) => [p.id, p.stripePriceId]),
    ).toEqual([
      ["free", null],
      ["starter", PRICE_STARTER],
      ["pro", PRICE_PRO],
    ]);
    expect(body.plans[1]).toMatchObject({
      name: "Starter",
      price: 5,
      currency: "usd",
      interval: "month",
      recommended: true,
    });
  });
});

describe("POST /api/create-checkout-session (Stripe)", () => {
  it("refuses a missing bearer with 'User not authenticated' and a bad one as an expired session", async () => {
    const none = await post("/api/create-checkout-session", {}, { priceId: PRICE_STARTER });
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toBe("User not authenticated");
    const bad = await post(
      "/api/create-checkout-session",
      { authorization: "Bearer nope" },
      { priceId: PRICE_STARTER },
    );
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe("User session expired. Please sign in again.");
  });

  it("refuses an unknown price with 'Invalid plan selected'", async () => {
    const s = await t.signIn();
    for (const priceId of ["price_other", "", "demo_price_starter"]) {
      const res = await post("/api/create-checkout-session", s.headers, { priceId });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/Invalid plan selected/);
    }
  });

  it("creates the customer once, binds the session to the signed-in user and ignores the body's identity", async () => {
    const s = await t.signIn();
    const before = fake.customers.size;
    const res = await post("/api/create-checkout-session", s.headers, {
      priceId: PRICE_STARTER,
      userId: "00000000-0000-0000-0000-000000000000",
      email: "attacker@example.com",
      customerId: "cus_someone_else",
    });
    expect(res.statusCode).toBe(200);
    const sessionId = new URL(res.json().url).pathname.split("/").pop()!;
    const session = fake.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      mode: "subscription",
      client_reference_id: s.user.id,
      price: PRICE_STARTER,
      success_url: `http://localhost:3000/success?session_id=${sessionId}`,
      cancel_url: "http://localhost:3000/cancel",
    });
    const profile = await profileOf(s.user.id);
    expect(profile.stripeCustomerId).toBe(session.customer);
    expect(fake.customers.get(String(session.customer))).toMatchObject({ email: s.user.email });
    await checkout(s.headers, PRICE_PRO);
    expect(fake.customers.size).toBe(before + 1);
    const rows = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, s.user.id));
    expect(rows.map((r) => [r.provider, r.tier, r.status]).sort()).toEqual([
      ["stripe", "pro", "open"],
      ["stripe", "starter", "open"],
    ]);
  });

  it("answers 'User profile not found' without a profile and 'Failed to start checkout process' when Stripe fails", async () => {
    const s = await t.signIn();
    fake.setFailing(true);
    const down = await post("/api/create-checkout-session", s.headers, { priceId: PRICE_STARTER });
    expect(down.statusCode).toBe(502);
    expect(down.json().error).toBe("Failed to start checkout process");
    fake.setFailing(false);
    await t.db.delete(profiles).where(eq(profiles.id, s.user.id));
    const res = await post("/api/create-checkout-session", s.headers, { priceId: PRICE_STARTER });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("User profile not found");
  });
});

describe("POST /api/verify-payment (Stripe)", () => {
  it("an unpaid session upgrades nothing; once paid it grants starter with its limit and period end", async () => {
    const s = await t.signIn();
    const { sessionId } = await checkout(s.headers);
    const early = await verify(s.headers, sessionId);
    expect(early.statusCode).toBe(200);
    expect(early.json()).toMatchObject({
      success: false,
      subscription: { tier: "free", status: "inactive" },
    });

    const sub = fake.pay(sessionId);
    const res = await verify(s.headers, sessionId);
    expect(res.json()).toMatchObject({
      success: true,
      subscription: { tier: "starter", status: "active" },
    });
    const periodEnd = sub.items.data[0]!.current_period_end as number;
    expect(res.json().subscription.current_period_end).toBe(
      new Date(periodEnd * 1000).toISOString(),
    );
    const profile = await profileOf(s.user.id);
    expect(profile).toMatchObject({
      subscriptionTier: "starter",
      subscriptionStatus: "active",
      monthlyUsageLimit: 200,
      stripeSubscriptionId: sub.id,
    });
    const usage = await t.app.inject({ method: "GET", url: "/api/usage", headers: s.headers });
    expect(usage.json()).toMatchObject({ limit: 200, tier: "starter", canUse: true });
  });

  it("refuses another user's session and an unknown one alike, and upgrades neither", async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const { sessionId } = await checkout(owner.headers);
    fake.pay(sessionId);
    for (const id of [sessionId, "cs_test_unknown"]) {
      const res = await verify(other.headers, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe("Payment session not found");
    }
    expect((await profileOf(other.user.id)).subscriptionTier).toBe("free");
    expect((await profileOf(owner.user.id)).subscriptionTier).toBe("free");
    const none = await post("/api/verify-payment", {}, { sessionId });
    expect(none.json().error).toBe("User not authenticated");
  });

  it("an expired session upgrades nothing", async () => {
    const s = await t.signIn();
    const { sessionId } = await checkout(s.headers);
    fake.expire(sessionId);
    const res = await verify(s.headers, sessionId);
    expect(res.json()).toMatchObject({ success: false, subscription: { tier: "free" } });
    expect(res.json().error).toMatch(/expired/);
    const [row] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, sessionId));
    expect(row!.status).toBe("expired");
  });
});

describe("POST /api/stripe/webhook", () => {
  it("refuses a forged, altered, stale or missing signature and changes nothing", async () => {
    const s = await t.signIn();
    const { sessionId } = await checkout(s.headers);
    fake.pay(sessionId);
    const event = fake.event("checkout.session.completed", fake.sessions.get(sessionId));

    const forged = await deliver(event, { secret: "whsec_not_the_right_one" });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe("Invalid webhook signature.");

    const stale = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(stale.statusCode).toBe(400);

    const { header } = fake.sign(event);
    const altered = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": header },
      payload: JSON.stringify({ ...event, type: "customer.subscription.deleted" }),
    });
    expect(altered.statusCode).toBe(400);

    const unsigned = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await profileOf(s.user.id)).subscriptionTier).toBe("free");

    const good = await deliver(event);
    expect(good.statusCode).toBe(200);
    expect((await profileOf(s.user.id)).subscriptionTier).toBe("starter");
  });

  it("a duplicated delivery changes nothing twice, and verify + webhook grant exactly once", async () => {
    const s = await t.signIn();
    const { sessionId } = await checkout(s.headers);
    fake.pay(sessionId);
    const event = fake.event("checkout.session.completed", fake.sessions.get(sessionId));

    const first = await deliver(event);
    expect(first.json()).toEqual({ received: true, outcome: "synced" });
    const [done] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, sessionId));
    expect(done!.status).toBe("complete");

    const again = await deliver(event);
    expect(again.statusCode).toBe(200);
    expect(again.json().outcome).toBe("duplicate");
    const v = await verify(s.headers, sessionId);
    expect(v.json()).toMatchObject({ success: true, subscription: { tier: "starter" } });
    const [after] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, sessionId));
    expect(after!.completedAt).toEqual(done!.completedAt);
    expect(await grants(s.user.id)).toBe(1);
  });

  it("out-of-order deliveries converge on Stripe's current truth", async () => {
    const s = await t.signIn();
    const { sessionId } = await checkout(s.headers);
    const sub = fake.pay(sessionId);
    const created = fake.event("customer.subscription.created", sub);
    fake.updateSubscription(sub.id, { status: "canceled" });
    const deleted = fake.event("customer.subscription.deleted", sub);

    expect((await deliver(deleted)).json().outcome).toBe("synced");
    expect(await profileOf(s.user.id)).toMatchObject({
      subscriptionTier: "free",
      subscriptionStatus: "canceled",
      monthlyUsageLimit: 15,
    });
    // the older 'created' arrives late: it says active, Stripe says canceled — canceled stays
    expect((await deliver(created)).json().outcome).toBe("synced");
    expect(await profileOf(s.user.id)).toMatchObject({
      subscriptionTier: "free",
      subscriptionStatus: "canceled",
      monthlyUsageLimit: 15,
    });
  });

  it("a plan change and a cancellation in Stripe reach the profile: pro is unlimited, cancel is back to 15", async () => {
    const s = await t.signIn();
    const { sessionId } = await checkout(s.headers);
    const sub = fake.pay(sessionId);
    await verify(s.headers, sessionId);
    fake.updateSubscription(sub.id, { price: PRICE_PRO });
    await deliver(fake.event("customer.subscription.updated", sub));
    expect(await profileOf(s.user.id)).toMatchObject({
      subscriptionTier: "pro",
      monthlyUsageLimit: 999_999,
    });
    fake.updateSubscription(sub.id, { status: "past_due" });
    await deliver(fake.event("customer.subscription.updated", sub));
    expect(await profileOf(s.user.id)).toMatchObject({
      subscriptionTier: "pro",
      subscriptionStatus: "past_due",
    });
    fake.updateSubscription(sub.id, { status: "canceled" });
    await deliver(fake.event("customer.subscription.deleted", sub));
    expect(await profileOf(s.user.id)).toMatchObject({
      subscriptionTier: "free",
      subscriptionStatus: "canceled",
      monthlyUsageLimit: 15,
      currentPeriodEnd: null,
    });
  });

  it("acknowledges events it does not need and customers it does not know, without changes", async () => {
    const ignored = await deliver(fake.event("invoice.created", { id: "in_1", object: "invoice" }));
    expect(ignored.json()).toEqual({ received: true, outcome: "ignored" });
    const stranger = fake.createSubscription({ customer: "cus_stranger", price: PRICE_PRO });
    const unknown = await deliver(fake.event("customer.subscription.created", stranger));
    expect(unknown.json()).toEqual({ received: true, outcome: "unknown-customer" });
  });

  it("when Stripe cannot be re-read the delivery fails (Stripe retries) and the retry applies it", async () => {
    const s = await t.signIn();
    const { sessionId } = await checkout(s.headers);
    fake.pay(sessionId);
    const event = fake.event("checkout.session.completed", fake.sessions.get(sessionId));
    fake.setFailing(true);
    const failed = await deliver(event);
    expect(failed.statusCode).toBe(502);
    fake.setFailing(false);
    expect((await deliver(event)).json().outcome).toBe("synced");
    expect((await profileOf(s.user.id)).subscriptionTier).toBe("starter");
  });

  it("concurrent verifies and webhook deliveries grant exactly once", async () => {
    const s = await t.signIn();
    const { sessionId } = await checkout(s.headers);
    fake.pay(sessionId);
    const e1 = fake.event("checkout.session.completed", fake.sessions.get(sessionId));
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => verify(s.headers, sessionId)),
      deliver(e1),
      deliver(e1),
      deliver(fake.event("checkout.session.completed", fake.sessions.get(sessionId))),
    ]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(await grants(s.user.id)).toBe(1);
    expect(await profileOf(s.user.id)).toMatchObject({
      subscriptionTier: "starter",
      monthlyUsageLimit: 200,
    });
  });
});

describe("POST /api/create-portal-session (Stripe)", () => {
  it("'No active subscription found' without a customer; otherwise a portal for the user's own customer", async () => {
    const s = await t.signIn();
    const none = await post("/api/create-portal-session", s.headers, {});
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe("No active subscription found");

    const { sessionId } = await checkout(s.headers);
    fake.pay(sessionId);
    await verify(s.headers, sessionId);
    const own = (await profileOf(s.user.id)).stripeCustomerId;
    const res = await post("/api/create-portal-session", s.headers, {
      customerId: "cus_someone_else",
      returnUrl: "http://localhost:3000/chat",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const sent = fake.requests.filter((r) => r.path === "/v1/billing_portal/sessions").pop()!;
    expect(sent.body).toEqual({ customer: own, return_url: "http://localhost:3000/chat" });
  });

  it("a return URL off our origin is replaced by the app's URL", async () => {
    const s = await t.signIn();
    const { sessionId } = await checkout(s.headers);
    fake.pay(sessionId);
    for (const returnUrl of ["https://evil.example/", "//evil.example/x", "javascript:alert(1)"]) {
      const res = await post("/api/create-portal-session", s.headers, { returnUrl });
      expect(res.statusCode).toBe(200);
      const sent = fake.requests.filter((r) => r.path === "/v1/billing_portal/sessions").pop()!;
      expect(sent.body.return_url).toBe("http://localhost:3000/");
    }
    fake.setFailing(true);
    const down = await post("/api/create-portal-session", s.headers, {});
    expect(down.statusCode).toBe(502);
    expect(down.json().error).toBe("Failed to access billing portal");
  });
});

describe("DELETE /api/account with a Stripe subscription", () => {
  it("cancels the subscription in Stripe, and deletes nothing when Stripe cannot cancel it", async () => {
    const s = await t.signIn();
    const { sessionId } = await checkout(s.headers);
    const sub = fake.pay(sessionId);
    await verify(s.headers, sessionId);

    fake.setFailing(true);
    const refused = await t.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: s.headers,
      payload: { confirm: true },
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toMatch(/account was not deleted/);
    expect(await t.db.select().from(users).where(eq(users.id, s.user.id))).toHaveLength(1);

    fake.setFailing(false);
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: s.headers,
      payload: { confirm: true },
    });
    expect(res.statusCode).toBe(204);
    expect(fake.subscriptions.get(sub.id)!.status).toBe("canceled");
    expect(await t.db.select().from(users).where(eq(users.id, s.user.id))).toHaveLength(0);
    // the cancellation's webhook then finds no one, and is acknowledged
    const late = await deliver(fake.event("customer.subscription.deleted", sub));
    expect(late.json().outcome).toBe("unknown-customer");
  });
});
