import type {
  Completion,
  CompletionRequest,
  LanguageModel,
} from "../../src/server/integrations/llm/language-model.ts";

/**
 * A model that answers whatever the test scripts (a text, or an error to throw) and records
 * every request it was given.
 */
export function fakeLlm(reply: string | Error | ((req: CompletionRequest) => string)) {
  const requests: CompletionRequest[] = [];
  const answer = (req: CompletionRequest): Completion => {
    requests.push(req);
    if (reply instanceof Error) throw reply;
    const text = typeof reply === "function" ? reply(req) : reply;
    return { text, tokensUsed: 42, model: "fake" };
  };
  const llm: LanguageModel = {
    kind: "provider",
    complete: async (req) => answer(req),
    stream: async function* (req) {
      const completion = answer(req);
      yield completion.text;
      return completion;
    },
  };
  return { llm, requests };
}
