import { useEffect, useId, useRef } from "react";
import type { OnboardingDomain } from "../../../../core/onboarding/question-sets.ts";
import { Button } from "../../../components/button.tsx";
import { useOnboardingFlow } from "../hooks/use-onboarding-flow.ts";

type Props = {
  domain: OnboardingDomain;
  /** Leaves the flow (Back on the first screen). */
  onExit: () => void;
  /** 'Start Getting Help' with what was learned. */
  onStart: (result: { contextSummary: string; answers: Record<string, string> }) => void;
  /** 'Help Me With Something Else'. */
  onSomethingElse: () => void;
};

const card = "mx-auto w-full max-w-2xl rounded-3xl border border-stone-200 bg-white p-6 sm:p-10";

export function OnboardingFlow({ domain, onExit, onStart, onSomethingElse }: Props) {
  const flow = useOnboardingFlow(domain);
  const { stage, questions, current, answer } = flow;
  const fieldId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const index = stage.kind === "asking" ? stage.index : -1;
  const screen = index >= 0 ? `question-${index}` : stage.kind;

  // move focus with the flow: to the new question's answer box, or to the result heading
  useEffect(() => {
    if (screen.startsWith("question-")) textareaRef.current?.focus();
    else headingRef.current?.focus();
  }, [screen]);

  if (stage.kind === "loading") {
    return (
      <div className={card} role="status">
        <p className="text-center text-stone-700">Preparing your questions...</p>
      </div>
    );
  }

  if (stage.kind === "failed") {
    return (
      <div className={card}>
        <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-stone-900">
          Something went wrong
        </h2>
        <p className="mt-3 text-stone-700" role="alert">
          We couldn't generate your personalized questions. Please try again.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button onClick={flow.retry}>Try Again</Button>
          <Button variant="secondary" onClick={onExit}>
            Back
          </Button>
        </div>
      </div>
    );
  }

  if (stage.kind === "building") {
    return (
      <div className={`${card} flex flex-col items-center gap-4`} role="status">
        <span
          aria-hidden="true"
          className="h-10 w-10 animate-spin rounded-full border-4 border-sage-200 border-t-sage-700"
        />
        <p className="text-lg font-semibold text-stone-800">Personalizing your experience...</p>
      </div>
    );
  }

  if (stage.kind === "summary") {
    return (
      <div className={card}>
        <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-stone-900">
          Perfect! I'm getting to know you.
        </h2>
        <h3 className="mt-6 font-semibold text-stone-900">Your Profile:</h3>
        <p className="mt-2 whitespace-pre-line rounded-2xl bg-sage-50 p-4 text-stone-800">
          {stage.contextSummary}
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button
            onClick={() => onStart({ contextSummary: stage.contextSummary, answers: flow.answers })}
          >
            Start Getting Help
          </Button>
          <Button variant="secondary" onClick={onSomethingElse}>
            Help Me With Something Else
          </Button>
        </div>
      </div>
    );
  }

  const total = questions.length;
  const isLast = index === total - 1;
  const blank = answer.trim() === "";
  return (
    <form
      className={card}
      onSubmit={(event) => {
        event.preventDefault();
        void flow.next();
      }}
    >
      <div className="flex items-center justify-between gap-3">
        <Button variant="ghost" className="-ml-4" onClick={onExit}>
          <span aria-hidden="true">←</span> Back
        </Button>
        <p className="text-sm font-medium text-stone-700">
          {index + 1} of {total}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Setup progress"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={index + 1}
        aria-valuetext={`Question ${index + 1} of ${total}`}
        className="mt-3 h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className="h-full rounded-full bg-sage-700 transition-[width]"
          style={{ width: `${((index + 1) / total) * 100}%` }}
        />
      </div>
      <label htmlFor={fieldId} className="mt-8 block text-xl font-semibold text-stone-900">
        {current?.question}
      </label>
      <textarea
        id={fieldId}
        ref={textareaRef}
        value={answer}
        onChange={(e) => flow.setAnswer(e.target.value)}
        placeholder={current?.placeholder}
        rows={5}
        maxLength={2000}
        className="mt-4 w-full resize-y rounded-2xl border border-stone-300 p-4 text-base text-stone-900 placeholder:text-stone-500"
      />
      <div className="mt-6 flex items-center justify-between gap-3">
        <Button variant="secondary" onClick={flow.previous} disabled={index === 0}>
          Previous
        </Button>
        <Button type="submit" disabled={blank}>
          {isLast ? "Complete Setup" : "Next"}
        </Button>
      </div>
    </form>
  );
}
