import type {
  LanguageModelV3CallOptions,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";
import { createAiSdkModel } from "../../src/server/integrations/llm/ai-sdk-model.ts";
import type {
  LanguageModel,
  LlmMessage,
} from "../../src/server/integrations/llm/language-model.ts";

export const usage = (total: number): LanguageModelV3Usage => ({
  inputTokens: {
    total: total - 10,
    noCache: undefined,
    cacheRead: undefined,
    cacheWrite: undefined,
  },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
});

/** The parts of a streamed text reply, as a provider's model sends them. */
export function textParts(pieces: string[], modelId = "mock-model"): LanguageModelV3StreamPart[] {
  return [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", modelId },
    { type: "text-start", id: "t" },
    ...pieces.map((delta) => ({ type: "text-delta" as const, id: "t", delta })),
    { type: "text-end", id: "t" },
    { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage: usage(42) },
  ];
}

const streamOf = (parts: LanguageModelV3StreamPart[]) =>
  new ReadableStream<LanguageModelV3StreamPart>({
    start(controller) {
      for (const p of parts) controller.enqueue(p);
      controller.close();
    },
  });

/** The prompt a model was given, as plain messages (text parts joined). */
export function promptOf(call: LanguageModelV3CallOptions): LlmMessage[] {
  return call.prompt.flatMap((m): LlmMessage[] =>
    m.role === "system"
      ? [{ role: "system" as const, content: m.content }]
      : m.role === "user" || m.role === "assistant"
        ? [
            {
              role: m.role,
              content: m.content.map((p) => (p.type === "text" ? p.text : "")).join(""),
            },
          ]
        : [],
  );
}

/**
 * A provider's model that answers instantly through the AI SDK (a MockLanguageModelV3 behind
 * the same adapter as a real provider) and records the prompts it was given.
 */
export function recordingModel(reply = "Sure — here's a plan.") {
  const mock = new MockLanguageModelV3({
    modelId: "mock-model",
    doStream: async () => ({ stream: streamOf(textParts([reply.slice(0, 5), reply.slice(5)])) }),
  });
  const model: LanguageModel = createAiSdkModel({ model: "mock-model", provider: () => mock });
  return {
    model,
    mock,
    /** The messages of each call, in order. */
    get requests() {
      return mock.doStreamCalls.map((c) => ({ messages: promptOf(c), call: c }));
    },
    clear: () => {
      mock.doStreamCalls.length = 0;
    },
  };
}

/** A provider's model whose call fails before anything streams, as an outage would. */
export function failingModel(error: unknown, opts: { totalTimeoutMs?: number } = {}) {
  const mock = new MockLanguageModelV3({
    doStream: async () => {
      throw error;
    },
    doGenerate: async () => {
      throw error;
    },
  });
  return {
    model: createAiSdkModel({ model: "mock-model", provider: () => mock, ...opts }),
    mock,
  };
}

/** A model that runs `before` (a race to simulate) and then answers. */
export function modelDoing(before: () => Promise<void>, reply = "too late"): LanguageModel {
  const mock = new MockLanguageModelV3({
    doStream: async () => {
      await before();
      return { stream: streamOf(textParts([reply])) };
    },
  });
  return createAiSdkModel({ model: "mock-model", provider: () => mock });
}
