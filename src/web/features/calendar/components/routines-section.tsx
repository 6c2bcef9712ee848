import { useState } from "react";
import type { Routine } from "../../../../core/contract/routines.ts";
import { ROUTINE_DAYS } from "../../../../core/routines/routine-rules.ts";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useRoutineMutations, useRoutines } from "../api/use-routines.ts";
import { taskErrorMessage } from "../lib/task-messages.ts";
import { DAY_LABEL, RoutineDialog } from "./routine-dialog.tsx";

/** "Mon–Fri", "Tue, Thu", "Every day". */
function daysText(days: Routine["days"]): string {
  if (days.length === 7) return "every day";
  const idx = days.map((d) => ROUTINE_DAYS.indexOf(d)).sort((a, b) => a - b);
  const run = idx.every((d, i) => i === 0 || d === idx[i - 1]! + 1);
  if (run && idx.length >= 3)
    return `${DAY_LABEL[ROUTINE_DAYS[idx[0]!]!]}–${DAY_LABEL[ROUTINE_DAYS[idx.at(-1)!]!]}`;
  return idx.map((d) => DAY_LABEL[ROUTINE_DAYS[d]!]).join(", ");
}

/** "3× a week · 60 min · Mon–Fri, 06:00–09:00". */
export function routineSummary(r: Routine): string {
  const often = r.timesPerWeek === 7 ? "Daily" : `${r.timesPerWeek}× a week`;
  return `${often} · ${r.minutes} min · ${daysText(r.days)}, ${r.window.from}–${r.window.to}`;
}

/**
 * Routines in the Tasks & plan panel (issue 29): what the person keeps doing each week, with
 * add, edit and delete. Saving one places its sessions before the answer; `onChanged` syncs
 * the week so they show.
 */
export function RoutinesSection(props: { userId: string; online: boolean; onChanged: () => void }) {
  const { userId, online } = props;
  const routines = useRoutines(userId, online);
  const { create, update, remove } = useRoutineMutations(userId, props.onChanged);
  const [dialog, setDialog] = useState<{ open: boolean; routine: Routine | null }>({
    open: false,
    routine: null,
  });
  const [deleting, setDeleting] = useState<Routine | null>(null);
  const saving = create.isPending || update.isPending;
  const saveError = create.error ?? update.error;

  const open = (routine: Routine | null) => {
    create.reset();
    update.reset();
    setDialog({ open: true, routine });
  };
  const list = routines.data ?? [];

  return (
    <section aria-labelledby="routines-heading" className="mt-6 border-t border-stone-200 pt-5">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h3 id="routines-heading" className="font-semibold text-stone-900">
          Routines
        </h3>
        <Button variant="secondary" disabled={!online} onClick={() => open(null)}>
          Add routine
        </Button>
      </div>
      {!online ? (
        <p className="mt-2 text-sm text-stone-700">
          Routines need an internet connection; their sessions already in your week stay.
        </p>
      ) : routines.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          Couldn't load your routines: {taskErrorMessage(routines.error)}
        </p>
      ) : list.length === 0 && !routines.isPending ? (
        <p className="mt-2 text-sm text-stone-700">
          Things you do every week — gym three times, a daily walk, a weekly review. Sage finds them
          a time each week and keeps it clear.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200">
          {list.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-medium text-stone-900">{r.title}</p>
                <p className="text-sm text-stone-700">{routineSummary(r)}</p>
              </div>
              <div className="flex gap-1">
                <Button variant="secondary" onClick={() => open(r)} aria-label={`Edit ${r.title}`}>
                  Edit
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => setDeleting(r)}
                  aria-label={`Delete ${r.title}`}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {remove.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          Couldn't delete the routine: {taskErrorMessage(remove.error)}
        </p>
      ) : null}
      <RoutineDialog
        open={dialog.open}
        routine={dialog.routine}
        saving={saving}
        serverError={saveError ? taskErrorMessage(saveError) : null}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSave={(input) => {
          const done = { onSuccess: () => setDialog((d) => ({ ...d, open: false })) };
          if (dialog.routine) update.mutate({ routine: dialog.routine, input }, done);
          else create.mutate(input, done);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the routine “${deleting?.title ?? ""}”?`}
        description="Its sessions still to come leave your calendar; the ones you've had stay."
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
          setDeleting(null);
        }}
      />
    </section>
  );
}
