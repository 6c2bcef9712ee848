import type { ContextResponse, OnboardingQuestion } from "../../../../core/contract/onboarding.ts";
import type { OnboardingDomain } from "../../../../core/onboarding/question-sets.ts";
import { call } from "../../../lib/client.ts";

export async function fetchOnboardingQuestions(
  domain: OnboardingDomain,
): Promise<OnboardingQuestion[]> {
  const { questions } = await call("onboardingQuestions", { body: { domain } });
  return questions;
}

/** Builds the profile text; for a signed-in user the server also saves it. */
export function buildOnboardingContext(input: {
  domain: OnboardingDomain;
  answers: Record<string, string>;
}): Promise<ContextResponse> {
  return call("onboardingContext", { body: input });
}
