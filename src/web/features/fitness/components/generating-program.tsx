import { useEffect } from "react";
import type { FitnessProgram } from "../../../../core/contract/fitness.ts";
import { FITNESS_QUESTIONS } from "../../../../core/fitness/questions.ts";

export const WRITING_MESSAGE = `Writing your program from your ${FITNESS_QUESTIONS.length} answers...`;
export const READY_MESSAGE = "Your program is ready!";
export const APOLOGY_MESSAGE =
  "Sorry, we couldn't create your custom program right now. Here's a proven starter program you can begin with.";
export const PREVIEW_DELAY_MS = 1500;

/** What was built, read from the program itself (never a script). */
export function programFacts(program: FitnessProgram): string[] {
  const days = program.firstWeekPreview.days;
  const weeks = program.fullProgram?.length;
  return [
    `${program.programLength}, ${days.length} ${days.length === 1 ? "session" : "sessions"} a week: ${days.map((d) => d.day).join(", ")}`,
    weeks && weeks > 1
      ? `All ${weeks} weeks written out, each one building on the last`
      : "Week 1 written out in full",
  ];
}

/**
 * The generating stage: one request, so one honest message while it runs. When the program
 * is there, what it contains shows for a moment (1.5 s) before the preview; on failure the
 * apology shows, then the same.
 */
export function GeneratingProgram({
  status,
  program,
  onDone,
}: {
  status: "pending" | "success" | "error";
  program: FitnessProgram | null;
  onDone: () => void;
}) {
  useEffect(() => {
    if (status === "pending") return;
    const timer = setTimeout(onDone, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, onDone]);

  const message =
    status === "success" ? READY_MESSAGE : status === "error" ? APOLOGY_MESSAGE : WRITING_MESSAGE;
  const facts = status === "success" && program ? programFacts(program) : [];

  return (
    <section className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-20 text-center">
      <div className="relative h-20 w-20" aria-hidden="true">
        <div className="absolute inset-0 rounded-full border-4 border-sage-100" />
        {status === "pending" && (
          <div className="absolute inset-0 animate-spin rounded-full border-4 border-transparent border-t-sage-600" />
        )}
        {status === "success" && (
          <div className="absolute inset-0 flex items-center justify-center text-3xl text-sage-700">
            ✓
          </div>
        )}
      </div>
      <h1 className="mt-8 text-2xl font-bold text-stone-900">Creating your fitness program</h1>
      <p className="mt-3 min-h-12 text-stone-700" role="status" aria-live="polite">
        {message}
      </p>
      {facts.length > 0 && (
        <ul className="mt-2 text-sm text-stone-700">
          {facts.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
