import type {
  Completion,
  CompletionRequest,
  LanguageModel,
} from "../../src/server/integrations/llm/language-model.ts";

/** A model that answers instantly and records what it was asked. */
export function recordingModel(reply = "Sure — here's a plan.") {
  const requests: CompletionRequest[] = [];
  const completion = (): Completion => ({ text: reply, tokensUsed: 42, model: "fake-model" });
  const model: LanguageModel = {
    kind: "fake",
    async complete(request) {
      requests.push(request);
      return completion();
    },
    async *stream(request) {
      requests.push(request);
      yield reply.slice(0, 5);
      yield reply.slice(5);
      return completion();
    },
  };
  return { model, requests };
}

/** A model that always fails, as a provider outage would. */
export function failingModel(error: Error): LanguageModel {
  return {
    kind: "fake",
    async complete() {
      throw error;
    },
    // biome-ignore lint/correctness/useYield: fails before the first token, as a real outage does
    async *stream() {
      throw error;
    },
  };
}
