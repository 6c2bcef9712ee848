import { useEffect, useRef, useState } from "react";
import {
  type AnswersByQuestion,
  FITNESS_QUESTIONS,
  type FitnessQuestion,
  MULTISELECT_SEPARATOR,
} from "../../../../core/fitness/questions.ts";
import { Button } from "../../../components/button.tsx";
import { ProgressBar } from "../../../components/progress-bar.tsx";

/**
 * One question at a time. Answers are keyed by the question text; multiselect values are
 * joined with '|'. Next needs a non-empty answer; the last button is 'Generate Program'.
 */
export function FitnessQuestions({
  initial = {},
  onBack,
  onSubmit,
}: {
  initial?: AnswersByQuestion;
  onBack: () => void;
  onSubmit: (answers: AnswersByQuestion) => void;
}) {
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<AnswersByQuestion>(initial);
  const question = FITNESS_QUESTIONS[index]!;
  const total = FITNESS_QUESTIONS.length;
  const value = answers[question.question] ?? "";
  const last = index === total - 1;
  const legendRef = useRef<HTMLHeadingElement>(null);
  const focusedIndex = useRef(0);

  useEffect(() => {
    if (focusedIndex.current === index) return;
    focusedIndex.current = index;
    legendRef.current?.focus();
  }, [index]);

  const setValue = (next: string) => setAnswers((a) => ({ ...a, [question.question]: next }));

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <p className="text-sm font-medium text-stone-600">
        Question {index + 1} of {total}
      </p>
      <div className="mt-3">
        <ProgressBar
          value={index + 1}
          max={total}
          label="Assessment progress"
          valueText={`Question ${index + 1} of ${total}`}
        />
      </div>
      <form
        className="mt-8"
        onSubmit={(e) => {
          e.preventDefault();
          if (!value.trim()) return;
          if (last) onSubmit(answers);
          else setIndex((i) => i + 1);
        }}
      >
        <fieldset>
          <legend className="w-full">
            <h1
              ref={legendRef}
              tabIndex={-1}
              className="text-2xl font-bold text-stone-900 outline-none sm:text-3xl"
            >
              {question.question}
            </h1>
          </legend>
          <div className="mt-6">
            <AnswerInput question={question} value={value} onChange={setValue} />
          </div>
        </fieldset>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button
            variant="secondary"
            onClick={() => (index === 0 ? onBack() : setIndex((i) => i - 1))}
          >
            Previous
          </Button>
          <Button type="submit" disabled={!value.trim()}>
            {last ? "Generate Program" : "Next"}
          </Button>
        </div>
      </form>
    </section>
  );
}

const optionClass = (checked: boolean) =>
  `flex cursor-pointer items-center gap-3 rounded-2xl border px-4 py-3 transition-colors hover:border-sage-500 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-sage-500 ${
    checked ? "border-sage-600 bg-sage-50" : "border-stone-300 bg-white"
  }`;

function AnswerInput({
  question,
  value,
  onChange,
}: {
  question: FitnessQuestion;
  value: string;
  onChange: (value: string) => void;
}) {
  if (question.type === "text") {
    return (
      <>
        <label htmlFor={`q-${question.id}`} className="sr-only">
          {question.question}
        </label>
        <textarea
          id={`q-${question.id}`}
          value={value}
          maxLength={500}
          rows={4}
          placeholder={question.placeholder}
          onChange={(e) => onChange(e.target.value)}
          className="w-full rounded-2xl border border-stone-300 bg-white px-4 py-3 text-base placeholder:text-stone-500"
        />
      </>
    );
  }
  const options = question.options ?? [];
  if (question.type === "select") {
    return (
      <div className="grid gap-3">
        {options.map((option) => (
          <label key={option} className={optionClass(value === option)}>
            <input
              type="radio"
              name={question.id}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="h-4 w-4 accent-sage-700"
            />
            <span className="text-stone-900">{option}</span>
          </label>
        ))}
      </div>
    );
  }
  const chosen = value ? value.split(MULTISELECT_SEPARATOR) : [];
  const toggle = (option: string) => {
    const next = chosen.includes(option)
      ? chosen.filter((o) => o !== option)
      : options.filter((o) => o === option || chosen.includes(o)); // keep the options' order
    onChange(next.join(MULTISELECT_SEPARATOR));
  };
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {options.map((option) => (
        <label key={option} className={optionClass(chosen.includes(option))}>
          <input
            type="checkbox"
            name={question.id}
            value={option}
            checked={chosen.includes(option)}
            onChange={() => toggle(option)}
            className="h-4 w-4 accent-sage-700"
          />
          <span className="text-stone-900">{option}</span>
        </label>
      ))}
    </div>
  );
}
