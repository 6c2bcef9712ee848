import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { Config } from "../../config.ts";
import { type AiSdkModelOptions, createAiSdkModel } from "./ai-sdk-model.ts";
import type { LanguageModel } from "./language-model.ts";

/**
 * The configured provider's model (LLM_PROVIDER, or the first provider whose key is set), or
 * undefined when none is: the built-in assistant answers then. Each provider's package is
 * loaded on the first call.
 */
export function languageModelFromConfig(
  llm: Config["llm"],
  timeouts: Pick<AiSdkModelOptions, "totalTimeoutMs" | "idleTimeoutMs"> = {},
): LanguageModel | undefined {
  const { provider, apiKey, baseUrl } = llm;
  if (!provider) return undefined;
  let load: Promise<(id: string) => LanguageModelV3> | undefined;
  const factories = {
    // OpenAI itself, Ollama, vLLM, llama.cpp server …: local servers take any key
    openai: async () => {
      const { createOpenAICompatible } = await import("@ai-sdk/openai-compatible");
      return createOpenAICompatible({
        name: "openai",
        baseURL: baseUrl ?? "https://api.openai.com/v1",
        apiKey: apiKey ?? "not-needed",
        includeUsage: true,
      });
    },
    anthropic: async () => {
      const { createAnthropic } = await import("@ai-sdk/anthropic");
      return createAnthropic({ apiKey, ...(baseUrl ? { baseURL: baseUrl } : {}) });
    },
    google: async () => {
      const { createGoogleGenerativeAI } = await import("@ai-sdk/google");
      return createGoogleGenerativeAI({ apiKey, ...(baseUrl ? { baseURL: baseUrl } : {}) });
    },
  } satisfies Record<typeof provider, () => Promise<(id: string) => LanguageModelV3>>;
  return createAiSdkModel({
    model: llm.model,
    provider: async (id) => {
      load ??= factories[provider]();
      return (await load)(id);
    },
    ...timeouts,
  });
}
