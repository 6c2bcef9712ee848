import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FitnessAnswers } from "../../src/core/contract/fitness.ts";
import { QUESTION_SETS } from "../../src/core/onboarding/question-sets.ts";
import { domainContexts, profiles } from "../../src/server/db/schema.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * What the pricing cards promise, exercised through HTTP: life areas by tier (free gets
 * fitness, productivity and goals; a Starter area is refused with the plan that includes it,
 * and allowed once the demo checkout has upgraded the account) and the full fitness program.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ llm: null });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
let ip = 0;
const post = (url: string, headers: Headers, payload?: object) =>
  t.app.inject({
    method: "POST",
    url,
    headers,
    // loopback peers (demo billing answers only this computer), one address each for the limits
    remoteAddress: `127.9.0.${++ip}`,
    ...(payload ? { payload } : {}),
  });

const travelAnswers = {
  [QUESTION_SETS.travel.questions[0]!.question]: "A 10 day trip to Japan in April",
};
const goalsAnswers = {
  [QUESTION_SETS.goals.questions[0]!.question]: "Save for a deposit on a flat",
};

async function upgradeWithDemoCheckout(headers: Headers, priceId = "demo_price_starter") {
  const checkout = await post("/api/create-checkout-session", headers, { priceId });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const sessionId = new URL(checkout.json().url).searchParams.get("session_id")!;
  const paid = await post("/api/demo-billing/complete", headers, { sessionId });
  expect(paid.statusCode, paid.body).toBe(200);
}

const contextsOf = (userId: string, domain: string) =>
  t.db
    .select()
    .from(domainContexts)
    .where(and(eq(domainContexts.userId, userId), eq(domainContexts.domain, domain)));

describe("life areas by plan", () => {
  it("a free user may create a goals assistant", async () => {
    const s = await t.signIn();
    const res = await post("/api/onboarding/context", s.headers, {
      domain: "goals",
      answers: goalsAnswers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().saved).toBe(true);
  });

  it("refuses a free user's travel assistant with 403 and the plan that includes it; allows it after upgrading", async () => {
    const s = await t.signIn();
    const refused = await post("/api/onboarding/context", s.headers, {
      domain: "travel",
      answers: travelAnswers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: "Travel is part of the Starter plan. Upgrade to use this assistant.",
      code: "forbidden",
      details: { reason: "plan_required", area: "travel", requiredTier: "starter" },
    });
    expect(await contextsOf(s.user.id, "travel")).toHaveLength(0);

    await upgradeWithDemoCheckout(s.headers);
    const allowed = await post("/api/onboarding/context", s.headers, {
      domain: "travel",
      answers: travelAnswers,
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().saved).toBe(true);
    expect(await contextsOf(s.user.id, "travel")).toHaveLength(1);
  });

  it("keeps Pro's areas from Starter", async () => {
    const s = await t.signIn();
    await upgradeWithDemoCheckout(s.headers);
    const res = await post("/api/onboarding/context", s.headers, {
      domain: "nutrition",
      answers: { [QUESTION_SETS.nutrition.questions[0]!.question]: "Cook more at home" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().details).toMatchObject({ requiredTier: "pro" });
  });

  it("lets an anonymous visitor preview any area (nothing is created)", async () => {
    const res = await post(
      "/api/onboarding/context",
      {},
      {
        domain: "travel",
        answers: travelAnswers,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().saved).toBe(false);
  });

  it("locks an assistant kept from a higher plan after a downgrade, without spending allowance", async () => {
    const s = await t.signIn();
    await upgradeWithDemoCheckout(s.headers);
    await post("/api/onboarding/context", s.headers, { domain: "travel", answers: travelAnswers });
    const [travel] = await contextsOf(s.user.id, "travel");
    await t.db
      .update(profiles)
      .set({ subscriptionTier: "free", monthlyUsageLimit: 15 })
      .where(eq(profiles.id, s.user.id));
    const usedBefore = (await t.app.inject({ url: "/api/usage", headers: s.headers })).json().used;

    const res = await post("/api/chat", s.headers, {
      message: "plan a 10 day trip to Japan",
      domainContextId: travel!.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().details).toMatchObject({ area: "travel", requiredTier: "starter" });
    const usedAfter = (await t.app.inject({ url: "/api/usage", headers: s.headers })).json().used;
    expect(usedAfter).toBe(usedBefore);
  });
});

describe("another life area's assistant (built-in)", () => {
  it("answers a trip request with what Sage does for travel, not time-blocking advice", async () => {
    const s = await t.signIn();
    await upgradeWithDemoCheckout(s.headers);
    await post("/api/onboarding/context", s.headers, { domain: "travel", answers: travelAnswers });
    const [travel] = await contextsOf(s.user.id, "travel");
    const res = await post("/api/chat", s.headers, {
      message: "plan a 10 day trip to Japan",
      domainContextId: travel!.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const reply: string = res.json().response;
    expect(reply).toContain("I'm Sage, a calendar assistant, so I can't plan the trip itself");
    expect(reply).toContain("- Next trip: A 10 day trip to Japan in April");
    expect(reply).not.toMatch(/peak|buffer|time blocks|hardest task/i);
    expect(travel!.contextSummary).toContain("Sage is a calendar assistant: for your travel");
  });
});

describe("the full fitness program by plan", () => {
  const answers: FitnessAnswers = {
    goal: "Build muscle",
    experience: "Beginner",
    availability: "Monday|Wednesday|Friday",
    preferences: "I like swimming",
  };

  it("gives everyone week 1, and a Starter subscriber every week", async () => {
    const anonymous = await post("/api/fitness/generate", {}, { answers });
    expect(anonymous.json().program.fullProgram).toBeUndefined();

    const s = await t.signIn();
    const free = await post("/api/fitness/generate", s.headers, { answers });
    expect(free.json().program.fullProgram).toBeUndefined();

    await upgradeWithDemoCheckout(s.headers);
    const paid = (await post("/api/fitness/generate", s.headers, { answers })).json().program;
    expect(paid.programLength).toBe("8 weeks");
    expect(paid.fullProgram).toHaveLength(8);
    expect(paid.overview).toContain("You said you enjoy swimming");
    expect(paid.overview).not.toMatch(/in a gym/);

    const saved = await post("/api/fitness/save", s.headers, { answers, program: paid });
    expect(saved.statusCode).toBe(200);
    const [row] = await contextsOf(s.user.id, "fitness");
    expect((row!.profileData as { fullProgram: unknown[] }).fullProgram).toHaveLength(8);
  });

  it("does not keep a full program a free user sends", async () => {
    const s = await t.signIn();
    const paidShape = (await t.app.inject({ method: "GET", url: "/api/plans" })).json().plans[1]
      .features;
    expect(paidShape).toContain("Full multi-week fitness program");
    const program = (await post("/api/fitness/generate", s.headers, { answers })).json().program;
    const forged = { ...program, fullProgram: [program.firstWeekPreview] };
    expect(
      (await post("/api/fitness/save", s.headers, { answers, program: forged })).statusCode,
    ).toBe(200);
    const [row] = await contextsOf(s.user.id, "fitness");
    expect((row!.profileData as { fullProgram?: unknown }).fullProgram).toBeUndefined();
  });
});
