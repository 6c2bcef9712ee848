import { useEffect, useId, useRef, useState } from "react";
import "../../../lib/zod-jitless.ts";
import { z } from "zod";
import {
  type PeakTime,
  type ProductivityAnswers,
  productivityAnswers,
} from "../../../../core/contract/productivity.ts";
import {
  type ChoiceOption,
  PRODUCTIVITY_STEPS,
  peakDescription,
  type TextStep,
} from "../../../../core/productivity/questions.ts";
import { Button } from "../../../components/button.tsx";
import { ProgressBar } from "../../../components/progress-bar.tsx";
import { sessionValue } from "../../../lib/session-value.ts";
import { userLocale } from "../../../lib/user-locale.ts";

type Draft = Partial<ProductivityAnswers>;

/**
 * The answers so far and the step, kept in this tab so a reload (or a phone that drops the
 * page in the background) goes on where the person was, for a day at most.
 */
const progress = sessionValue(
  "sage.productivity-progress",
  z.object({
    index: z
      .number()
      .int()
      .min(0)
      .max(PRODUCTIVITY_STEPS.length - 1),
    draft: productivityAnswers.partial(),
  }),
  { maxAgeMs: 86_400_000 },
);

/**
 * The six steps: choosing an option records it and advances; the last step is free text
 * with Continue (needs text) or Skip (records empty text). Previous goes back a step and
 * shows the earlier choice; Back leaves the questionnaire.
 */
export function ProductivityQuestionnaire({
  onComplete,
  onBack,
}: {
  onComplete: (answers: ProductivityAnswers) => void;
  onBack: () => void;
}) {
  const [saved] = useState(() => progress.read());
  const [index, setIndex] = useState(saved?.index ?? 0);
  const [draft, setDraft] = useState<Draft>(saved?.draft ?? {});
  const step = PRODUCTIVITY_STEPS[index]!;
  const total = PRODUCTIVITY_STEPS.length;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusedIndex = useRef(0);

  // moving between steps puts focus on the new question, so screen readers hear it
  useEffect(() => {
    if (focusedIndex.current === index) return;
    focusedIndex.current = index;
    headingRef.current?.focus();
  }, [index]);

  useEffect(() => {
    progress.write({ index, draft });
  }, [index, draft]);

  function finish(additionalInfo: string) {
    progress.clear();
    onComplete({
      ...(draft as Omit<ProductivityAnswers, "additional_info">),
      additional_info: additionalInfo,
    });
  }

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12" aria-labelledby="question">
      <div className="flex items-center justify-between gap-3">
        <Button variant="ghost" onClick={onBack} className="-ml-3">
          <span aria-hidden="true">←</span> Back
        </Button>
        <p className="text-sm font-medium text-stone-600">
          Step {index + 1} of {total}
        </p>
      </div>
      <div className="mt-3">
        <ProgressBar
          value={index + 1}
          max={total}
          label="Questionnaire progress"
          valueText={`Step ${index + 1} of ${total}`}
        />
      </div>
      <h1
        id="question"
        ref={headingRef}
        tabIndex={-1}
        className="mt-8 text-2xl font-bold text-stone-900 outline-none sm:text-3xl"
      >
        {step.question}
      </h1>
      {step.kind === "choice" ? (
        <ul className="mt-6 grid gap-3">
          {(step.options as readonly ChoiceOption<string>[]).map((option) => {
            const chosen = draft[step.id] === option.value;
            return (
              <li key={option.value}>
                <button
                  type="button"
                  aria-pressed={chosen}
                  onClick={() => {
                    setDraft((d) => ({ ...d, [step.id]: option.value }));
                    setIndex((i) => i + 1);
                  }}
                  className={`w-full rounded-2xl border px-4 py-3 text-left transition-colors hover:border-sage-500 hover:bg-sage-50 ${
                    chosen ? "border-sage-600 bg-sage-50" : "border-stone-300 bg-white"
                  }`}
                >
                  <span className="block font-semibold text-stone-900">{option.label}</span>
                  <span className="mt-0.5 block text-sm text-stone-700">
                    {step.id === "peak_time"
                      ? peakDescription(option.value as PeakTime, userLocale())
                      : option.description}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <FreeTextStep
          step={step}
          initial={draft.additional_info ?? ""}
          onChange={(text) => setDraft((d) => ({ ...d, additional_info: text }))}
          onContinue={finish}
          onSkip={() => finish("")}
        />
      )}
      {index > 0 && (
        <div className="mt-6">
          <Button variant="secondary" onClick={() => setIndex((i) => i - 1)}>
            Previous
          </Button>
        </div>
      )}
    </section>
  );
}

function FreeTextStep({
  step,
  initial,
  onChange,
  onContinue,
  onSkip,
}: {
  step: TextStep;
  initial: string;
  onChange: (text: string) => void;
  onContinue: (text: string) => void;
  onSkip: () => void;
}) {
  const [text, setText] = useState(initial);
  const hintId = useId();
  return (
    <form
      className="mt-6"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) onContinue(text.trim());
      }}
    >
      <label htmlFor="additional-info" className="sr-only">
        {step.question}
      </label>
      <p id={hintId} className="text-sm text-stone-700">
        {step.hint}
      </p>
      <textarea
        id="additional-info"
        aria-describedby={hintId}
        value={text}
        maxLength={2000}
        rows={5}
        placeholder={step.placeholder}
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value);
        }}
        className="mt-3 w-full rounded-2xl border border-stone-300 bg-white px-4 py-3 text-base placeholder:text-stone-500"
      />
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" disabled={!text.trim()}>
          Continue
        </Button>
        <Button variant="secondary" onClick={onSkip}>
          Skip
        </Button>
      </div>
    </form>
  );
}
