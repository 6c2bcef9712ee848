import { useEffect } from "react";
import { ProgressBar } from "../../../components/progress-bar.tsx";
import { BUILD_ANIMATION_MS, useBuildAnimation } from "../hooks/use-build-animation.ts";

/** Spec §9: the message changes at 25, 50 and 75 percent of the animation. */
export const BUILD_MESSAGES = [
  "Analyzing your energy patterns...",
  "Mapping your ideal work rhythm...",
  "Designing strategies for the way you work...",
  "Building your calendar intelligence profile...",
] as const;

export const FINISHING_TOUCHES = "Adding the finishing touches to your profile...";

/**
 * The building state: a fixed-length animation. `onFinished` fires once the animation has
 * run and the profile is `ready`; past the end without a profile, a 'finishing touches'
 * notice shows.
 */
export function BuildingProfile({
  ready,
  onFinished,
  durationMs = BUILD_ANIMATION_MS,
}: {
  ready: boolean;
  onFinished: () => void;
  durationMs?: number;
}) {
  const { progress, finished } = useBuildAnimation(durationMs);
  const message = BUILD_MESSAGES[Math.min(3, Math.floor(progress * 4))]!;

  useEffect(() => {
    if (finished && ready) onFinished();
  }, [finished, ready, onFinished]);

  return (
    <section className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-20 text-center">
      <div className="relative h-20 w-20" aria-hidden="true">
        <div className="absolute inset-0 rounded-full border-4 border-sage-100" />
        <div className="absolute inset-0 animate-spin rounded-full border-4 border-transparent border-t-sage-600 [animation-duration:1.6s]" />
      </div>
      <h1 className="mt-8 text-2xl font-bold text-stone-900">Building your profile</h1>
      <p className="mt-3 min-h-6 text-stone-700" role="status" aria-live="polite">
        {finished && !ready ? FINISHING_TOUCHES : message}
      </p>
      <div className="mt-6 w-full max-w-sm">
        <ProgressBar
          value={Math.round(progress * 100)}
          label="Building your profile"
          valueText={`${Math.round(progress * 100)} percent`}
        />
      </div>
    </section>
  );
}
