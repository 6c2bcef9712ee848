import { useEffect, useRef } from "react";
import type { FitnessProgram, ProgramDay } from "../../../../core/contract/fitness.ts";
import { Button } from "../../../components/button.tsx";

/** The preview: overview, weekly structure, the first week, and the way to save it. */
export function ProgramPreview({
  program,
  usedFallback,
  saved,
  saving,
  error,
  onSave,
  onUpgrade,
}: {
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
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <p className="text-sm font-semibold uppercase tracking-wide text-sage-700">Free preview</p>
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
      <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-stone-900">Program overview</h2>
        <p className="mt-2 leading-relaxed text-stone-800">{program.overview}</p>
        <p className="mt-3 text-sm text-stone-700">
          <span className="font-semibold">Program length:</span> {program.programLength}
        </p>
      </div>
      <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-stone-900">Weekly structure</h2>
        <p className="mt-2 leading-relaxed text-stone-800">{program.weeklyStructure}</p>
      </div>
      <div className="mt-6">
        <h2 className="text-lg font-semibold text-stone-900">Week {week.week} preview</h2>
        <p className="mt-1 text-stone-700">{week.description}</p>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {week.days.map((day) => (
            <DayCard key={`${day.day}-${day.focus}`} day={day} />
          ))}
        </ul>
      </div>
      <div className="mt-8 rounded-2xl bg-sage-50 p-5 text-center sm:p-6">
        {saved ? (
          <>
            <p className="font-semibold text-stone-900">Saved to your account.</p>
            <Button className="mt-4" onClick={onUpgrade}>
              Upgrade to Full Program ($9.99/month)
            </Button>
          </>
        ) : (
          <>
            <p className="font-semibold text-stone-900">
              Save your program and get the full {program.programLength} plan.
            </p>
            {error && (
              <p role="alert" className="mt-3 rounded-xl bg-red-50 px-4 py-2 text-sm text-red-800">
                {error}
              </p>
            )}
            <Button className="mt-4" onClick={onSave} disabled={saving}>
              {saving ? "Saving your program…" : "Sign In & Get Full Program"}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}

function DayCard({ day }: { day: ProgramDay }) {
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
