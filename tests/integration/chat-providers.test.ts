import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeAnthropic, startFakeGoogle } from "../support/fake-provider-servers.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const REPLY = "Put the report in your morning block, then take a walk.";

/** A streamed chat turn through the app configured for a provider by its env vars. */
async function streamedTurn(t: TestApp) {
  const s = await t.signIn();
  const res = await t.app.inject({
    method: "POST",
    url: "/api/chat",
    headers: { ...s.headers, accept: "text/event-stream" },
    payload: { message: "plan my morning" },
  });
  const deltas = [...res.body.matchAll(/event: delta\ndata: (.*)/g)].map(
    (m) => JSON.parse(m[1]!).text as string,
  );
  const done = /event: done\ndata: (.*)/.exec(res.body);
  const used = (await t.app.inject({ method: "GET", url: "/api/usage", headers: s.headers })).json()
    .used;
  return { res, deltas, done: done ? JSON.parse(done[1]!) : undefined, used };
}

describe("Anthropic, configured by ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL", () => {
  let fake: Awaited<ReturnType<typeof startFakeAnthropic>>;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeAnthropic(REPLY);
    t = await createTestApp({
      env: { ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: fake.baseUrl },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("streams the reply as deltas, stores it and counts it", async () => {
    const { deltas, done, used } = await streamedTurn(t);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join("")).toBe(REPLY);
    expect(done).toMatchObject({ response: REPLY, model: "claude-haiku-4-5", tokensUsed: 30 });
    expect(used).toBe(1);
    const sent = fake.requests.at(-1)!;
    expect(sent.headers["x-api-key"]).toBe("sk-ant-test");
    // the system prompt goes in Anthropic's own field, with the calendar's instructions
    expect(JSON.stringify(sent.body.system)).toContain("You are Sage");
    expect(JSON.stringify(sent.body.system)).toContain("Use the calendar tools");
    expect((sent.body.tools as { name: string }[]).map((x) => x.name)).toContain("create_event");
  });
});

describe("Google, configured by GOOGLE_GENERATIVE_AI_API_KEY and its base URL", () => {
  let fake: Awaited<ReturnType<typeof startFakeGoogle>>;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeGoogle(REPLY);
    t = await createTestApp({
      env: {
        GOOGLE_GENERATIVE_AI_API_KEY: "g-test",
        GOOGLE_GENERATIVE_AI_BASE_URL: fake.baseUrl,
        LLM_MODEL: "gemini-2.5-flash-lite",
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("streams the reply as deltas, stores it and counts it", async () => {
    const { deltas, done, used } = await streamedTurn(t);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join("")).toBe(REPLY);
    expect(done).toMatchObject({ response: REPLY, tokensUsed: 30 });
    expect(used).toBe(1);
    const sent = fake.requests.at(-1)!;
    expect(sent.url).toBe("/v1beta/models/gemini-2.5-flash-lite:streamGenerateContent?alt=sse");
    expect(sent.headers["x-goog-api-key"]).toBe("g-test");
    expect(JSON.stringify(sent.body.systemInstruction)).toContain("You are Sage");
  });
});
