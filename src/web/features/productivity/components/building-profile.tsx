import { useEffect } from "react";
import type { SchedulingProfile } from "../../../../core/contract/productivity.ts";
import {
  formatHourRange,
  formatMinutes,
  formatWeekdays,
} from "../../../../core/productivity/hours.ts";
import { ProgressBar } from "../../../components/progress-bar.tsx";
import { userLocale } from "../../../lib/user-locale.ts";
import { BUILD_ANIMATION_MS, useBuildAnimation } from "../hooks/use-build-animation.ts";
import type { ProfileOutcome } from "../profile-outcome.ts";

export const READING_ANSWERS = "Reading your answers...";
export const FINISHING_TOUCHES = "Adding the finishing touches to your profile...";

/**
 * What the profile decided, one line per step of the build (spec §9: the message changes at
 * 25, 50 and 75 percent). Written from the real profile, so the screen reports what was done
 * rather than a script; lines appear as the ritual reaches them.
 */
export function buildSteps(scheduling: SchedulingProfile, locale?: string): string[] {
  const peak = scheduling.energyWindows.filter((w) => w.level === "peak");
  const hours = scheduling.workingHours;
  return [
    peak.length > 0
      ? `Energy: your hardest work goes to ${peak.map((w) => formatHourRange(w.start, w.end, locale)).join(" and ")}`
      : "Energy: your hardest work goes to whichever hours feel sharpest that day",
    `Rhythm: ${formatMinutes(scheduling.focusBlockMinutes)} focus blocks, ${formatMinutes(scheduling.breakMinutes)} breaks`,
    `Strategies: ${scheduling.bufferMinutes}-minute buffers, at most ${formatMinutes(scheduling.dailyLoadCapMinutes)} of planned work a day${scheduling.firstStepMinutes ? `, a ${scheduling.firstStepMinutes}-minute first step for avoided tasks` : ""}`,
    `Calendar: ${formatWeekdays(scheduling.workingDays)}, ${formatHourRange(hours.start, hours.end, locale)}`,
  ];
}

/**
 * The building state. The profile itself comes back at once; the ritual keeps the spec's
 * 15 s minimum and uses it to show, step by step, what the profile decided. `onFinished`
 * fires once the ritual has run and the profile is there; past the end without one, a
 * 'finishing touches' notice shows.
 */
export function BuildingProfile({
  outcome,
  onFinished,
  durationMs = BUILD_ANIMATION_MS,
}: {
  outcome: ProfileOutcome | null;
  onFinished: () => void;
  durationMs?: number;
}) {
  const { progress, finished } = useBuildAnimation(durationMs);
  const reached = Math.min(3, Math.floor(progress * 4));
  const steps = outcome?.scheduling ? buildSteps(outcome.scheduling, userLocale()) : [];
  const shown = steps.slice(0, reached + 1);
  const message = !outcome
    ? finished
      ? FINISHING_TOUCHES
      : READING_ANSWERS
    : (shown.at(-1) ?? "Building your calendar intelligence profile...");

  useEffect(() => {
    if (finished && outcome) onFinished();
  }, [finished, outcome, onFinished]);

  return (
    <section className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-20 text-center">
      <div className="relative h-20 w-20" aria-hidden="true">
        <div className="absolute inset-0 rounded-full border-4 border-sage-100" />
        <div className="absolute inset-0 animate-spin rounded-full border-4 border-transparent border-t-sage-600 [animation-duration:1.6s]" />
      </div>
      <h1 className="mt-8 text-2xl font-bold text-stone-900">Building your profile</h1>
      <p className="mt-3 min-h-6 text-stone-700" role="status" aria-live="polite">
        {message}
      </p>
      <div className="mt-6 w-full max-w-sm">
        <ProgressBar
          value={Math.round(progress * 100)}
          label="Building your profile"
          valueText={`${Math.round(progress * 100)} percent`}
        />
      </div>
      {shown.length > 1 && (
        <ul
          aria-label="Done so far"
          className="mt-6 w-full max-w-sm text-left text-sm text-stone-700"
        >
          {shown.slice(0, -1).map((line) => (
            <li key={line} className="flex gap-2">
              <span aria-hidden="true" className="text-sage-700">
                ✓
              </span>
              {line}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
