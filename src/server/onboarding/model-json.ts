import type { z } from "zod";
import {
  type LanguageModel,
  LlmError,
  type LlmMessage,
} from "../integrations/llm/language-model.ts";

const MODEL_DEADLINE_MS = 20_000;

/**
 * Asks the model for a JSON object and validates it with `schema`. Any failure — the call,
 * unparsable text, or a shape that does not match — is an LlmError, so callers can fall back.
 */
export async function completeJson<S extends z.ZodType>(
  llm: LanguageModel,
  request: { messages: LlmMessage[]; maxTokens: number; schema: S },
): Promise<z.output<S>> {
  const completion = await llm.complete({
    messages: request.messages,
    json: true,
    temperature: 0.7,
    maxTokens: request.maxTokens,
    signal: AbortSignal.timeout(MODEL_DEADLINE_MS),
  });
  // some models wrap JSON in a Markdown fence even when asked not to
  const text = completion.text
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new LlmError("model answer is not JSON", "bad_output");
  }
  const parsed = request.schema.safeParse(data);
  if (!parsed.success) throw new LlmError("model answer has the wrong shape", "bad_output");
  return parsed.data;
}

/** A model that is really a model (the built-in offline assistant writes no questions). */
export function usableModel(llm: LanguageModel | undefined): LanguageModel | undefined {
  return llm?.kind === "provider" ? llm : undefined;
}
