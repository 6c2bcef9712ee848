import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { composeContextSummary } from "../../core/onboarding/compose-context-summary.ts";
import { type OnboardingDomain, QUESTION_SETS } from "../../core/onboarding/question-sets.ts";
import type { LanguageModel } from "../integrations/llm/language-model.ts";
import { completeJson, usableModel } from "./model-json.ts";

const modelSummary = z.object({ contextSummary: z.string().trim().min(20).max(2000) });

/**
 * The profile text the assistant will carry for this life area: written by the model when
 * one is configured (validated), otherwise — or when the model fails — composed from the
 * answers by the built-in composer. Never throws.
 */
export async function buildContextSummary(input: {
  domain: OnboardingDomain;
  answers: Record<string, string>;
  llm: LanguageModel | undefined;
  log: FastifyBaseLogger;
}): Promise<string> {
  const llm = usableModel(input.llm);
  const composed = () => composeContextSummary(input);
  if (!llm) return composed();
  const answered = Object.entries(input.answers)
    .filter(([, a]) => a.trim() !== "")
    .map(([q, a]) => `Q: ${q}\nA: ${a.trim()}`)
    .join("\n\n");
  try {
    const { contextSummary } = await completeJson(llm, {
      maxTokens: 600,
      schema: modelSummary,
      messages: [
        {
          role: "system",
          content:
            "You are Sage, a personal assistant. From a person's onboarding answers, write the profile you will keep in mind when helping them: " +
            "120 words at most, plain text, second person ('You ...'), only facts they gave, no diagnosis, no judgement, no advice yet. " +
            'Reply with JSON only: {"contextSummary":"..."}.',
        },
        {
          role: "user",
          content: `Life area: ${QUESTION_SETS[input.domain].name}\n\n${answered}`,
        },
      ],
    });
    return contextSummary;
  } catch (err) {
    input.log.warn({ err, domain: input.domain }, "onboarding context: model failed, composing");
    return composed();
  }
}
