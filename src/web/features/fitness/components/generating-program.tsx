import { useEffect, useState } from "react";

/** Spec §9: progress messages at 1 s, 2.5 s and 4 s; the preview 1.5 s after 'ready'. */
export const PROGRESS_MESSAGES: readonly [number, string][] = [
  [0, "Reading your answers..."],
  [1000, "Analyzing your goals and experience..."],
  [2500, "Designing your weekly structure..."],
  [4000, "Choosing exercises for your first week..."],
];
export const READY_MESSAGE = "Your program is ready!";
export const APOLOGY_MESSAGE =
  "Sorry, we couldn't create your custom program right now. Here's a proven starter program you can begin with.";
export const PREVIEW_DELAY_MS = 1500;

/**
 * The generating stage. Timed messages run while `status` is pending; on success the ready
 * message shows and `onDone` fires 1.5 s later; on failure the apology shows, then the same.
 */
export function GeneratingProgram({
  status,
  onDone,
}: {
  status: "pending" | "success" | "error";
  onDone: () => void;
}) {
  const [step, setStep] = useState(0);

  useEffect(() => {
    const timers = PROGRESS_MESSAGES.slice(1).map(([at], i) =>
      setTimeout(() => setStep(i + 1), at),
    );
    return () => timers.forEach(clearTimeout);
  }, []);

  useEffect(() => {
    if (status === "pending") return;
    const timer = setTimeout(onDone, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, onDone]);

  const message =
    status === "success"
      ? READY_MESSAGE
      : status === "error"
        ? APOLOGY_MESSAGE
        : PROGRESS_MESSAGES[step]![1];

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
    </section>
  );
}
