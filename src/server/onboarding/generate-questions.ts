import type { FastifyBaseLogger } from "fastify";
import { type OnboardingQuestion, questionsResponse } from "../../core/contract/onboarding.ts";
import { type OnboardingDomain, QUESTION_SETS } from "../../core/onboarding/question-sets.ts";
import type { LanguageModel } from "../integrations/llm/language-model.ts";
import { completeJson, usableModel } from "./model-json.ts";

const modelQuestions = questionsResponse.extend({
  questions: questionsResponse.shape.questions.min(3).max(7),
});

function builtInQuestions(domain: OnboardingDomain): OnboardingQuestion[] {
  return QUESTION_SETS[domain].questions.map(({ question, placeholder }) => ({
    question,
    placeholder,
  }));
}

/**
 * The onboarding questions for a life area: written by the model when one is configured
 * (validated), otherwise — or when the model fails — the built-in set. Never throws.
 */
export async function generateOnboardingQuestions(input: {
  domain: OnboardingDomain;
  llm: LanguageModel | undefined;
  log: FastifyBaseLogger;
}): Promise<OnboardingQuestion[]> {
  const llm = usableModel(input.llm);
  if (!llm) return builtInQuestions(input.domain);
  const set = QUESTION_SETS[input.domain];
  try {
    const { questions } = await completeJson(llm, {
      maxTokens: 700,
      schema: modelQuestions,
      messages: [
        {
          role: "system",
          content:
            "You are Sage, a warm personal assistant. You write onboarding questions that help you understand a person before you help them. " +
            'Reply with JSON only: {"questions":[{"question":"...","placeholder":"e.g. ..."}]}. ' +
            "Write exactly 5 short, open questions, one idea each, in plain friendly language, no numbering. " +
            "Each placeholder is a realistic example answer starting with 'e.g.'. Never ask for passwords, health records, or financial account details.",
        },
        {
          role: "user",
          content: `Life area: ${set.name}. The assistant will help with ${set.focus}.`,
        },
      ],
    });
    return questions;
  } catch (err) {
    input.log.warn(
      { err, domain: input.domain },
      "onboarding questions: model failed, using built-in set",
    );
    return builtInQuestions(input.domain);
  }
}
