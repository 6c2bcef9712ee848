import { useState } from "react";
import type { SuggestedRoutine } from "../../../../core/productivity/suggest-routines.ts";
import { Button } from "../../../components/button.tsx";
import { call } from "../../../lib/client.ts";
import { Link } from "../../../lib/router.tsx";

type State = "idle" | "adding" | "added" | { error: string };

/**
 * Habits that fit the answers (issue 29), each added as a routine only on its own click;
 * Sage then finds its sessions a time every week.
 */
export function SuggestedRoutines({ suggestions }: { suggestions: SuggestedRoutine[] }) {
  const [states, setStates] = useState<Record<string, State>>({});
  const add = async (s: SuggestedRoutine) => {
    const key = s.routine.title;
    setStates((x) => ({ ...x, [key]: "adding" }));
    try {
      await call("createRoutine", { body: s.routine });
      setStates((x) => ({ ...x, [key]: "added" }));
    } catch (err) {
      setStates((x) => ({
        ...x,
        [key]: { error: err instanceof Error ? err.message : "It couldn't be added." },
      }));
    }
  };
  return (
    <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-stone-900">Routines that fit you</h2>
      <p className="mt-1 text-sm text-stone-700">
        Add any you like: Sage finds them a time every week and keeps it clear.
      </p>
      <ul className="mt-3 divide-y divide-stone-200">
        {suggestions.map((s) => {
          const state = states[s.routine.title] ?? "idle";
          const r = s.routine;
          return (
            <li key={r.title} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-stone-900">{r.title}</p>
                <p className="text-sm text-stone-700">
                  {r.timesPerWeek === 1 ? "Once a week" : `${r.timesPerWeek}× a week`}, {r.minutes}{" "}
                  min, {r.window.from}–{r.window.to}. {s.why}
                </p>
                {typeof state === "object" ? (
                  <p role="alert" className="mt-1 text-sm text-red-800">
                    {state.error}
                  </p>
                ) : null}
              </div>
              {state === "added" ? (
                <p role="status" className="text-sm font-medium text-sage-800">
                  Added ·{" "}
                  <Link to="/calendar" className="underline">
                    see your week
                  </Link>
                </p>
              ) : (
                <Button
                  variant="secondary"
                  disabled={state === "adding"}
                  onClick={() => void add(s)}
                  aria-label={`Add ${r.title}`}
                >
                  {state === "adding" ? "Adding…" : "Add"}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
