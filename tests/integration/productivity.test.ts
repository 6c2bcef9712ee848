import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductivityAnswers } from "../../src/core/contract/productivity.ts";
import { buildSchedulingProfile } from "../../src/core/productivity/scheduling-profile.ts";
import { activityLogs, domainContexts } from "../../src/server/db/schema.ts";
import { PRODUCTIVITY_RATE_LIMIT } from "../../src/server/routes/productivity.ts";
import { fakeLlm } from "../support/fake-llm.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const answers: ProductivityAnswers = {
  struggle: "procrastination",
  peak_time: "morning",
  typical_day: "structured_job",
  work_style: "deep_work",
  avoidance: "last_minute",
  additional_info: "School pickup at 3 pm",
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// every test calls from its own address, so the per-client limit never leaks between tests
let lastIp = 0;
const nextIp = () => `10.1.0.${++lastIp}`;
const generate = (
  app: TestApp["app"],
  body: unknown,
  opts: { headers?: Record<string, string>; ip?: string } = {},
) =>
  app.inject({
    method: "POST",
    url: "/api/productivity/generate",
    payload: body as object,
    headers: opts.headers,
    remoteAddress: opts.ip ?? nextIp(),
  });

describe("POST /api/productivity/generate, anonymous", () => {
  it("answers a profile: a summary, at most 3 next steps and the deterministic scheduling", async () => {
    const res = await generate(t.app, answers);
    expect(res.statusCode).toBe(200);
    const { profile, saved } = res.json();
    expect(saved).toBe(false);
    expect(profile.summary).toContain("in the morning (8–11 AM)");
    expect(profile.summary).toContain('You also told Sage: "School pickup at 3 pm"');
    expect(profile.nextSteps.length).toBeGreaterThan(0);
    expect(profile.nextSteps.length).toBeLessThanOrEqual(3);
    expect(profile.scheduling).toEqual(buildSchedulingProfile(answers));
  });

  it("writes the summary's hours as the browser's Accept-Language does", async () => {
    const gb = await generate(t.app, answers, { headers: { "accept-language": "en-GB,en;q=0.8" } });
    expect(gb.json().profile.summary).toContain("in the morning (08:00–11:00)");
    expect(gb.json().profile.nextSteps[0]).toContain("09:00–11:00");
    const us = await generate(t.app, answers, { headers: { "accept-language": "en-US" } });
    expect(us.json().profile.summary).toContain("in the morning (8–11 AM)");
  });

  it("accepts the answers without the optional free text", async () => {
    const { additional_info: _skip, ...rest } = answers;
    const res = await generate(t.app, rest);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.summary).not.toContain("You also told Sage");
  });

  it("saves nothing for an anonymous caller", async () => {
    const before = await t.db.select().from(domainContexts);
    await generate(t.app, answers);
    expect(await t.db.select().from(domainContexts)).toHaveLength(before.length);
  });
});

