import { useEffect, useRef } from "react";
import type { FitnessProgram, ProgramDay, ProgramWeek } from "../../../../core/contract/fitness.ts";
import { formatPrice, planFor, requiredTierFor } from "../../../../core/plans.ts";
import { Button } from "../../../components/button.tsx";

/** The plan that includes the full program, named with its real price ('Starter, $5/month'). */
const FULL_PLAN = planFor(requiredTierFor("fullFitnessProgram"));
export const FULL_PROGRAM_UPGRADE = `Get the full program with ${FULL_PLAN.name} (${formatPrice(FULL_PLAN)})`;

/** The preview: overview, weekly structure, the first week, and the way to save it. */
export function ProgramPreview({
  program,
  usedFallback,
  saved,
  saving,
  error,
  signedIn,
  onSave,
  onUpgrade,
}: {
  /** A visitor signs in to save; a signed-in person just saves. */
  signedIn: boolean;
  program: FitnessProgram;
  usedFallback: boolean;
  /** Already saved: the call to action becomes the upgrade. */
  saved: boolean;
  saving: boolean;
  error: string | null;
  onSave: () => void;
  onUpgrade: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const week = program.firstWeekPreview;
  const full = program.fullProgram && program.fullProgram.length > 1 ? program.fullProgram : null;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <p className="text-sm font-semibold uppercase tracking-wide text-sage-700">
        {full ? `Full program · ${full.length} weeks` : "Free preview"}
      </p>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-2 text-3xl font-bold text-stone-900 outline-none"
      >
        Your fitness program
      </h1>
      {usedFallback && (
        <p className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
          We couldn't create your custom program this time, so this is our proven starter program.
        </p>
      )}
      <ProgramOverview program={program} className="mt-6" />
      <div className="mt-6">
        <h2 className="text-lg font-semibold text-stone-900">Week {week.week} preview</h2>
        <p className="mt-1 text-stone-700">{week.description}</p>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {week.days.map((day) => (
            <DayCard key={`${day.day}-${day.focus}`} day={day} />
          ))}
        </ul>
      </div>
      {full && (
        <div className="mt-8">
          <h2 className="text-lg font-semibold text-stone-900">Every week</h2>
          <p className="mt-1 text-stone-700">
            The whole progression, week by week. Open a week to see its sessions.
          </p>
          <div className="mt-4 flex flex-col gap-3">
            {full.slice(1).map((w) => (
              <WeekDetails key={w.week} week={w} />
            ))}
          </div>
        </div>
      )}
      <div className="mt-8 rounded-2xl bg-sage-50 p-5 text-center sm:p-6">
        {saved ? (
          <>
            <p className="font-semibold text-stone-900">Saved to your account.</p>
            {!full && (
              <>
                <p className="mt-2 text-sm text-stone-700">
                  The {FULL_PLAN.name} plan writes out all {program.programLength}, week by week.
                </p>
                <Button className="mt-4" onClick={onUpgrade}>
                  {FULL_PROGRAM_UPGRADE}
                </Button>
              </>
            )}
          </>
        ) : (
          <>
            <p className="font-semibold text-stone-900">
              {full
                ? "Save your program to your account."
                : `Save your first week; the ${FULL_PLAN.name} plan writes out all ${program.programLength}.`}
            </p>
            {error && (
              <p role="alert" className="mt-3 rounded-xl bg-red-50 px-4 py-2 text-sm text-red-800">
                {error}
              </p>
            )}
            <Button className="mt-4" onClick={onSave} disabled={saving}>
              {saving
                ? "Saving your program…"
                : signedIn
                  ? "Save Program"
                  : "Sign In & Save Program"}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}

/** The program's overview, length and weekly structure (the preview and the saved screen). */
export function ProgramOverview({
  program,
  className = "",
}: {
  program: FitnessProgram;
  className?: string;
}) {
  return (
    <div className={`flex flex-col gap-6 ${className}`}>
      <div className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-stone-900">Program overview</h2>
        <p className="mt-2 leading-relaxed text-stone-800">{program.overview}</p>
        <p className="mt-3 text-sm text-stone-700">
          <span className="font-semibold">Program length:</span> {program.programLength}
        </p>
      </div>
      <div className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-stone-900">Weekly structure</h2>
        <p className="mt-2 leading-relaxed text-stone-800">{program.weeklyStructure}</p>
      </div>
    </div>
  );
}

export function DayCard({ day }: { day: ProgramDay }) {
  return (
    <li className="rounded-2xl border border-stone-200 bg-white p-4">
      <h3 className="font-semibold text-stone-900">
        {day.day}: {day.focus}
      </h3>
      <p className="text-sm text-stone-600">{day.duration}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-stone-800">
        {day.exercises.map((exercise) => (
          <li key={exercise}>{exercise}</li>
        ))}
      </ul>
      {day.notes && <p className="mt-3 text-sm text-stone-700">{day.notes}</p>}
    </li>
  );
}

function WeekDetails({ week }: { week: ProgramWeek }) {
  return (
    <details className="rounded-2xl border border-stone-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold text-stone-900">
        Week {week.week}: <span className="font-normal text-stone-700">{week.description}</span>
      </summary>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {week.days.map((day) => (
          <DayCard key={`${day.day}-${day.focus}`} day={day} />
        ))}
      </ul>
    </details>
  );
}
