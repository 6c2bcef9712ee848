import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { languageModelFromConfig } from "../../src/server/integrations/llm/providers.ts";
import { startFakeOpenAi } from "../support/fake-openai-server.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
beforeAll(async () => {
  fake = await startFakeOpenAi("Block 9 to 11 for the report, then a break.");
  const llm = languageModelFromConfig(
    { provider: "openai", apiKey: "sk-test", baseUrl: fake.baseUrl, model: "gpt-4.1-nano" },
    // an idle timeout well above a loaded machine's pauses, well below the total one
    { idleTimeoutMs: 1000, totalTimeoutMs: 8000 },
  )!;
  // one call first, so the tests measure the provider's silence, not a cold start (the SDK,
  // fetch and the provider's response schemas are loaded on the first call)
  await llm.complete({ messages: [{ role: "user", content: "warm up" }] });
  t = await createTestApp({ llm });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function usedOf(headers: Record<string, string>) {
  return (await t.app.inject({ method: "GET", url: "/api/usage", headers })).json().used;
}

const post = (
  headers: Record<string, string>,
  stream = false,
  message = "plan my morning",
  conversationId?: string,
) =>
  t.app.inject({
    method: "POST",
    url: "/api/chat",
    headers: stream ? { ...headers, accept: "text/event-stream" } : headers,
    payload: { message, ...(conversationId ? { conversationId } : {}) },
  });

describe("the OpenAI-compatible adapter against a loopback provider", () => {
  it("a normal reply: the spec's defaults are sent and the answer stored", async () => {
    fake.setMode("ok");
    const s = await t.signIn();
    const res = await post(s.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      response: "Block 9 to 11 for the report, then a break.",
      tokensUsed: 30,
      model: "gpt-4.1-nano",
    });
    expect(fake.bodies.at(-1)).toMatchObject({
      model: "gpt-4.1-nano",
      temperature: 0.7,
      max_tokens: 1000,
    });
  });

  it("a streamed reply arrives as deltas and a done event", async () => {
    fake.setMode("stream");
    const s = await t.signIn();
    const res = await post(s.headers, true);
    const deltas = [...res.body.matchAll(/event: delta\ndata: (.*)/g)].map(
      (m) => JSON.parse(m[1]!).text,
    );
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join("")).toBe("Block 9 to 11 for the report, then a break.");
    expect(res.body).toContain("event: done");
    expect(await usedOf(s.headers)).toBe(1);
  });

  it("a 500 is retried at most once, then refunded with a clear message", async () => {
    fake.setMode("500");
    const s = await t.signIn();
    const res = await post(s.headers);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe("The assistant could not answer right now. Please try again.");
    expect(fake.requests()).toBe(2);
    expect(await usedOf(s.headers)).toBe(0);
  });

  it("a 429 from the provider is a 429 containing 'Rate limit', refunded", async () => {
    fake.setMode("429");
    const s = await t.signIn();
    const res = await post(s.headers);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toContain("Rate limit");
    expect(await usedOf(s.headers)).toBe(0);
  });

  it("a stall before the headers ends at the idle timeout, refunded", async () => {
    fake.setMode("stall-headers");
    const s = await t.signIn();
    const started = Date.now();
    const res = await post(s.headers);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.statusCode).toBe(504);
    expect(res.json().error).toBe("The assistant took too long to answer. Please try again.");
    expect(await usedOf(s.headers)).toBe(0);
  });

  it("a stall mid-stream ends with an error event, refunded, nothing stored", async () => {
    fake.setMode("stall-midstream");
    const s = await t.signIn();
    const started = Date.now();
    const res = await post(s.headers, true);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.body).toContain("event: delta");
    expect(res.body).toContain("event: error");
    expect(res.body).toContain("The assistant took too long to answer.");
    expect(await usedOf(s.headers)).toBe(0);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/conversations",
      headers: s.headers,
    });
    expect(list.json().conversations).toEqual([]);
  });

  it("a malformed reply (JSON cut off) is a clear error, refunded, nothing stored", async () => {
    fake.setMode("malformed");
    const s = await t.signIn();
    const started = Date.now();
    const res = await post(s.headers);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(res.json()).toMatchObject({
      code: "service_unavailable",
      error: "The assistant could not answer right now. Please try again.",
    });
    expect(await usedOf(s.headers)).toBe(0);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/conversations",
      headers: s.headers,
    });
    expect(list.json().conversations).toEqual([]);
  });

  it("a malformed stream (a chunk that is not JSON, no [DONE]) ends with an error event, refunded, nothing stored", async () => {
    fake.setMode("malformed");
    const s = await t.signIn();
    const started = Date.now();
    const res = await post(s.headers, true);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.body).toContain("event: error");
    expect(res.body).not.toContain("event: done");
    expect(res.body).toMatch(/The assistant (could not answer right now|took too long to answer)/);
    expect(await usedOf(s.headers)).toBe(0);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/conversations",
      headers: s.headers,
    });
    expect(list.json().conversations).toEqual([]);
  });
});

