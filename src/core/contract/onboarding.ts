import { z } from "zod";
import { ONBOARDING_DOMAINS } from "../onboarding/question-sets.ts";

export const onboardingDomain = z.enum(ONBOARDING_DOMAINS, {
  error: `must be one of: ${ONBOARDING_DOMAINS.join(", ")}`,
});

/** One onboarding question (spec §3): the text, and a hint shown in the empty textarea. */
export const onboardingQuestion = z.object({
  question: z.string().trim().min(5).max(300),
  placeholder: z.string().trim().max(300),
});
export type OnboardingQuestion = z.infer<typeof onboardingQuestion>;

/** POST /api/onboarding/questions */
export const questionsRequest = z.object({ domain: onboardingDomain });
export const questionsResponse = z.object({
  questions: z.array(onboardingQuestion).min(1).max(8),
});
export type QuestionsResponse = z.infer<typeof questionsResponse>;

export const MAX_ANSWERS = 12;
export const MAX_ANSWER_CHARS = 2000;

/**
 * POST /api/onboarding/context. Answers are keyed by the question text (spec §3); at least
 * one must say something.
 */
export const contextRequest = z.object({
  domain: onboardingDomain,
  answers: z
    .record(
      z.string().trim().min(1, "question must not be empty").max(300),
      z
        .string()
        .max(MAX_ANSWER_CHARS, `each answer must be at most ${MAX_ANSWER_CHARS} characters`),
    )
    .refine((a) => Object.keys(a).length <= MAX_ANSWERS, {
      message: `at most ${MAX_ANSWERS} answers`,
    })
    .refine((a) => Object.values(a).some((v) => v.trim() !== ""), {
      message: "at least one answer is required",
    }),
});
export type ContextRequest = z.infer<typeof contextRequest>;

export const contextResponse = z.object({
  contextSummary: z.string(),
  /** true when the signed-in user's context was stored as that domain's active context. */
  saved: z.boolean(),
});
export type ContextResponse = z.infer<typeof contextResponse>;
