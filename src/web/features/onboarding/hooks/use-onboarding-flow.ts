import { useCallback, useEffect, useState } from "react";
import type { OnboardingQuestion } from "../../../../core/contract/onboarding.ts";
import type { OnboardingDomain } from "../../../../core/onboarding/question-sets.ts";
import { buildOnboardingContext, fetchOnboardingQuestions } from "../api/onboarding-api.ts";

export const SUMMARY_UNAVAILABLE = "Context summary unavailable";

export type OnboardingStage =
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "asking"; index: number }
  | { kind: "building" }
  | { kind: "summary"; contextSummary: string };

/**
 * The legacy onboarding flow (spec §4, "Onboarding"): questions one at a time, answers kept
 * keyed by the question text, Next only on a non-blank answer, then the context is built;
 * a failed build still reaches the summary, with 'Context summary unavailable'.
 */
export function useOnboardingFlow(domain: OnboardingDomain) {
  const [questions, setQuestions] = useState<OnboardingQuestion[]>([]);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [stage, setStage] = useState<OnboardingStage>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the request for Try Again
  useEffect(() => {
    let live = true;
    setStage({ kind: "loading" });
    fetchOnboardingQuestions(domain)
      .then((list) => {
        if (!live) return;
        setQuestions(list);
        setAnswers({});
        setStage(list.length > 0 ? { kind: "asking", index: 0 } : { kind: "failed" });
      })
      .catch((err) => {
        console.error("onboarding questions failed", err);
        if (live) setStage({ kind: "failed" });
      });
    return () => {
      live = false;
    };
  }, [domain, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const current = stage.kind === "asking" ? questions[stage.index] : undefined;
  const answer = current ? (answers[current.question] ?? "") : "";

  const setAnswer = (text: string) => {
    if (!current) return;
    setAnswers((prev) => ({ ...prev, [current.question]: text }));
  };

  const previous = () => {
    if (stage.kind === "asking" && stage.index > 0) {
      setStage({ kind: "asking", index: stage.index - 1 });
    }
  };

  const next = async () => {
    if (stage.kind !== "asking" || answer.trim() === "") return;
    if (stage.index < questions.length - 1) {
      setStage({ kind: "asking", index: stage.index + 1 });
      return;
    }
    setStage({ kind: "building" });
    // only the questions actually asked this time, trimmed
    const asked = Object.fromEntries(
      questions.map((q) => [q.question, (answers[q.question] ?? "").trim()]),
    );
    try {
      const { contextSummary } = await buildOnboardingContext({ domain, answers: asked });
      setStage({ kind: "summary", contextSummary });
    } catch (err) {
      console.error("onboarding context failed", err);
      setStage({ kind: "summary", contextSummary: SUMMARY_UNAVAILABLE });
    }
  };

  return { stage, questions, current, answer, answers, setAnswer, previous, next, retry };
}