describe("POST /api/productivity/generate, bad input", () => {
  it.each([
    ["struggle", { struggle: "laziness" }],
    ["peak_time", { peak_time: "noon" }],
    ["typical_day", { typical_day: "retired" }],
    ["work_style", { work_style: 3 }],
    ["avoidance", { avoidance: null }],
    ["additional_info", { additional_info: "x".repeat(2001) }],
    ["additional_info", { additional_info: ["a list"] }],
  ])("refuses a bad %s with a 400 naming it", async (field, patch) => {
    const res = await generate(t.app, { ...answers, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "bad_request" });
    expect(res.json().error).toContain(field);
  });

  it.each(["struggle", "peak_time", "typical_day", "work_style", "avoidance"])(
    "refuses a missing %s with a 400 naming it",
    async (field) => {
      const body: Record<string, unknown> = { ...answers };
      delete body[field];
      const res = await generate(t.app, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(field);
    },
  );

  it("refuses an unknown field, naming it", async () => {
    const res = await generate(t.app, { ...answers, peakTime: "morning" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain("peakTime");
  });

  it("lists the allowed values in the message", async () => {
    const res = await generate(t.app, { ...answers, peak_time: "noon" });
    expect(res.json().error).toContain(
      "peak_time: must be one of early_morning, morning, midday, afternoon, evening, night, varies",
    );
  });

  it.each([
    ["an array", "[]"],
    ["a string", '"morning"'],
    ["no body", ""],
    ["malformed JSON", "{"],
  ])("refuses %s with a 400", async (_name, raw) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/productivity/generate",
      headers: { "content-type": "application/json" },
      payload: raw,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("bad_request");
  });

  it("refuses a non-JSON body with a 415", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/productivity/generate",
      headers: { "content-type": "text/plain" },
      payload: "struggle=focus",
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(415);
  });
});

describe("POST /api/productivity/generate, signed in", () => {
  it("saves the profile as the user's active productivity context and logs a context_build", async () => {
    const s = await t.signIn();
    const res = await generate(t.app, answers, { headers: s.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().saved).toBe(true);
    const [row] = await t.db
      .select()
      .from(domainContexts)
      .where(eq(domainContexts.userId, s.user.id));
    expect(row).toMatchObject({
      domain: "productivity",
      contextSummary: res.json().profile.summary,
      questionsResponses: answers,
      profileData: buildSchedulingProfile(answers),
      isActive: true,
    });
    const logs = await t.db.select().from(activityLogs).where(eq(activityLogs.userId, s.user.id));
    expect(logs.map((l) => [l.activityType, l.domain])).toEqual([
      ["context_build", "productivity"],
    ]);
  });

  it("replaces the earlier context on each save: one row per user and domain", async () => {
    const s = await t.signIn();
    await generate(t.app, answers, { headers: s.headers });
    const [first] = await t.db
      .select()
      .from(domainContexts)
      .where(eq(domainContexts.userId, s.user.id));
    const changed = { ...answers, peak_time: "night", additional_info: "" } as const;
    await generate(t.app, changed, { headers: s.headers });
    const rows = await t.db
      .select()
      .from(domainContexts)
      .where(and(eq(domainContexts.userId, s.user.id), eq(domainContexts.domain, "productivity")));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(first!.id);
    expect(rows[0]!.questionsResponses).toEqual(changed);
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(first!.updatedAt.getTime());
    const logs = await t.db.select().from(activityLogs).where(eq(activityLogs.userId, s.user.id));
    expect(logs).toHaveLength(2);
  });

  it("keeps one row under concurrent saves", async () => {
    const s = await t.signIn();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => generate(t.app, answers, { headers: s.headers })),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await t.db
      .select()
      .from(domainContexts)
      .where(eq(domainContexts.userId, s.user.id));
    expect(rows).toHaveLength(1);
  });

  it("refuses an invalid bearer token with a 401 instead of treating the caller as anonymous", async () => {
    const res = await generate(t.app, answers, { headers: { authorization: "Bearer nonsense" } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("unauthenticated");
  });

  it("refuses the token of a signed-out session with a 401", async () => {
    const s = await t.signIn();
    await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: s.cookie },
    });
    const res = await generate(t.app, answers, { headers: s.headers });
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /api/productivity/generate, rate limit", () => {
  it(`allows ${PRODUCTIVITY_RATE_LIMIT.max} calls a minute per client, then answers 429`, async () => {
    const ip = nextIp();
    for (let i = 0; i < PRODUCTIVITY_RATE_LIMIT.max; i++) {
      expect((await generate(t.app, answers, { ip })).statusCode).toBe(200);
    }
    const limited = await generate(t.app, answers, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toContain("Rate limit");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // another client is not affected
    expect((await generate(t.app, answers)).statusCode).toBe(200);
  });
});

describe("POST /api/productivity/generate with a language model", () => {
  const modelText = {
    summary:
      "You do your best work in the morning. Sage will protect those hours for the task you most want to avoid, and keep the afternoon for lighter work.",
    nextSteps: ["One", "Two", "Three", "Four"],
  };

  it("uses the model's summary and steps (at most 3) and keeps the deterministic scheduling", async () => {
    const { llm, requests } = fakeLlm(`\`\`\`json\n${JSON.stringify(modelText)}\n\`\`\``);
    const m = await createTestApp({ llm });
    try {
      const res = await generate(m.app, answers);
      expect(res.statusCode).toBe(200);
      const { profile } = res.json();
      expect(profile.summary).toBe(modelText.summary);
      expect(profile.nextSteps).toEqual(["One", "Two", "Three"]);
      expect(profile.scheduling).toEqual(buildSchedulingProfile(answers));
      expect(requests[0]).toMatchObject({ temperature: 0.7, json: true });
      expect(requests[0]!.messages[1]!.content).toContain("Deep work");
    } finally {
      await m.close();
    }
  });

  it.each([
    ["a model error", new Error("provider down")],
    ["prose instead of JSON", "Sure! Here is your profile."],
    ["JSON of the wrong shape", JSON.stringify({ summary: 3, steps: [] })],
  ])("falls back to the composed profile on %s", async (_name, reply) => {
    const m = await createTestApp({ llm: fakeLlm(reply).llm });
    try {
      const res = await generate(m.app, answers);
      expect(res.statusCode).toBe(200);
      expect(res.json().profile.summary).toContain("in the morning (8–11 AM)");
      expect(res.json().profile.nextSteps).toHaveLength(3);
    } finally {
      await m.close();
    }
  });
});

describe("GET /api/domain-contexts", () => {
  it("needs a bearer token", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/domain-contexts" });
    expect(res.statusCode).toBe(401);
  });

  it("lists only the user's own contexts, productivity first", async () => {
    const s = await t.signIn();
    const other = await t.signIn();
    await generate(t.app, answers, { headers: other.headers });
    expect(
      (
        await t.app.inject({ method: "GET", url: "/api/domain-contexts", headers: s.headers })
      ).json(),
    ).toEqual({ contexts: [] });

    // a newer fitness context still comes after the productivity one
    await generate(t.app, answers, { headers: s.headers });
    await t.db.insert(domainContexts).values({
      userId: s.user.id,
      domain: "fitness",
      contextSummary: "Fitness goal: Build muscle",
    });
    const res = await t.app.inject({
      method: "GET",
      url: "/api/domain-contexts",
      headers: s.headers,
    });
    expect(res.statusCode).toBe(200);
    const { contexts } = res.json();
    expect(contexts.map((c: { domain: string }) => c.domain)).toEqual(["productivity", "fitness"]);
    expect(contexts[0]).toEqual({
      id: expect.any(String),
      domain: "productivity",
      context_summary: expect.stringContaining("in the morning"),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("leaves out inactive contexts", async () => {
    const s = await t.signIn();
    await t.db.insert(domainContexts).values({
      userId: s.user.id,
      domain: "goals",
      contextSummary: "old",
      isActive: false,
    });
    const res = await t.app.inject({
      method: "GET",
      url: "/api/domain-contexts",
      headers: s.headers,
    });
    expect(res.json().contexts).toEqual([]);
  });
});
