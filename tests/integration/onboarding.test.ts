import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUESTION_SETS } from "../../src/core/onboarding/question-sets.ts";
import { activityLogs, domainContexts, profiles } from "../../src/server/db/schema.ts";
import type {
  CompletionRequest,
  LanguageModel,
} from "../../src/server/integrations/llm/language-model.ts";
import { ONBOARDING_RATE_LIMITS } from "../../src/server/routes/onboarding.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/** A model that answers every call with the next scripted reply (or throws it). */
function scriptedModel(replies: (string | Error)[]) {
  const calls: CompletionRequest[] = [];
  const next = () => {
    const reply = replies.shift() ?? new Error("no scripted reply left");
    if (reply instanceof Error) throw reply;
    return { text: reply, tokensUsed: 10, model: "fake" };
  };
  const model: LanguageModel = {
    kind: "provider",
    complete: async (request) => {
      calls.push(request);
      return next();
    },
    // biome-ignore lint/correctness/useYield: streaming is not used by onboarding
    stream: async function* (request) {
      calls.push(request);
      return next();
    },
  };
  return { model, calls };
}

const careerQuestions = QUESTION_SETS.career.questions;
const careerAnswers = {
  [careerQuestions[0]!.question]: "Support lead for four years",
  [careerQuestions[1]!.question]: "Product manager",
};

