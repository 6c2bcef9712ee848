import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FitnessAnswers, fitnessProgram } from "../../src/core/contract/fitness.ts";
import { buildFitnessProgram } from "../../src/core/fitness/build-program.ts";
import { activityLogs, domainContexts } from "../../src/server/db/schema.ts";
import { FITNESS_RATE_LIMIT } from "../../src/server/routes/fitness.ts";
import { fakeLlm } from "../support/fake-llm.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const answers: FitnessAnswers = {
  goal: "Build muscle",
  experience: "Intermediate: I exercise once or twice a week",
  availability: "Monday|Tuesday|Thursday|Friday",
  preferences: "Dumbbells at home, I like cycling",
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let lastIp = 0;
const nextIp = () => `10.2.0.${++lastIp}`;
const post = (
  app: TestApp["app"],
  url: string,
  body: unknown,
  opts: { headers?: Record<string, string>; ip?: string } = {},
) =>
  app.inject({
    method: "POST",
    url,
    payload: body as object,
    headers: opts.headers,
    remoteAddress: opts.ip ?? nextIp(),
  });
const generate = (app: TestApp["app"], body: unknown, opts?: Parameters<typeof post>[3]) =>
  post(app, "/api/fitness/generate", body, opts);

describe("POST /api/fitness/generate", () => {
  it("builds a program from the answers without sign-in", async () => {
    const res = await generate(t.app, { answers });
    expect(res.statusCode).toBe(200);
    const { program } = res.json();
    expect(fitnessProgram.safeParse(program).success).toBe(true);
    expect(program).toEqual(buildFitnessProgram(answers));
    expect(program.firstWeekPreview.days.map((d: { day: string }) => d.day)).toEqual([
      "Monday",
      "Tuesday",
      "Thursday",
      "Friday",
    ]);
    expect(program.programLength).toBe("10 weeks");
  });

  it("tolerates free text in every answer", async () => {
    const res = await generate(t.app, {
      answers: {
        goal: "honestly just want to feel less tired",
        experience: "used to play football",
        availability: "weekends, maybe wednesday",
        preferences: "¯\\_(ツ)_/¯",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().program.firstWeekPreview.days.map((d: { day: string }) => d.day)).toEqual([
      "Wednesday",
      "Saturday",
      "Sunday",
    ]);
  });

  it("logs a program_generated activity for a signed-in caller", async () => {
    const s = await t.signIn();
    expect((await generate(t.app, { answers }, { headers: s.headers })).statusCode).toBe(200);
    const logs = await t.db.select().from(activityLogs).where(eq(activityLogs.userId, s.user.id));
    expect(logs.map((l) => [l.activityType, l.domain])).toEqual([["program_generated", "fitness"]]);
  });

  it("refuses an invalid bearer token with a 401", async () => {
    const res = await generate(t.app, { answers }, { headers: { authorization: "Bearer x" } });
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /api/fitness/generate, bad input", () => {
  it.each(["goal", "experience", "availability", "preferences"])(
    "refuses a missing %s with a 400 naming it",
    async (field) => {
      const partial: Record<string, unknown> = { ...answers };
      delete partial[field];
      const res = await generate(t.app, { answers: partial });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(`answers.${field}`);
    },
  );

  it.each([
    ["an empty answer", { goal: "   " }, "answers.goal: must not be empty"],
    [
      "a too long answer",
      { preferences: "x".repeat(501) },
      "answers.preferences: must be at most 500",
    ],
    ["a number", { experience: 3 }, "answers.experience: must be text"],
    ["a list", { availability: ["Monday"] }, "answers.availability: must be text"],
  ])("refuses %s with a 400 naming the field", async (_name, patch, message) => {
    const res = await generate(t.app, { answers: { ...answers, ...patch } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
  });

  it("refuses unknown keys, naming them", async () => {
    const inner = await generate(t.app, { answers: { ...answers, age: "40" } });
    expect(inner.statusCode).toBe(400);
    expect(inner.json().error).toContain("age");
    const outer = await generate(t.app, { answers, model: "gpt-4" });
    expect(outer.statusCode).toBe(400);
    expect(outer.json().error).toContain("model");
  });

  it("refuses a body without answers", async () => {
    const res = await generate(t.app, answers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain("answers");
  });
});

describe("POST /api/fitness/generate, rate limit", () => {
  it(`allows ${FITNESS_RATE_LIMIT.max} calls a minute per client, then answers 429`, async () => {
    const ip = nextIp();
    for (let i = 0; i < FITNESS_RATE_LIMIT.max; i++) {
      expect((await generate(t.app, { answers }, { ip })).statusCode).toBe(200);
    }
    const limited = await generate(t.app, { answers }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toContain("Rate limit");
  });
});

describe("POST /api/fitness/generate with a language model", () => {
  const modelProgram = {
    overview: "A 9-week dumbbell hypertrophy block.",
    weeklyStructure: ["Mon: upper", "Tue: lower"],
    programLength: "9 weeks",
    firstWeekPreview: {
      week: "1",
      description: "Easy start.",
      days: [{ day: "Monday", focus: "Upper", duration: 45, exercises: ["Press: 3 × 10"] }],
    },
  };

  it("sends the spec's request and returns the model's program, read leniently", async () => {
    const { llm, requests } = fakeLlm(JSON.stringify(modelProgram));
    const m = await createTestApp({ llm });
    try {
      const res = await generate(m.app, { answers });
      expect(res.statusCode).toBe(200);
      const { program } = res.json();
      expect(program.overview).toBe(modelProgram.overview);
      expect(program.weeklyStructure).toBe("Mon: upper Tue: lower");
      expect(program.firstWeekPreview.week).toBe(1);
      expect(program.firstWeekPreview.days[0].duration).toBe("45 minutes");
      expect(requests[0]).toMatchObject({ temperature: 0.7, maxTokens: 1200, json: true });
      expect(requests[0]!.messages[1]!.content).toContain("Dumbbells at home");
    } finally {
      await m.close();
    }
  });

  it.each([
    ["a model error", new Error("timeout")],
    ["JSON of the wrong shape", JSON.stringify({ overview: "x" })],
  ])("falls back to the built-in generator on %s", async (_name, reply) => {
    const m = await createTestApp({ llm: fakeLlm(reply).llm });
    try {
      const res = await generate(m.app, { answers });
      expect(res.statusCode).toBe(200);
      expect(res.json().program).toEqual(buildFitnessProgram(answers));
    } finally {
      await m.close();
    }
  });
});

describe("POST /api/fitness/save", () => {
  const program = buildFitnessProgram(answers);

  it("needs a bearer token", async () => {
    const res = await post(t.app, "/api/fitness/save", { answers, program });
    expect(res.statusCode).toBe(401);
  });

  it("saves the program as the user's fitness context and logs a context_build", async () => {
    const s = await t.signIn();
    const res = await post(
      t.app,
      "/api/fitness/save",
      { answers, program },
      { headers: s.headers },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ saved: true, context: { domain: "fitness" } });
    const [row] = await t.db
      .select()
      .from(domainContexts)
      .where(eq(domainContexts.userId, s.user.id));
    expect(row!.profileData).toEqual(program);
    expect(row!.questionsResponses).toMatchObject({
      "What's your main fitness goal?": "Build muscle",
      "Which days can you work out?": "Monday|Tuesday|Thursday|Friday",
    });
    expect(row!.contextSummary).toContain(
      "Which days can you work out? Monday, Tuesday, Thursday, Friday",
    );
    expect(row!.contextSummary).toContain(program.overview);
    const logs = await t.db.select().from(activityLogs).where(eq(activityLogs.userId, s.user.id));
    expect(logs.map((l) => [l.activityType, l.domain])).toEqual([["context_build", "fitness"]]);

    // saving again replaces it
    const again = await post(
      t.app,
      "/api/fitness/save",
      { answers: { ...answers, goal: "Get stronger" }, program },
      { headers: s.headers },
    );
    expect(again.json().context.id).toBe(res.json().context.id);
    const rows = await t.db
      .select()
      .from(domainContexts)
      .where(eq(domainContexts.userId, s.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.contextSummary).toContain("Get stronger");
  });

  it("refuses a program of the wrong shape with a 400 naming the field", async () => {
    const s = await t.signIn();
    const res = await post(
      t.app,
      "/api/fitness/save",
      {
        answers,
        program: { ...program, firstWeekPreview: { week: 1, description: "x", days: [] } },
      },
      { headers: s.headers },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain("program.firstWeekPreview.days");
  });
});
