import type {
  ContextResponse,
  OnboardingQuestion,
  QuestionsResponse,
} from "../../../../core/contract/onboarding.ts";
import type { OnboardingDomain } from "../../../../core/onboarding/question-sets.ts";
import { api } from "../../../lib/api.ts";

export async function fetchOnboardingQuestions(
  domain: OnboardingDomain,
): Promise<OnboardingQuestion[]> {
  const { questions } = await api<QuestionsResponse>("/api/onboarding/questions", {
    body: { domain },
  });
  return questions;
}

/** Builds the profile text; for a signed-in user the server also saves it. */
export function buildOnboardingContext(input: {
  domain: OnboardingDomain;
  answers: Record<string, string>;
}): Promise<ContextResponse> {
  return api<ContextResponse>("/api/onboarding/context", { body: input });
}