describe("tool calling", () => {
  it("the model's create_event call adds the event and the reply says so", async () => {
    const s = await t.signIn();
    fake.setMode("tools", {
      name: "create_event",
      arguments: { title: "Dentist", start: "2031-03-04T14:00:00Z", end: "2031-03-04T15:00:00Z" },
    });
    const res = await post(s.headers, true);
    expect(res.body).toContain("event: done");
    const done = JSON.parse(/event: done\ndata: (.*)/.exec(res.body)![1]!);
    expect(done.response).toMatch(/^Done\. Added “Dentist”, Tue, Mar 4, 2:00 PM – 3:00 PM\.$/);
    expect(done.calendarChanged).toBe(true);
    const events = (
      await t.app.inject({ method: "GET", url: "/api/calendar-events", headers: s.headers })
    ).json().events;
    expect(events).toMatchObject([{ title: "Dentist", source: "assistant" }]);
    // the model's change is on a card with Undo, like the built-in assistant's
    expect(done.actions).toMatchObject([
      {
        kind: "created",
        undone: false,
        items: [{ title: "Dentist", start: "2031-03-04T14:00:00.000Z" }],
      },
    ]);
    const undone = await t.app.inject({
      method: "POST",
      url: `/api/assistant/actions/${done.actions[0].id}/undo`,
      headers: s.headers,
    });
    expect(undone.json()).toMatchObject({ calendarChanged: true, card: { undone: true } });
    const after = (
      await t.app.inject({ method: "GET", url: "/api/calendar-events", headers: s.headers })
    ).json().events;
    expect(after).toEqual([]);
    // the tools were offered with JSON schemas, and the result went back as a tool message
    const first = fake.bodies.at(-2) as { tools: { function: { name: string } }[] };
    expect(first.tools.map((t) => t.function.name)).toContain("create_event");
    const second = fake.bodies.at(-1) as { messages: { role: string }[] };
    expect(second.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool"]);
  });

  it("the model's event in the past is proposed, not written", async () => {
    const s = await t.signIn();
    fake.setMode("tools", {
      name: "create_event",
      arguments: { title: "Dentist", start: "2020-03-04T14:00:00Z", end: "2020-03-04T15:00:00Z" },
    });
    const res = await post(s.headers, true);
    const done = JSON.parse(/event: done\ndata: (.*)/.exec(res.body)![1]!);
    expect(done.calendarChanged).toBe(false);
    expect(done.actions).toMatchObject([{ kind: "proposed", items: [{ title: "Dentist" }] }]);
    const events = (
      await t.app.inject({ method: "GET", url: "/api/calendar-events", headers: s.headers })
    ).json().events;
    expect(events).toEqual([]);
    // the model was told so, in the tool's result
    const second = fake.bodies.at(-1) as { messages: { role: string; content: unknown }[] };
    expect(JSON.stringify(second.messages.at(-1))).toContain("it is in the past");
  });

  it("the model creates a repeating event, and cancels the series only when told the scope", async () => {
    const s = await t.signIn();
    const events = async () =>
      (
        await t.app.inject({ method: "GET", url: "/api/calendar-events", headers: s.headers })
      ).json().events as {
        title: string;
        recurrence_frequency: string | null;
        recurrence_by_day: string | null;
      }[];
    // the app's clock is real here: the series starts next Monday
    const monday = new Date();
    monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
    monday.setUTCHours(7, 0, 0, 0);
    fake.setMode("tools", {
      name: "create_event",
      arguments: {
        title: "Gym",
        start: monday.toISOString(),
        end: new Date(monday.getTime() + 3_600_000).toISOString(),
        repeat: { frequency: "WEEKLY", by_day: ["MO"] },
      },
    });
    const created = await post(s.headers);
    expect(created.json().response).toContain("every Monday");
    expect(await events()).toMatchObject([
      { title: "Gym", recurrence_frequency: "WEEKLY", recurrence_by_day: '["MO"]' },
    ]);

    fake.setMode("tools", { name: "cancel_event", arguments: { title: "Gym" } });
    const asked = await post(s.headers);
    expect(asked.json().response).toContain("or the whole series?");
    expect(asked.json().calendarChanged).toBe(false);
    expect(await events()).toHaveLength(1);

    fake.setMode("tools", { name: "cancel_event", arguments: { title: "Gym", scope: "this" } });
    const one = await post(s.headers);
    expect(one.json().response).toContain("the rest of the series stays");
    expect(one.json().actions[0]).toMatchObject({ kind: "cancelled" });
    expect(await events()).toMatchObject([{ exdates: [expect.any(String)] }]);

    // the whole series is proposed first (issue 28), and cancelled only on Yes — answered
    // before the model is asked, so it runs exactly what was shown
    fake.setMode("tools", { name: "cancel_event", arguments: { title: "Gym", scope: "all" } });
    const all = await post(s.headers, false, "cancel the gym, the whole series");
    expect(all.json().calendarChanged).toBe(false);
    expect(all.json().response).toContain("Shall I go ahead?");
    expect(all.json().actions[0]).toMatchObject({ kind: "proposed", pending: true });
    expect(await events()).toHaveLength(1);
    const modelCalls = fake.requests();
    const yes = await post(s.headers, false, "yes", all.json().conversationId);
    expect(fake.requests()).toBe(modelCalls);
    expect(yes.json().calendarChanged).toBe(true);
    expect(yes.json().actions[0]).toMatchObject({ kind: "cancelled" });
    expect(await events()).toEqual([]);
  });

  it("a model's call naming several events is proposed for the nearest, done only on Yes", async () => {
    const s = await t.signIn();
    const at = (days: number) => {
      const d = new Date();
      d.setUTCDate(d.getUTCDate() + days);
      d.setUTCHours(9, 0, 0, 0);
      return d;
    };
    for (const d of [at(1), at(2)]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/calendar-events",
        headers: s.headers,
        payload: {
          id: crypto.randomUUID(),
          title: "Standup",
          start_time: d.toISOString(),
          end_time: new Date(d.getTime() + 900_000).toISOString(),
        },
      });
      expect(res.statusCode).toBe(201);
    }
    const standups = async () =>
      (
        (
          await t.app.inject({ method: "GET", url: "/api/calendar-events", headers: s.headers })
        ).json().events as { title: string; start_time: string }[]
      )
        .map((e) => e.start_time)
        .sort();
    fake.setMode("tools", { name: "cancel_event", arguments: { title: "Standup" } });
    const asked = await post(s.headers, false, "cancel the standup");
    expect(asked.json().calendarChanged).toBe(false);
    expect(asked.json().actions[0]).toMatchObject({
      kind: "proposed",
      pending: true,
      items: [{ title: "Standup", start: at(1).toISOString() }],
    });
    expect(await standups()).toHaveLength(2);
    const yes = await post(s.headers, false, "yes", asked.json().conversationId);
    expect(yes.json().calendarChanged).toBe(true);
    expect(await standups()).toEqual([at(2).toISOString()]);
    // naming the exact start of one of several is no ambiguity: that one goes, no question
    const third = at(3);
    await t.app.inject({
      method: "POST",
      url: "/api/calendar-events",
      headers: s.headers,
      payload: {
        id: crypto.randomUUID(),
        title: "Standup",
        start_time: third.toISOString(),
        end_time: new Date(third.getTime() + 900_000).toISOString(),
      },
    });
    fake.setMode("tools", {
      name: "cancel_event",
      arguments: { title: "Standup", current_start: third.toISOString() },
    });
    const named = await post(s.headers, false, "cancel the standup on that day");
    expect(named.json().calendarChanged).toBe(true);
    expect(named.json().actions[0]).toMatchObject({ kind: "cancelled" });
    expect(await standups()).toEqual([at(2).toISOString()]);
  });

  it("a model changing more than 3 events in one turn shows the rest for a Yes", async () => {
    const s = await t.signIn();
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCHours(15, 0, 0, 0);
    fake.setMode("tools-loop", {
      name: "create_event",
      arguments: {
        title: "Focus",
        start: start.toISOString(),
        end: new Date(start.getTime() + 3_600_000).toISOString(),
      },
    });
    const res = await post(s.headers, false, "add focus time");
    expect(res.statusCode).toBe(200);
    const focus = async () =>
      (
        (
          await t.app.inject({ method: "GET", url: "/api/calendar-events", headers: s.headers })
        ).json().events as unknown[]
      ).length;
    // four rounds of tools: three run, the fourth waits on one proposal card
    expect(await focus()).toBe(3);
    const proposed = res.json().actions.filter((a: { kind: string }) => a.kind === "proposed");
    expect(proposed).toHaveLength(1);
    expect(proposed[0]).toMatchObject({ pending: true, items: [{ title: "Focus" }] });
    const yes = await post(s.headers, false, "yes", res.json().conversationId);
    expect(yes.json().calendarChanged).toBe(true);
    expect(await focus()).toBe(4);
  });

  it("invalid tool arguments reach the model as an error, nothing changes", async () => {
    const s = await t.signIn();
    fake.setMode("tools", { name: "create_event", arguments: { title: "", start: "tomorrow" } });
    const res = await post(s.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toMatch(/^Done\. Error: /);
    expect(res.json().calendarChanged).toBe(false);
    const events = (
      await t.app.inject({ method: "GET", url: "/api/calendar-events", headers: s.headers })
    ).json().events;
    expect(events).toEqual([]);
  });

  it("tool steps are bounded: a model that keeps calling tools is stopped", async () => {
    const s = await t.signIn();
    fake.setMode("tools-loop", {
      name: "list_events",
      arguments: { from: "2031-03-01T00:00:00Z", to: "2031-03-02T00:00:00Z" },
    });
    const res = await post(s.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toBe("I stopped there.");
    expect(fake.requests()).toBe(5); // 4 tool rounds, then one without tools
  });
});

describe("JSON answers (the onboarding's questions, profiles)", () => {
  const model = () =>
    languageModelFromConfig(
      { provider: "openai", apiKey: "sk-test", baseUrl: fake.baseUrl, model: "gpt-4.1-nano" },
      { idleTimeoutMs: 1000, totalTimeoutMs: 8000 },
    )!;
  const request = {
    messages: [
      { role: "system" as const, content: "Answer with JSON." },
      { role: "user" as const, content: "questions please" },
    ],
    json: true,
    maxTokens: 300,
  };

  it("asks for a JSON object in one call and returns the text, usage and model", async () => {
    fake.setMode("ok");
    const answer = await model().complete(request);
    expect(answer).toEqual({
      text: "Block 9 to 11 for the report, then a break.",
      tokensUsed: 30,
      model: "gpt-4.1-nano",
    });
    const body = fake.bodies.at(-1) as Record<string, unknown>;
    expect(body).toMatchObject({ response_format: { type: "json_object" }, max_tokens: 300 });
    expect(body.stream).toBeFalsy();
    expect(fake.requests()).toBe(1);
  });

  it("a 500 is retried once, then fails as an LlmError the caller falls back on", async () => {
    fake.setMode("500");
    await expect(model().complete(request)).rejects.toMatchObject({
      name: "LlmError",
      kind: "unavailable",
    });
    expect(fake.requests()).toBe(2);
  });
});
