import { useMutation, useQuery } from "@tanstack/react-query";
import type { ProgramRoutinesResponse } from "../../../../core/contract/routines.ts";
import { Button } from "../../../components/button.tsx";
import { Link } from "../../../lib/router.tsx";
import { addProgramToCalendar, getSavedProgram } from "../api/fitness-api.ts";
import { DayCard, ProgramOverview } from "./program-preview.tsx";

const DAY_WORDS = {
  MO: "Monday",
  TU: "Tuesday",
  WE: "Wednesday",
  TH: "Thursday",
  FR: "Friday",
  SA: "Saturday",
  SU: "Sunday",
} as const;

/** What "Add to my calendar" did, in words. */
function addedText(result: ProgramRoutinesResponse): string {
  if (result.added.length === 0) return "Your program is already in your calendar as routines.";
  const list = result.added
    .map((r) => `${r.title} (${r.days.map((d) => DAY_WORDS[d]).join(", ")})`)
    .join("; ");
  return `Added ${result.added.length === 1 ? "1 routine" : `${result.added.length} routines`}: ${list}. Their sessions are in your week.`;
}

/** The saved fitness program, reachable again, and the way to put it in the calendar. */
export function SavedProgram() {
  const saved = useQuery({ queryKey: ["fitness-program"], queryFn: getSavedProgram, retry: false });
  const add = useMutation({ mutationFn: addProgramToCalendar });

  if (saved.isPending)
    return (
      <p role="status" className="text-stone-700">
        Loading your program…
      </p>
    );
  if (saved.isError)
    return (
      <p role="alert" className="text-red-800">
        Your program couldn't be loaded. Please try again.
      </p>
    );
  const program = saved.data.program;
  if (!program)
    return (
      <div className="rounded-2xl border border-stone-200 bg-white p-5">
        <p className="text-stone-800">You haven't saved a fitness program yet.</p>
        <Link to="/fitness" className="mt-3 inline-block font-semibold text-sage-800 underline">
          Take the fitness assessment
        </Link>
      </div>
    );
  const week = program.firstWeekPreview;
  return (
    <div className="flex flex-col gap-6">
      <div className="rounded-2xl bg-sage-50 p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-stone-900">Put it in your calendar</h2>
        <p className="mt-1 text-sm text-stone-700">
          Each kind of session becomes a routine on its days. Sage finds each session a time between
          07:00 and 21:00 around your events — change the days, times or length under Routines in
          your calendar.
        </p>
        {add.data ? (
          <p role="status" className="mt-3 text-sm font-medium text-stone-900">
            {addedText(add.data)}{" "}
            <Link to="/calendar" className="font-semibold text-sage-800 underline">
              See your week
            </Link>
          </p>
        ) : null}
        {add.isError ? (
          <p role="alert" className="mt-3 text-sm text-red-800">
            {add.error instanceof Error
              ? add.error.message
              : "It couldn't be added. Please try again."}
          </p>
        ) : null}
        <Button className="mt-4" disabled={add.isPending} onClick={() => add.mutate()}>
          {add.isPending ? "Adding…" : "Add to my calendar"}
        </Button>
      </div>
      <ProgramOverview program={program} />
      <section>
        <h2 className="text-lg font-semibold text-stone-900">Week {week.week}</h2>
        <p className="mt-1 text-stone-700">{week.description}</p>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {week.days.map((day) => (
            <DayCard key={`${day.day}-${day.focus}`} day={day} />
          ))}
        </ul>
      </section>
    </div>
  );
}
