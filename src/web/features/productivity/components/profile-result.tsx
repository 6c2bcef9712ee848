import { useEffect, useRef } from "react";
import type { PeakTime, SchedulingProfile } from "../../../../core/contract/productivity.ts";
import { fitPeakIntoHours } from "../../../../core/plan-profile/fit-peak.ts";
import {
  formatHour,
  formatHourRange,
  formatMinutes,
  formatWeekdays,
} from "../../../../core/productivity/hours.ts";
import { ENERGY_WINDOWS } from "../../../../core/productivity/scheduling-profile.ts";
import type { SuggestedRoutine } from "../../../../core/productivity/suggest-routines.ts";
import { Button } from "../../../components/button.tsx";
import { userLocale } from "../../../lib/user-locale.ts";
import type { ProfileOutcome } from "../profile-outcome.ts";
import { SuggestedRoutines } from "./suggested-routines.tsx";

/** The result: summary, at most three next steps, and how Sage will plan. */
export function ProfileResult({
  outcome,
  signedIn,
  starting,
  error,
  onStart,
  onHome,
  suggestions = [],
  peakTime,
}: {
  outcome: ProfileOutcome;
  /** The peak the person chose, to say so when their working hours moved it. */
  peakTime?: PeakTime | undefined;
  /** Routines that fit the answers; offered once signed in (each added on its own click). */
  suggestions?: SuggestedRoutine[];
  signedIn: boolean;
  starting: boolean;
  error: string | null;
  onStart: () => void;
  onHome: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <p className="text-sm font-semibold uppercase tracking-wide text-sage-700">
        Calendar Intelligence
      </p>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-2 text-3xl font-bold text-stone-900 outline-none"
      >
        Your productivity profile
      </h1>
      {outcome.notice && (
        <p className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {outcome.notice}
        </p>
      )}
      <div className="mt-6 space-y-4 rounded-2xl border border-stone-200 bg-white p-5 text-stone-800 sm:p-6">
        <h2 className="text-lg font-semibold text-stone-900">Profile summary</h2>
        {outcome.summary.split(/\n{2,}/).map((paragraph) => (
          <p key={paragraph} className="leading-relaxed">
            {paragraph}
          </p>
        ))}
      </div>
      {outcome.scheduling && <PlanFacts scheduling={outcome.scheduling} peakTime={peakTime} />}
      {outcome.nextSteps.length > 0 && (
        <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-stone-900">Your next steps</h2>
          <ol className="mt-3 space-y-3">
            {outcome.nextSteps.slice(0, 3).map((step, i) => (
              <li key={step} className="flex gap-3 text-stone-800">
                <span
                  aria-hidden="true"
                  className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-sage-100 text-sm font-bold text-sage-800"
                >
                  {i + 1}
                </span>
                <span className="pt-0.5">{step}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
      {signedIn && suggestions.length > 0 && <SuggestedRoutines suggestions={suggestions} />}
      <p className="mt-6 text-sm text-stone-700">
        {outcome.saved
          ? "Saved to your account: your productivity assistant starts from this profile."
          : signedIn
            ? "Not saved yet: starting your journey saves it to your account."
            : "This is your free preview. Sign in to save it and let Sage plan your calendar."}
      </p>
      {error && (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button onClick={onStart} disabled={starting}>
          {starting ? "Saving your profile…" : "Start Your Productivity Journey"}
        </Button>
        <Button variant="secondary" onClick={onHome}>
          Back to Home
        </Button>
      </div>
    </section>
  );
}

/**
 * The peak the person chose, when their working hours cannot hold it (5–8 AM for a 9-to-5
 * day) and Sage plans hard work elsewhere in their day (decision 031): said, not silently
 * changed.
 */
function peakMoved(
  peakTime: PeakTime | undefined,
  scheduling: SchedulingProfile,
  locale: string | undefined,
) {
  if (!peakTime) return null;
  const moved = fitPeakIntoHours(ENERGY_WINDOWS[peakTime], scheduling.workingHours).moved;
  if (!moved) return null;
  const said = formatHourRange(moved.from.start, moved.from.end, locale);
  const hours = scheduling.workingHours;
  if (moved.from.end <= hours.start)
    return `You said ${said}, before your working hours — so Sage plans hard work at the start of your day instead.`;
  if (moved.from.start >= hours.end)
    return `You said ${said}, after your working hours — so Sage plans hard work at the end of your day instead.`;
  // only part of it lies outside: say which part, and what Sage keeps
  return `You said ${said}; your working hours ${moved.from.start < hours.start ? "start" : "end"} at ${formatHour(moved.from.start < hours.start ? hours.start : hours.end, locale)}, so Sage uses ${formatHourRange(moved.to.start, moved.to.end, locale)}.`;
}

function PlanFacts({
  scheduling,
  peakTime,
}: {
  scheduling: SchedulingProfile;
  peakTime?: PeakTime | undefined;
}) {
  const peak = scheduling.energyWindows.find((w) => w.level === "peak");
  const { workingHours } = scheduling;
  const locale = userLocale();
  const note = peak ? peakMoved(peakTime, scheduling, locale) : null;
  const facts: [string, string][] = [
    [
      "Peak energy",
      peak
        ? `${formatHourRange(peak.start, peak.end, locale)}${note ? `. ${note}` : ""}`
        : "Varies day to day",
    ],
    [
      "Working time",
      `${formatWeekdays(scheduling.workingDays)}, ${formatHour(workingHours.start, locale)} to ${formatHour(workingHours.end, locale)}`,
    ],
    [
      "Focus blocks",
      `${scheduling.focusBlockMinutes} minutes, then a ${scheduling.breakMinutes}-minute break`,
    ],
    ["Buffer between blocks", `${scheduling.bufferMinutes} minutes`],
    ["Planned work per day", `at most ${formatMinutes(scheduling.dailyLoadCapMinutes)}`],
  ];
  return (
    <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-stone-900">How Sage will plan your days</h2>
      <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-sm text-stone-600">{term}</dt>
            <dd className="font-medium text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-5 text-sm font-semibold text-stone-900">Strategies</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-stone-800">
        {scheduling.strategies.map((s) => (
          <li key={s.id}>{s.description}</li>
        ))}
      </ul>
    </div>
  );
}