describe("without a language model", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ llm: null });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url, payload: payload as object, headers });

  it("answers the built-in questions for the life area", async () => {
    const res = await post("/api/onboarding/questions", { domain: "nutrition" });
    expect(res.statusCode).toBe(200);
    expect(res.json().questions).toEqual(
      QUESTION_SETS.nutrition.questions.map(({ question, placeholder }) => ({
        question,
        placeholder,
      })),
    );
  });

  it("refuses an unknown life area naming the field", async () => {
    const res = await post("/api/onboarding/questions", { domain: "astrology" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^domain: must be one of: fitness, productivity/);
    const missing = await post("/api/onboarding/questions", {});
    expect(missing.statusCode).toBe(400);
  });

  it("composes the summary from the answers for an anonymous visitor without saving it", async () => {
    const res = await post("/api/onboarding/context", { domain: "career", answers: careerAnswers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.saved).toBe(false);
    expect(body.contextSummary).toContain("Today you work as “Support lead for four years”.");
    expect(body.contextSummary).toContain("In two years you'd like to be at “Product manager”.");
  });

  it("saves a signed-in user's context as the domain's active one, replacing the last", async () => {
    const s = await t.signIn();
    // career is a Starter area (plan-entitlements.test.ts covers the refusal on free)
    await t.db
      .insert(profiles)
      .values({ id: s.user.id, email: s.user.email, subscriptionTier: "starter" })
      .onConflictDoUpdate({ target: profiles.id, set: { subscriptionTier: "starter" } });
    const first = await post(
      "/api/onboarding/context",
      { domain: "career", answers: careerAnswers },
      s.headers,
    );
    expect(first.json().saved).toBe(true);
    const second = await post(
      "/api/onboarding/context",
      { domain: "career", answers: { [careerQuestions[1]!.question]: "Engineering manager" } },
      s.headers,
    );
    expect(second.statusCode).toBe(200);

    const rows = await t.db
      .select()
      .from(domainContexts)
      .where(and(eq(domainContexts.userId, s.user.id), eq(domainContexts.domain, "career")));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.isActive).toBe(true);
    expect(rows[0]!.contextSummary).toBe(second.json().contextSummary);
    expect(rows[0]!.contextSummary).toContain("Engineering manager");
    expect(rows[0]!.questionsResponses).toEqual({
      [careerQuestions[1]!.question]: "Engineering manager",
    });
    const logged = await t.db.select().from(activityLogs).where(eq(activityLogs.userId, s.user.id));
    expect(logged.map((l) => [l.activityType, l.domain])).toEqual([
      ["context_build", "career"],
      ["context_build", "career"],
    ]);
  });

  it("refuses a bad bearer token rather than quietly not saving", async () => {
    const res = await post(
      "/api/onboarding/context",
      { domain: "career", answers: careerAnswers },
      { authorization: "Bearer not-a-token" },
    );
    expect(res.statusCode).toBe(401);
  });

  it("refuses blank, oversized and too many answers with a clear 400", async () => {
    const blank = await post("/api/onboarding/context", {
      domain: "goals",
      answers: { "What is your goal?": "   " },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe("answers: at least one answer is required");

    const long = await post("/api/onboarding/context", {
      domain: "goals",
      answers: { "What is your goal?": "x".repeat(2001) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatch(/at most 2000 characters/);

    const many = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`Question ${i}?`, "a"]));
    const tooMany = await post("/api/onboarding/context", { domain: "goals", answers: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatch(/at most 12 answers/);

    const notRecord = await post("/api/onboarding/context", { domain: "goals", answers: ["a"] });
    expect(notRecord.statusCode).toBe(400);
    expect(notRecord.json().error).toMatch(/^answers:/);
  });

  it("rate-limits a client address that keeps asking", async () => {
    const { max } = ONBOARDING_RATE_LIMITS.questions;
    const ask = () =>
      t.app.inject({
        method: "POST",
        url: "/api/onboarding/questions",
        remoteAddress: "10.9.9.9",
        payload: { domain: "goals" },
      });
    for (let i = 0; i < max; i++) expect((await ask()).statusCode).toBe(200);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/Rate limit/);
  });
});

describe("with a language model", () => {
  const goodQuestions = {
    questions: [
      { question: "What trip are you dreaming of?", placeholder: "e.g. Lisbon" },
      { question: "Who travels with you?", placeholder: "e.g. My sister" },
      { question: "What is your budget?", placeholder: "e.g. $900" },
      { question: "What do you love doing on holiday?", placeholder: "e.g. Museums" },
      { question: "What do you want to avoid?", placeholder: "e.g. Long drives" },
    ],
  };

  it("uses the model's questions when they are valid JSON of the right shape", async () => {
    const { model, calls } = scriptedModel([
      `\`\`\`json\n${JSON.stringify(goodQuestions)}\n\`\`\``,
    ]);
    const t = await createTestApp({ llm: model });
    try {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/onboarding/questions",
        payload: { domain: "travel" },
      });
      expect(res.json()).toEqual(goodQuestions);
      expect(calls[0]!.json).toBe(true);
      expect(calls[0]!.messages.at(-1)!.content).toContain("travel");
    } finally {
      await t.close();
    }
  });

  it("falls back to the built-in questions when the model fails or answers badly", async () => {
    const { model } = scriptedModel([
      new Error("provider down"),
      "not json at all",
      JSON.stringify({ questions: [{ question: "Only one?", placeholder: "" }] }),
      JSON.stringify({ wrong: true }),
    ]);
    const t = await createTestApp({ llm: model });
    try {
      for (let i = 0; i < 4; i++) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/onboarding/questions",
          payload: { domain: "travel" },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().questions[0].question).toBe(QUESTION_SETS.travel.questions[0]!.question);
      }
    } finally {
      await t.close();
    }
  });

  it("uses the model's summary, and composes one when the model's is unusable", async () => {
    const summary = "You lead a support team and want to move into product management.";
    const { model, calls } = scriptedModel([
      JSON.stringify({ contextSummary: summary }),
      JSON.stringify({ contextSummary: "" }),
    ]);
    const t = await createTestApp({ llm: model });
    try {
      const ask = () =>
        t.app.inject({
          method: "POST",
          url: "/api/onboarding/context",
          payload: { domain: "career", answers: careerAnswers },
        });
      expect((await ask()).json().contextSummary).toBe(summary);
      expect(calls[0]!.messages.at(-1)!.content).toContain("A: Support lead for four years");
      expect((await ask()).json().contextSummary).toContain("Today you work as “Support lead");
    } finally {
      await t.close();
    }
  });
});
